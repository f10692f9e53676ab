import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable, QueryOptions } from './db.ts';
import { healthProbe } from './pg-health.ts';
import { listener } from './pg-listen.ts';

// Dates stay 'YYYY-MM-DD' strings: parsing them into JS Dates would shift them by the time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/**
 * At most this many texts are prepared by one pool. A named statement stays on every connection that
 * ran it (node-postgres remembers which it prepared), so texts built without end would grow every
 * connection's memory in the database; past the cap, statements are planned each time again.
 */
const MAX_PREPARED = 64;

/**
 * The names prepared statements run under, by text: a hash of the text, so one name never stands for
 * two texts. PostgreSQL then parses and plans each once per connection: for a spot by its id, most
 * of the statement's time in the database was planning it against the spots' many indexes
 * (bench/NOTES.md).
 */
function preparedNames(): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `hatari_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
      names.set(sql, name);
    }
    return name;
  };
}

function wrap(client: pg.Pool | pg.PoolClient, preparedName: (sql: string) => string | undefined): Queryable {
  return {
    async query<R>(sql: string, params?: readonly unknown[], options?: QueryOptions) {
      const values = params as unknown[] | undefined;
      const name = options?.prepared ? preparedName(sql) : undefined;
      const res = await (name ? client.query({ name, text: sql, values }) : client.query(sql, values));
      return res.rows as R[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/**
 * Bounds on every pooled connection's waits. No statement of ours takes a second at a million
 * spots (docs/BENCHMARKS.md); one that runs 15 s is stuck, and is cancelled rather than holding its
 * connection. A row or table another holds (a moderator's long transaction, `VACUUM FULL`, a
 * migration's `ALTER TABLE`) is waited for a few seconds, then the statement fails with
 * lock_not_available, which the app answers 503 with Retry-After (http/outage.ts). Migrations lift
 * both for themselves.
 *
 * Reads wait 2 s for a lock (only a table another holds whole stops them). Writes wait 5 s, as long
 * as for their connection: the holder of the row a write needs is most often another honest write
 * (another instance's vote on the same spot, a report counted in the same coarse cell's slot,
 * migration 0026), and on a saturated machine such a transaction took over 2 s.
 */
export const STATEMENT_TIMEOUT_MS = 15_000;
export const LOCK_TIMEOUT_MS = { reads: 2000, writes: 5000 } as const;

/**
 * The pool's shares: reads (`query`) and writes (`transaction`, advisory locks) draw from pools of
 * their own, so writes stuck on a locked row or a full disk never take the connections reads need,
 * and a flood of reads never keeps a write from its connection. Writes have as many as reads: on a
 * saturated machine a write transaction holds its connection across round trips that each wait for
 * the event loop.
 *
 * Measured with the soak (200 phones, 120 s) on a machine kept 3 times oversubscribed (4 busy loops
 * on 2 cores): 4 write connections and a 2 s lock wait refused 18 and 24 writes (503 for want of a
 * connection, a spot's row or its turn); 8 connections, 5 (lock waits); 8 and 5 s, none. With 6 busy
 * loops: 223 before, 3 after (spots' turns waited out).
 */
const POOL_SHARES = { reads: 8, writes: 8 } as const;

/**
 * How long a request waits for a pooled connection unless told otherwise: a read 1.5 s (a flood of
 * reads is shed, not queued), a write 5 s (an honest crowd's reports and votes take turns; on a
 * saturated machine a write's turn came after 1.5 s in the soak, and a database that is gone
 * refuses connections at once or is found by the health check's own connection).
 */
const CONNECTION_WAITS_MS = { reads: 1500, writes: 5000 } as const;

export interface PgOptions {
  connectionString: string;
  /** Connections of each share (POOL_SHARES unless given). */
  shares?: { reads: number; writes: number };
  /** How long a request may wait for a connection before failing (CONNECTION_WAITS_MS unless given). */
  connectionTimeoutMillis?: number;
  onError?: (err: Error) => void;
}

/**
 * Runs `fn` on one checked-out connection. `cleanUp` ends what `fn` began (ROLLBACK, unlock) when
 * it throws; the connection goes back to the pool unless it was lost or the clean-up failed. An
 * error of the caller's own (a 409 thrown mid-transaction) leaves a healthy connection to reuse.
 */
async function onConnection<T>(
  pool: pg.Pool,
  onError: PgOptions['onError'],
  fn: (c: pg.PoolClient) => Promise<T>,
  cleanUp: (c: pg.PoolClient) => Promise<unknown>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // The pool listens for errors of idle clients only. A checked-out client whose connection drops
  // between two statements (a database restart mid-transaction) emits 'error' with nobody
  // listening, and an unhandled 'error' event ends the process.
  const onLost = (err: Error) => {
    broken = err;
    onError?.(err);
  };
  client.on('error', onLost);
  try {
    return await fn(client);
  } catch (err) {
    if (!broken) await cleanUp(client).catch((cleanUpErr: Error) => (broken = cleanUpErr));
    throw err;
  } finally {
    client.off('error', onLost);
    client.release(broken);
  }
}

export function createPgDb(opts: PgOptions): Db {
  const shares = opts.shares ?? POOL_SHARES;
  const newPool = (share: keyof typeof POOL_SHARES) => {
    const created = new pg.Pool({
      connectionString: opts.connectionString,
      max: shares[share],
      connectionTimeoutMillis: opts.connectionTimeoutMillis ?? CONNECTION_WAITS_MS[share],
      idleTimeoutMillis: 30_000,
      application_name: `hatari ${share}`,
      // No query of ours runs long enough to gain from JIT compilation, and its cost estimates
      // trigger it anyway: for a 20 km route at 1M spots, JIT took 94 ms of the query's 135 ms.
      options: `-c jit=off -c statement_timeout=${STATEMENT_TIMEOUT_MS} -c lock_timeout=${LOCK_TIMEOUT_MS[share]}`,
    });
    // An idle client losing its connection (database restart) must not crash the process;
    // the pool replaces it on the next checkout.
    created.on('error', (err) => opts.onError?.(err));
    return created;
  };
  const readPool = newPool('reads');
  const pool = newPool('writes');
  const preparedName = preparedNames();
  const base = wrap(readPool, preparedName);
  const health = healthProbe(opts);

  const onClient = <T>(
    fn: (c: pg.PoolClient) => Promise<T>,
    cleanUp: (c: pg.PoolClient) => Promise<unknown>,
  ) => onConnection(pool, opts.onError, fn, cleanUp);

  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    write: (sql, params) =>
      onClient(
        async (client) => (await client.query(sql, params as unknown[] | undefined)).rows,
        async () => undefined,
      ),
    transaction: (fn) =>
      onClient(
        async (client) => {
          await client.query('BEGIN');
          const result = await fn(wrap(client, preparedName));
          await client.query('COMMIT');
          return result;
        },
        (client) => client.query('ROLLBACK'),
      ),
    withAdvisoryLock: (key, fn) => {
      const unlock = (client: pg.PoolClient) => client.query('SELECT pg_advisory_unlock($1)', [key]);
      return onClient(async (client) => {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        const result = await fn(wrap(client, preparedName));
        await unlock(client);
        return result;
      }, unlock);
    },
    holdAdvisoryLock: async (key) => {
      const conn = new pg.Client({
        connectionString: opts.connectionString,
        connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 1500,
        application_name: 'hatari worker lock',
        keepAlive: true,
      });
      const lost = new Promise<void>((resolve) => {
        conn.once('end', () => resolve());
        conn.on('error', (err) => {
          opts.onError?.(err);
          resolve();
        });
      });
      try {
        await conn.connect();
        const [row] = (await conn.query('SELECT pg_try_advisory_lock($1) AS got', [key])).rows;
        if (row?.got) return { lost, release: () => conn.end().catch(() => undefined) };
      } catch (err) {
        opts.onError?.(err as Error);
      }
      await conn.end().catch(() => undefined);
      return undefined;
    },
    listen: (channel, onNotice) => listener(opts, channel, onNotice),
    waitingForConnection: () => readPool.waitingCount + pool.waitingCount,
    ping: health.ping,
    close: async () => {
      await Promise.all([readPool.end(), pool.end(), health.close()]);
    },
  };
}
