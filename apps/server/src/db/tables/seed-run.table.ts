import type { ColumnType } from 'kysely';

export interface SeedRunTable {
  name: string;
  ran_at: ColumnType<Date, never, never>;
}
