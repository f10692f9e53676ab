/**
 * One small interface over PostgreSQL (pg Pool) and embedded PGlite. Only `*.sql.ts` modules and
 * the migration runner talk to it; every statement is parameterized.
 */
export interface Queryable {
  /**
   * One statement. `prepared`: PostgreSQL parses and plans it once per connection and reuses the
   * plan (pg.ts). Only for hot reads whose text is one of a few fixed ones: each text is kept on
   * every pooled connection.
   */
  query<R = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<R[]>;
  /** Runs a script of several statements without parameters (migrations only). */
  exec(sql: string): Promise<void>;
}

export interface QueryOptions {
  prepared?: boolean;
}

export interface Listening {
  /**
   * Tells every instance listening on the channel, on the listening connection itself (never a
   * pooled one: the pool's connections are the reads' and writes'). Dropped while it is reconnecting.
   */
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface HeldLock {
  /** Resolves when the lock's connection is lost: the lock is then free for others. */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /**
   * One statement that writes (a vote is one: community/vote.sql.ts), on the writes' connections
   * (their pool, their lock wait); an error the statement raises leaves the connection in use, where
   * the pool's own query would close it and open another.
   */
  write<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** Runs fn in one transaction on one connection; rolls back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs fn on one connection holding a session advisory lock, so concurrent processes take turns. */
  withAdvisoryLock<T>(key: number, fn: (conn: Queryable) => Promise<T>): Promise<T>;
  /**
   * Takes a session advisory lock on a connection of its own and keeps it until released or the
   * connection is lost (a process that dies loses it at once); undefined when another holds it.
   */
  holdAdvisoryLock(key: number): Promise<HeldLock | undefined>;
  /**
   * Calls `onNotice` for every NOTIFY on `channel`, from any instance, on a connection of its own
   * that is opened again when lost (and `onNotice` called then, without a payload: notices may have
   * been missed).
   * Embedded storage has one instance: nothing to hear.
   */
  listen(channel: string, onNotice: (payload: string | undefined) => void): Promise<Listening>;
  /** Statements waiting for a connection now (the pool's queue; embedded: behind the one running). */
  waitingForConnection(): number;
  /** Resolves when the database answers within timeoutMs, rejects otherwise. */
  ping(timeoutMs: number): Promise<void>;
  /**
   * Embedded storage on disk only: copies its folder into `target` (which must not exist) as a
   * consistent whole: checkpointed first, with no statement running until the copy is made.
   */
  copyFolder?(target: string): Promise<void>;
  close(): Promise<void>;
}
