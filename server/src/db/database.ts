/**
 * The one door to SQL. Two engines run the same statements: PostgreSQL through `pg` (when
 * DATABASE_URL is set) and the embedded PGlite (a data folder on disk, or memory in tests).
 * A failure of the database itself (not of a statement) is thrown as DatabaseUnavailableError.
 */
export interface Database {
  readonly engine: 'postgres' | 'pglite';
  query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Row[]>;
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The connection pool's use (PostgreSQL only), for the metrics. */
  stats?(): PoolStats;
}

export interface QueryOptions {
  /**
   * A statement run on every page view: prepared under this name once per connection (PostgreSQL),
   * so the database parses and plans it once, not at each run. One name, one SQL text.
   */
  prepareAs?: string;
}

export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface PoolStats {
  /** Open connections. */
  total: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
  max: number;
  /** Connections handed out so far, and the seconds spent waiting for them. */
  acquired: number;
  waitSeconds: number;
  /** Connections the database ended or that broke (a restart, a failover, terminated) since start. */
  lost: number;
}
