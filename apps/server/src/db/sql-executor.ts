/** Runs one SQL statement outside any request's transaction: how pg-boss and the embedded checkpoint reach the database. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
