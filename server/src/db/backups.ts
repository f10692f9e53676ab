import {
  closeSync,
  createWriteStream,
  type Dirent,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { rm, statfs } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { localHour, region, withinHours } from '../../../common/region.ts';
import type { Config } from '../config.ts';
import type { Clock } from '../util/clock.ts';
import type { Db } from './db.ts';
import { unpackInto } from './pglite-template.ts';

/**
 * Backups of embedded storage (docs/operations.md, "Backups"): once a day the database's folder is
 * copied whole and consistent (Db.copyFolder) and packed into DATA_DIR/backups as
 * `hatari-<UTC time>.tar.gz`; `npm run admin -- restore` brings one back. PostgreSQL is backed up
 * with its own tools.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const NAME = /^hatari-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

export interface Backup {
  name: string;
  file: string;
  takenAt: Date;
  bytes: number;
}

export const backupsFolder = (dataDir: string) => path.join(dataDir, 'backups');
/** The embedded database's own folder inside DATA_DIR. */
export const databaseFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/** The backups in DATA_DIR, newest first (files of other names are left alone). */
export function listBackups(dataDir: string): Backup[] {
  const dir = backupsFolder(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const m = NAME.exec(name);
      if (!m) return [];
      const file = path.join(dir, name);
      return [
        { name, file, takenAt: new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`), bytes: statSync(file).size },
      ];
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Syncs a file or folder's entries to the disk. */
function syncPath(p: string) {
  const fd = openSync(p, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Syncs every file and folder under `dir` (and `dir`) to the disk. */
function syncTree(dir: string) {
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[]) {
    syncPath(path.join(e.parentPath, e.name));
  }
  syncPath(dir);
}

/** The bytes of a folder's files, all the way down. */
export function folderBytes(dir: string): number {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + statSync(path.join(e.parentPath, e.name)).size, 0);
}

/**
 * Takes a backup now: the folder copied (the database's turn held only for the copy), then packed
 * and compressed beside the others, synced, and given its name only when whole.
 */
export async function takeBackup(db: Db, dataDir: string, at: Date): Promise<Backup> {
  if (!db.copyFolder) throw new Error('only embedded storage on disk is backed up by Hatari');
  const dir = backupsFolder(dataDir);
  mkdirSync(dir, { recursive: true });
  const name = `hatari-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;
  const staging = path.join(dir, '.copy');
  const partial = path.join(dir, `.${name}.partial`);
  // What a backup that died half-way left behind goes first (its copy, its unfinished file).
  await Promise.all(
    readdirSync(dir)
      .filter((f) => f === '.copy' || (f.startsWith('.hatari-') && f.endsWith('.partial')))
      .map((f) => rm(path.join(dir, f), { recursive: true, force: true })),
  );
  try {
    await db.copyFolder(staging);
    const { pack } = await import('tar-fs');
    await pipeline(pack(staging), createGzip(), createWriteStream(partial));
    syncPath(partial);
    renameSync(partial, path.join(dir, name));
    syncPath(dir);
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
  return listBackups(dataDir).find((b) => b.name === name) as Backup;
}

/**
 * Removes backups `days` old or older and then, oldest first, those past `maxBytes` altogether; the
 * newest is always kept. The names removed.
 */
export function pruneBackups(dataDir: string, now: Date, rules: Config['backups']): string[] {
  const [newest, ...older] = listBackups(dataDir);
  if (!newest) return [];
  let total = newest.bytes;
  const removed: string[] = [];
  for (const b of older) {
    if (now.getTime() - b.takenAt.getTime() >= rules.days * DAY_MS || total + b.bytes > rules.maxBytes) {
      rmSync(b.file, { force: true });
      removed.push(b.name);
    } else total += b.bytes;
  }
  return removed;
}

/**
 * Whether a daily backup is due at `now`, the newest taken at `newest`: when it is a day old or there
 * is none, in the region's quiet hours (22:00 to 06:00 in Kampala), when the map is least used; one
 * two days old or more is replaced whatever the hour (a server that sleeps at night).
 */
export function backupDue(now: Date, newest: Date | undefined): boolean {
  const age = newest ? now.getTime() - newest.getTime() : Number.POSITIVE_INFINITY;
  if (age < DAY_MS) return false;
  return withinHours(localHour(now), region().quietHours) || (newest !== undefined && age >= 2 * DAY_MS);
}

/** How often the server looks whether a backup is due; the first look is a minute after start. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
const FIRST_CHECK_MS = 60 * 1000;

/**
 * The daily backup of the running server's embedded storage: due when the newest is a day old (by
 * the app's clock) or there is none, taken in the region's quiet hours (or at once where the newest
 * is two days old), and skipped, with a warning, where the disk has not room for two more copies of
 * the database.
 */
export class DailyBackups {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private running: Promise<unknown> = Promise.resolve();
  private readonly db: Db;
  private readonly dataDir: string;
  private readonly rules: Config['backups'];
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, dataDir: string, rules: Config['backups'], clock: Clock, log: FastifyBaseLogger) {
    this.db = db;
    this.dataDir = dataDir;
    this.rules = rules;
    this.clock = clock;
    this.log = log;
  }

  start(): void {
    const check = (ms: number) => {
      if (this.closed) return;
      this.timer = setTimeout(() => {
        this.running = this.runIfDue().catch((err: unknown) =>
          this.log.error({ err }, 'the daily backup failed'),
        );
        void this.running.then(() => check(CHECK_EVERY_MS));
      }, ms).unref();
    };
    check(FIRST_CHECK_MS);
  }

  /** Takes a backup if one is due; the one taken, if any. */
  async runIfDue(): Promise<Backup | undefined> {
    const now = this.clock.now();
    if (!backupDue(now, listBackups(this.dataDir)[0]?.takenAt)) return undefined;
    const needed = 2 * folderBytes(databaseFolder(this.dataDir));
    mkdirSync(backupsFolder(this.dataDir), { recursive: true });
    const disk = await statfs(backupsFolder(this.dataDir));
    if (disk.bavail * disk.bsize < needed) {
      this.log.warn(
        { freeBytes: disk.bavail * disk.bsize, neededBytes: needed },
        'no daily backup: the disk has not room for it',
      );
      return undefined;
    }
    const started = performance.now();
    const backup = await takeBackup(this.db, this.dataDir, now);
    const removed = pruneBackups(this.dataDir, now, this.rules);
    this.log.info(
      { backup: backup.name, bytes: backup.bytes, ms: Math.round(performance.now() - started), removed },
      'daily backup taken',
    );
    return backup;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * Brings a backup back into DATA_DIR (the server stopped, its folder claimed by the caller): unpacked
 * beside the database's folder, which is then moved aside (kept, in case) and replaced at once. The
 * folder moved aside.
 */
export async function restoreBackup(dataDir: string, backup: Backup, at: Date): Promise<string | undefined> {
  const current = databaseFolder(dataDir);
  const incoming = `${current}.restoring`;
  rmSync(incoming, { recursive: true, force: true });
  await unpackInto(backup.file, incoming);
  syncTree(incoming);
  let aside: string | undefined =
    `${current}.before-restore-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
  try {
    renameSync(current, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    aside = undefined;
  }
  renameSync(incoming, current);
  syncPath(dataDir);
  return aside;
}
