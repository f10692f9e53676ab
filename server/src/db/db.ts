/**
 * One small interface over PostgreSQL (pg Pool) and embedded PGlite. Only `*.sql.ts` modules and
 * the migration runner talk to it; every statement is parameterized.
 */
export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** Runs a script of several statements without parameters (migrations only). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs fn in one transaction on one connection; rolls back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs fn on one connection holding a session advisory lock, so concurrent processes take turns. */
  withAdvisoryLock<T>(key: number, fn: (conn: Queryable) => Promise<T>): Promise<T>;
  /** Resolves when the database answers within timeoutMs, rejects otherwise. */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}
