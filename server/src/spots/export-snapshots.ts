import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db.ts';
import { EXPORT_WRITERS, type ExportFormat } from './export.ts';

/** How old a snapshot may be before a download starts a fresh one (it is served meanwhile). */
const SNAPSHOT_MAX_AGE_MS = 5 * 60_000;
/** After a write a snapshot is rebuilt sooner, but never more than once a minute per format. */
export const SNAPSHOT_MIN_INTERVAL_MS = 60_000;

export interface Snapshot {
  /** The file as written, and gzip-compressed beside it. */
  file: string;
  gzFile: string;
  size: number;
  gzSize: number;
  /** Strong validator of the uncompressed file (the gzip file's is derived from it). */
  etag: string;
  madeAt: Date;
}

/**
 * The whole-country open data as files on disk, written in the background and sent to every
 * download: a download costs a file read, not a walk over every spot. A snapshot older than
 * SNAPSHOT_MAX_AGE_MS, or older than a write through this instance, is still sent while the next
 * one is written; one is written per format at a time and at most once a minute, whatever the
 * downloads and writes.
 */
export class ExportSnapshots {
  private dir?: string;
  private readonly current = new Map<ExportFormat, Snapshot>();
  private readonly building = new Map<ExportFormat, Promise<Snapshot>>();
  private readonly startedAt = new Map<ExportFormat, number>();
  private generation = 0;
  private changedAt = 0;
  private closed = false;

  private readonly db: Queryable;
  private readonly log: FastifyBaseLogger;
  private readonly now: () => number;

  constructor(db: Queryable, log: FastifyBaseLogger, now = () => Date.now()) {
    this.db = db;
    this.log = log;
    this.now = now;
  }

  /** The freshest snapshot; the first download of a format waits for it to be written. */
  async get(format: ExportFormat): Promise<Snapshot> {
    const have = this.current.get(format);
    if (!have) return this.build(format);
    const made = have.madeAt.getTime();
    const stale = this.now() - made > SNAPSHOT_MAX_AGE_MS || made <= this.changedAt;
    const rested = this.now() - (this.startedAt.get(format) ?? 0) >= SNAPSHOT_MIN_INTERVAL_MS;
    if (stale && rested) {
      this.build(format).catch((err) => this.log.warn({ err, format }, 'open data snapshot failed'));
    }
    return have;
  }

  /** Public data changed through this instance: the next download after a minute rebuilds. */
  markChanged(): void {
    this.changedAt = this.now();
  }

  private build(format: ExportFormat): Promise<Snapshot> {
    const running = this.building.get(format);
    if (running) return running;
    this.startedAt.set(format, this.now());
    const made = this.write(format).finally(() => this.building.delete(format));
    this.building.set(format, made);
    return made;
  }

  private async write(format: ExportFormat): Promise<Snapshot> {
    const n = ++this.generation;
    this.dir ??= mkdtempSync(path.join(tmpdir(), 'hatari-exports-'));
    const file = path.join(this.dir, `${format}-${n}`);
    const gzFile = `${file}.gz`;
    const madeAt = new Date(this.now());
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer | string, _enc, done) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        size += bytes.length;
        done(null, bytes);
      },
    });
    try {
      await pipeline(EXPORT_WRITERS[format](this.db, {}), tap, createWriteStream(`${file}.part`));
      // Compressed once here (zlib works off the event loop), never per download.
      await pipeline(
        createReadStream(`${file}.part`),
        createGzip({ level: 6 }),
        createWriteStream(`${gzFile}.part`),
      );
      renameSync(`${file}.part`, file);
      renameSync(`${gzFile}.part`, gzFile);
    } catch (err) {
      for (const f of [`${file}.part`, `${gzFile}.part`]) rmSync(f, { force: true });
      throw err;
    }
    const snapshot: Snapshot = {
      file,
      gzFile,
      size,
      gzSize: statSync(gzFile).size,
      etag: `"${hash.digest('base64url').slice(0, 27)}"`,
      madeAt,
    };
    if (this.closed) {
      rmSync(file, { force: true });
      rmSync(gzFile, { force: true });
      return snapshot;
    }
    const old = this.current.get(format);
    this.current.set(format, snapshot);
    // A download still reading the old files keeps them open; unlinking them is safe on POSIX.
    if (old) for (const f of [old.file, old.gzFile]) rmSync(f, { force: true });
    return snapshot;
  }

  /** Forgets the snapshots (tests: a write is visible at the next download). */
  invalidate(): void {
    for (const old of this.current.values())
      for (const f of [old.file, old.gzFile]) rmSync(f, { force: true });
    this.current.clear();
  }

  close(): void {
    this.closed = true;
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
