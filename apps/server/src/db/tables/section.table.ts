import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable } from 'kysely';

export interface SectionIcon {
  initial_state: string;
  selected_state: string;
}

export interface SectionTable {
  id: Generated<string>;
  company_id: string;
  column: string;
  description: string;
  label: string;
  iframe_url: string | null;
  icon: JSONColumnType<SectionIcon | null, string | null, string | null>;
  position: Generated<number>;
  created_at: ColumnType<Date, never, never>;
}
export type SectionRow = Selectable<SectionTable>;
export type NewSection = Insertable<SectionTable>;
