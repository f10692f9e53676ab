import pg from 'pg';

/** What a LISTEN connection needs of the database's options (db/pg.ts). */
interface ListenOptions {
  connectionString: string;
  connectionTimeoutMillis?: number;
  onError?: (err: Error) => void;
}

/** How long a lost LISTEN connection waits before it is opened again. */
const RELISTEN_MS = 1000;

/** A LISTEN on a connection outside the pool, opened again whenever it is lost. */
export async function listener(
  opts: ListenOptions,
  channel: string,
  onNotice: (payload: string | undefined) => void,
) {
  let conn: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const open = async (again: boolean) => {
    const fresh = new pg.Client({
      connectionString: opts.connectionString,
      connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 1500,
      application_name: 'hatari listen',
      keepAlive: true,
    });
    const lost = () => {
      if (conn !== fresh) return;
      conn = undefined;
      if (!closed) timer = setTimeout(() => void open(true), RELISTEN_MS);
    };
    fresh.on('notification', (n) => n.channel === channel && onNotice(n.payload));
    fresh.on('error', (err) => {
      opts.onError?.(err);
      lost();
    });
    fresh.on('end', lost);
    conn = fresh;
    try {
      await fresh.connect();
      await fresh.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      // Whatever was announced while this instance was not listening is unknown: assume a change.
      if (again) onNotice(undefined);
    } catch (err) {
      opts.onError?.(err as Error);
      await fresh.end().catch(() => undefined);
      lost();
    }
  };
  await open(false);
  return {
    notify: async (payload: string) => {
      await conn?.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await conn?.end().catch(() => undefined);
    },
  };
}
