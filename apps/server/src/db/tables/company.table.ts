import type { CompanyType, Industry } from '@parley/contracts';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface CompanyTable {
  id: Generated<string>;
  name: string;
  company_type: CompanyType;
  /** Null for a company that is not on trial (the API shows the text `None`). */
  company_expiration_date: Date | null;
  industry: Industry | null;
  two_factor_enabled: Generated<boolean>;
  /** How many days the audit log keeps entries (30 to 3650). */
  audit_retention_days: Generated<number>;
  created_at: ColumnType<Date, never, never>;
}
export type CompanyRow = Selectable<CompanyTable>;
export type NewCompany = Insertable<CompanyTable>;
