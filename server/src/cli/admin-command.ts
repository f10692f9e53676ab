import { loadConfig } from '../config.ts';
import { DataDirInUse } from '../db/data-dir-claim.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import { createLogger } from '../http/logger.ts';
import {
  createUser,
  password as passwordRule,
  ROLES,
  setPassword,
  username as usernameRule,
} from '../moderation/index.ts';

const USAGE = `Usage:
  npm run admin -- create-user NAME --role admin|moderator
  npm run admin -- reset-password NAME

The password is read from standard input (first line) or asked for without echo; it is never
taken from the command line, where other users and the shell history could see it.
Works on the configured storage (DATABASE_URL, or the embedded one under DATA_DIR: stop the server
first, since only one process can open an embedded database).`;

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
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await openDatabase(config, createLogger('warn'));
  } catch (err) {
    // The embedded folder is the running server's: say so, and what to do.
    if (!(err instanceof DataDirInUse)) throw err;
    io.err(err.message);
    return 1;
  }
  try {
    await migrate(db);
    if (role) {
      await createUser(db, name.data, pw.data, role);
      io.out(`Created ${role} ${name.data}.`);
    } else {
      await setPassword(db, name.data, pw.data);
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
