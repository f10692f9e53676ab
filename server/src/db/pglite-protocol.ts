/** The messages between the embedded database's worker thread (pglite-worker.ts) and pglite.ts. */
export interface WorkerSetup {
  dataDir: string | undefined;
  /** A dumped data directory to start from (the tests' migrated template). */
  loadDataDir: ArrayBuffer | undefined;
}
export type Request =
  | { op: 'query' | 'exec' | 'close'; sql: string; params?: unknown[] }
  /** Copies the data directory into `target` after a checkpoint (Db.copyFolder). */
  | { op: 'copy'; target: string };
export type ToWorker = Request & { id: number };
export type FromWorker =
  | { ready: true }
  | { failed: Record<string, unknown> }
  | { id: number; rows: unknown[] }
  | { id: number; error: Record<string, unknown> };
