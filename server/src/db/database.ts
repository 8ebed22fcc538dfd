/**
 * The one door to SQL. Two engines run the same statements: PostgreSQL through `pg` (when
 * DATABASE_URL is set) and the embedded PGlite (a data folder on disk, or memory in tests).
 */
export interface Database {
  readonly engine: 'postgres' | 'pglite';
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}
