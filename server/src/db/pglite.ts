import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { withTimeout } from '../util/timeout.ts';
import { claimDataDir } from './data-dir-claim.ts';
import type { Db, Queryable } from './db.ts';
import type { FromWorker, Request, ToWorker, WorkerSetup } from './pglite-protocol.ts';
import { fillFromTemplate } from './pglite-template.ts';

/**
 * Embedded PostgreSQL (WASM) with PostGIS and pg_trgm, run in a worker thread. `dataDir` undefined
 * keeps it in memory; only one process may open a data directory.
 *
 * PGlite runs each statement to its end on the thread that holds it: on the server's own thread a
 * long statement (scoring a 20 km route over a city's spots) held every other request, the health
 * check's included, for its whole length. In a worker the server's thread stays free to answer
 * while statements run.
 */
export async function createPgliteDb(
  dataDir: string | undefined,
  opts: { loadDataDir?: Blob } = {},
): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Never two processes on one folder: the second refuses at once, saying what to do.
  const release = dataDir ? claimDataDir(dataDir) : () => {};
  try {
    if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await fillFromTemplate(dataDir);
    const setup: WorkerSetup = {
      dataDir,
      loadDataDir: opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined,
    };
    const db = serialDb(await startWorker(setup));
    const close = db.close.bind(db);
    return Object.assign(db, { close: () => close().finally(release) });
  } catch (err) {
    release();
    throw err;
  }
}

/** A PGlite opened on this thread, as a Db. */
export function pgliteDb(pglite: PGlite): Db {
  return serialDb({
    query: async (sql, params) => (await pglite.query<never>(sql, params as unknown[] | undefined)).rows,
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    close: () => pglite.close(),
    broken: () => (pglite.closed ? new Error('the embedded database is closed') : undefined),
  });
}

/** One connection to an embedded database: statements run one at a time, in the order sent. */
interface Connection extends Queryable {
  close(): Promise<void>;
  /** Why the connection can no longer be used, if it cannot. */
  broken(): Error | undefined;
  /** On disk: copies the data directory, checkpointed (Db.copyFolder). */
  copyFolder?(target: string): Promise<void>;
}

/** How long the embedded database may go without finishing a statement, with some waiting, and be healthy. */
const STALLED_AFTER_MS = 5000;

/**
 * Statements (and whole transactions) take turns on the one connection. The health check reads the
 * queue's state rather than joining it: with nothing waiting it asks the database, and while
 * statements wait it is healthy as long as they keep finishing.
 */
function serialDb(conn: Connection): Db {
  let waiting = 0;
  let lastFinished = performance.now();
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    waiting++;
    const turn = tail.then(work);
    tail = turn.catch(() => undefined);
    return turn.finally(() => {
      waiting--;
      lastFinished = performance.now();
    });
  };
  const tracked: Queryable = {
    query: (sql, params) => inTurn(() => conn.query(sql, params)),
    exec: (sql) => inTurn(() => conn.exec(sql)),
  };
  // Inside its turn a transaction's statements go straight to the connection.
  const direct: Queryable = {
    query: (sql, params) => conn.query(sql, params),
    exec: (sql) => conn.exec(sql),
  };
  return {
    kind: 'pglite',
    ...tracked,
    write: tracked.query,
    transaction: (fn) =>
      inTurn(async () => {
        await conn.exec('BEGIN');
        try {
          const result = await fn(direct);
          await conn.exec('COMMIT');
          return result;
        } catch (err) {
          await conn.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }),
    withAdvisoryLock: (_key, fn) => fn(tracked),
    // One process owns an embedded data folder (data-dir-claim.ts): its lock is never contested.
    holdAdvisoryLock: async () => ({ lost: new Promise<void>(() => {}), release: async () => {} }),
    listen: async () => ({ notify: async () => {}, close: async () => {} }),
    waitingForConnection: () => Math.max(0, waiting - 1),
    ping: async (timeoutMs) => {
      const broken = conn.broken();
      if (broken) throw broken;
      if (waiting === 0) {
        await withTimeout(tracked.query('SELECT 1'), timeoutMs, 'the database');
        return;
      }
      const idleMs = performance.now() - lastFinished;
      if (idleMs > STALLED_AFTER_MS) {
        throw new Error(`the embedded database has not finished a statement for ${Math.round(idleMs)} ms`);
      }
    },
    // Copied between statements after a checkpoint, the files hold every commit in their data
    // files. The copy holds the queue: measured in docs/BENCHMARKS.md ("Embedded backups").
    ...(conn.copyFolder && { copyFolder: (target: string) => inTurn(async () => conn.copyFolder?.(target)) }),
    close: () => conn.close(),
  };
}

/** The worker's module, beside this one: TypeScript in the sources, JavaScript in the built server. */
const WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js',
  import.meta.url,
);

/** Starts the worker that holds the database; resolves once it is open. */
async function startWorker(setup: WorkerSetup): Promise<Connection> {
  const worker = new Worker(WORKER, {
    workerData: setup,
    // None of the parent's Node options (a test runner's, the heap limit) apply to the worker: its
    // heap is bounded here (V8's own flags, --liftoff-only and --optimize-for-size, hold for every
    // thread). Left to V8, its young generation grew to 180 MB under the soak's mix (of 45–90 MB in
    // use) and the process to 770 MB; with these limits and the server's own (processes.ts), 332 MB
    // at the same rate (npm run bench:embedded, docs/operations.md).
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 4 },
  });
  const pending = new Map<number, { resolve: (rows: never[]) => void; reject: (err: Error) => void }>();
  let nextId = 0;
  let broken: Error | undefined;
  let closing = false;
  const fail = (err: Error) => {
    broken ??= err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: FromWorker) => {
      if ('ready' in m) return resolve();
      if ('failed' in m) return reject(revive(m.failed));
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (pending.size === 0) worker.unref();
      if ('error' in m) p.reject(revive(m.error));
      else p.resolve(m.rows as never[]);
    });
    worker.on('error', (err) => {
      fail(err);
      reject(err);
    });
    worker.on('exit', (code) => {
      const err = new Error(`the embedded database stopped (exit code ${code})`);
      if (!closing) fail(err);
      reject(err);
    });
  });
  await ready;
  worker.unref();
  const send = (message: Request) =>
    new Promise<never[]>((resolve, reject) => {
      if (broken) return reject(broken);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      // The worker keeps the process alive only while it has work: an idle database left open (a
      // test that never closes it) does not hold the process at its end.
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...message, id } satisfies ToWorker);
    });
  return {
    query: (sql, params) => send({ op: 'query', sql, params: params as unknown[] | undefined }),
    exec: async (sql) => {
      await send({ op: 'exec', sql });
    },
    ...(setup.dataDir && {
      copyFolder: async (target: string) => {
        await send({ op: 'copy', target });
      },
    }),
    close: async () => {
      if (broken) return;
      closing = true;
      await send({ op: 'close', sql: '' });
      broken = new Error('the embedded database is closed');
      await worker.terminate();
    },
    broken: () => broken,
  };
}

/** An error from the worker, with PostgreSQL's fields (code, detail…) as they were. */
function revive(e: Record<string, unknown>): Error {
  return Object.assign(new Error(String(e.message)), e);
}
