import { createInterface } from 'node:readline';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { createLogger } from '../http/logger.ts';
import { createUser, setPassword } from '../moderation/auth.service.ts';
import {
  password as passwordRule,
  ROLES,
  username as usernameRule,
} from '../moderation/moderation.schema.ts';

const USAGE = `Usage:
  npm run admin -- create-user NAME --role admin|moderator
  npm run admin -- reset-password NAME

The password is read from standard input (first line) or asked for without echo; it is never
taken from the command line, where other users and the shell history could see it.
Works on the configured storage (DATABASE_URL, or the embedded one under DATA_DIR: stop the server
first, since only one process can open an embedded database).`;

/** Reads one line: piped input as is, or a prompt at a terminal with the typing hidden. */
function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    return new Promise((resolve) => {
      const rl = createInterface({ input: stdin });
      rl.once('line', (line) => {
        resolve(line); // before close(), whose handler would otherwise resolve first with ''
        rl.close();
      });
      rl.once('close', () => resolve(''));
    });
  }
  return new Promise((resolve) => {
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    let typed = '';
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          return resolve(typed);
        }
        if (ch === '\u0003') process.exit(130);
        typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(argv: string[]): Promise<number> {
  const [command, rawName, ...rest] = argv;
  if (!command || !rawName || !['create-user', 'reset-password'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const name = usernameRule.safeParse(rawName);
  if (!name.success) {
    console.error(name.error.issues[0]?.message);
    return 2;
  }
  let role: (typeof ROLES)[number] | undefined;
  if (command === 'create-user') {
    const i = rest.indexOf('--role');
    role = ROLES.find((r) => r === rest[i + 1]);
    if (i < 0 || !role) {
      console.error(USAGE);
      return 2;
    }
  }
  const pw = passwordRule.safeParse(await readPassword(`Password for ${name.data}: `));
  if (!pw.success) {
    console.error(pw.error.issues[0]?.message);
    return 2;
  }

  const config = loadConfig();
  const db = await openDatabase(config, createLogger('warn'));
  try {
    await migrate(db);
    if (role) {
      await createUser(db, name.data, pw.data, role);
      console.log(`Created ${role} ${name.data}.`);
    } else {
      await setPassword(db, name.data, pw.data);
      console.log(`New password set for ${name.data}; their open sessions were ended.`);
    }
    return 0;
  } catch (err) {
    if (err instanceof HttpError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
