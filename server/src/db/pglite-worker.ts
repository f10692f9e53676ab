import { cpSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { openPglite } from './pglite-open.ts';
import type { ToWorker, WorkerSetup } from './pglite-protocol.ts';

/** The worker thread that holds the embedded database (pglite.ts starts it and talks to it). */

/** An error as plain fields, to cross to the other thread (PostgreSQL's code, detail, … included). */
function plain(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, unknown> = { message: err.message, name: err.name };
  for (const [k, v] of Object.entries(err)) if (['string', 'number'].includes(typeof v)) fields[k] = v;
  return fields;
}

const port = parentPort;
if (port) {
  const setup = workerData as WorkerSetup;
  openPglite(setup.dataDir, setup.loadDataDir ? { loadDataDir: new Blob([setup.loadDataDir]) } : {}).then(
    (pglite) => {
      port.on('message', async (m: ToWorker) => {
        try {
          if (m.op === 'query') {
            port.postMessage({ id: m.id, rows: (await pglite.query(m.sql, m.params)).rows });
          } else if (m.op === 'copy') {
            // Here, where no statement can run until it is done, and off the server's thread.
            await pglite.exec('CHECKPOINT');
            cpSync(setup.dataDir as string, m.target, { recursive: true, errorOnExist: true, force: false });
            port.postMessage({ id: m.id, rows: [] });
          } else {
            if (m.op === 'exec') await pglite.exec(m.sql);
            else await pglite.close();
            port.postMessage({ id: m.id, rows: [] });
          }
        } catch (err) {
          port.postMessage({ id: m.id, error: plain(err) });
        }
      });
      port.postMessage({ ready: true });
    },
    (err: unknown) => port.postMessage({ failed: plain(err) }),
  );
}
