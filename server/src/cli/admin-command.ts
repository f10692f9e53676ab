import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import {
  backupsFolder,
  databaseFolder,
  listBackups,
  pruneBackups,
  restoreBackup,
  takeBackup,
} from '../db/backups.ts';
import { claimDataDir, DataDirInUse } from '../db/data-dir-claim.ts';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import { createLogger } from '../http/logger.ts';
import {
  createUser,
  hashPassword,
  password as passwordRule,
  ROLES,
  setPassword,
  username as usernameRule,
} from '../moderation/index.ts';
import { siteStats } from '../stats/index.ts';

const USAGE = `Usage:
  npm run admin -- create-user NAME --role admin|moderator
  npm run admin -- reset-password NAME
  npm run admin -- backup
  npm run admin -- restore [BACKUP | latest]

The password is read from standard input (first line) or asked for without echo; it is never
taken from the command line, where other users and the shell history could see it.
Works on the configured storage (DATABASE_URL, or the embedded one under DATA_DIR: stop the server
first, since only one process can open an embedded database).
backup and restore are for embedded storage: backup takes one now into DATA_DIR/backups (the server
takes one a day); restore without a name lists them, and with one brings it back, keeping the
folder it replaces beside it.`;

/** What the command needs of its process: the password's line, where to write, the environment. */
export interface AdminIo {
  readPassword(prompt: string): Promise<string>;
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
}

/** `npm run admin -- …`: the exit code. */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const [command, rawName, ...rest] = argv;
  if (command === 'backup' || command === 'restore') return backupCommand(command, rawName, io);
  if (!command || !rawName || !['create-user', 'reset-password'].includes(command)) {
    io.err(USAGE);
    return 2;
  }
  const name = usernameRule.safeParse(rawName);
  if (!name.success) {
    io.err(name.error.issues[0]?.message ?? USAGE);
    return 2;
  }
  let role: (typeof ROLES)[number] | undefined;
  if (command === 'create-user') {
    const i = rest.indexOf('--role');
    role = ROLES.find((r) => r === rest[i + 1]);
    if (i < 0 || !role) {
      io.err(USAGE);
      return 2;
    }
  }
  const pw = passwordRule.safeParse(await io.readPassword(`Password for ${name.data}: `));
  if (!pw.success) {
    io.err(pw.error.issues[0]?.message ?? USAGE);
    return 2;
  }

  const config = loadConfig(io.env);
  const db = await open(config, io);
  if (!db) return 1;
  try {
    await migrate(db);
    const hash = await hashPassword(pw.data, config.passwordHashCost);
    if (role) {
      await createUser(db, name.data, hash, role);
      io.out(`Created ${role} ${name.data}.`);
    } else {
      await setPassword(db, name.data, hash);
      io.out(`New password set for ${name.data}; their open sessions were ended.`);
    }
    return 0;
  } catch (err) {
    if (err instanceof HttpError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

/**
 * Opens the configured storage; undefined, having said why and what to do, where the embedded
 * folder is the running server's.
 */
async function open(config: Config, io: AdminIo): Promise<Db | undefined> {
  try {
    return await openDatabase(config, createLogger('warn'));
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    io.err(err.message);
    return undefined;
  }
}

/** `backup`, and `restore [NAME | latest]`, of embedded storage. */
async function backupCommand(
  command: 'backup' | 'restore',
  name: string | undefined,
  io: AdminIo,
): Promise<number> {
  const config = loadConfig(io.env);
  if (config.databaseUrl) {
    io.err(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump and restore with pg_restore (docs/operations.md).',
    );
    return 2;
  }
  const now = new Date();
  if (command === 'backup') {
    const db = await open(config, io);
    if (!db) return 1;
    try {
      const backup = await takeBackup(db, config.dataDir, now);
      const removed = pruneBackups(config.dataDir, now, config.backups);
      io.out(`Backup ${backup.file} (${megabytes(backup.bytes)}).`);
      if (removed.length) io.out(`Removed older backups: ${removed.join(', ')}.`);
      return 0;
    } finally {
      await db.close();
    }
  }
  const backups = listBackups(config.dataDir);
  if (!name) {
    io.out(
      backups.length
        ? `Backups in ${backupsFolder(config.dataDir)}, newest first:`
        : `No backups in ${backupsFolder(config.dataDir)}.`,
    );
    for (const b of backups) io.out(`  ${b.name}  ${megabytes(b.bytes)}`);
    if (backups.length) io.out('Restore one with: npm run admin -- restore NAME (or latest)');
    return backups.length ? 0 : 1;
  }
  const backup = name === 'latest' ? backups[0] : backups.find((b) => b.name === name);
  if (!backup) {
    io.err(`No backup ${name} in ${backupsFolder(config.dataDir)}: npm run admin -- restore lists them.`);
    return 1;
  }
  // The folder is claimed as the server claims it: never restored under a running server.
  let release: () => void;
  try {
    release = claimDataDir(databaseFolder(config.dataDir));
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    io.err(err.message);
    return 1;
  }
  let aside: string | undefined;
  try {
    aside = await restoreBackup(config.dataDir, backup, now);
  } finally {
    release();
  }
  const db = await open(config, io);
  if (!db) return 1;
  try {
    await migrate(db);
    const { totals } = await siteStats(db);
    io.out(`Restored ${backup.name}: ${totals.total} spots on the map.`);
    if (aside)
      io.out(`The folder it replaced is kept at ${aside}; delete it once the restored map looks right.`);
    return 0;
  } finally {
    await db.close();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
