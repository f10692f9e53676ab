import pg from 'pg';
import { withTimeout } from '../util/timeout.ts';

/** What the health check's connection needs of the database's options (db/pg.ts). */
interface HealthOptions {
  connectionString: string;
  onError?: (err: Error) => void;
}

/**
 * The health check's own connection, outside the pool: however many public reads wait for a pooled
 * connection, the check never queues behind them, so it answers 503 only when the database itself
 * does not answer. One probe at a time: checks arriving while one runs share its answer. A
 * connection that failed or timed out is dropped and opened afresh by the next check.
 */
export function healthProbe(opts: HealthOptions) {
  let connection: pg.Client | undefined;
  let running: Promise<void> | undefined;

  async function open(timeoutMs: number): Promise<pg.Client> {
    const fresh = new pg.Client({
      connectionString: opts.connectionString,
      connectionTimeoutMillis: timeoutMs,
      application_name: 'hatari health',
      options: `-c statement_timeout=${timeoutMs}`,
    });
    fresh.on('error', (err) => {
      opts.onError?.(err);
      if (connection === fresh) connection = undefined;
    });
    connection = fresh;
    await withTimeout(fresh.connect(), timeoutMs, 'the database');
    return fresh;
  }

  async function probe(timeoutMs: number): Promise<void> {
    const started = performance.now();
    try {
      const conn = connection ?? (await open(timeoutMs));
      const left = Math.max(1, timeoutMs - (performance.now() - started));
      await withTimeout(conn.query('SELECT 1'), left, 'the database');
    } catch (err) {
      connection?.end().catch(() => undefined);
      connection = undefined;
      throw err;
    }
  }

  const ping = (timeoutMs: number): Promise<void> => {
    running ??= probe(timeoutMs).finally(() => {
      running = undefined;
    });
    return running;
  };
  const close = async () => {
    await connection?.end().catch(() => undefined);
    connection = undefined;
  };
  return { ping, close };
}
