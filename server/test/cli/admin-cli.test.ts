import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runAdmin } from '../../src/cli/admin-command.ts';
import { createPgDb } from '../../src/db/pg.ts';
import { createPgliteDb } from '../../src/db/pglite.ts';
import { createLogger } from '../../src/http/logger.ts';
import { FallbackCounters } from '../../src/limits/fallback-counters.ts';
import { MemoryStore } from '../../src/limits/memory-store.ts';
import { signIn } from '../../src/moderation/auth.service.ts';
import { SignInGuard } from '../../src/moderation/sign-in-guard.ts';
import { systemClock } from '../../src/util/clock.ts';
import { ProofOfWork } from '../../src/util/proof-of-work.ts';
import { testConfig } from '../test-app.ts';
import { createFreshDatabase, migratedDataDir, onPostgres } from '../test-db.ts';

/** Runs `npm run admin -- …` as a user would, with the password on standard input (its own process). */
function admin(args: string[], stdin: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['server/src/cli/admin.ts', ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', SEED: '0', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

/** The same command in this process: as fast as a call, for what does not depend on its process. */
async function adminHere(args: string[], stdin: string, env: Record<string, string>) {
  let out = '';
  const write = (line: string) => {
    out += `${line}\n`;
  };
  const code = await runAdmin(args, {
    readPassword: async () => stdin.split('\n')[0] ?? '',
    out: write,
    err: write,
    env: { LOG_LEVEL: 'silent', SEED: '0', ...env },
  });
  return { code, out };
}

describe('npm run admin', () => {
  let env: Record<string, string>;
  let openDb: () => Promise<Parameters<typeof signIn>[0]>;
  let cleanup: () => Promise<void>;
  before(async () => {
    if (onPostgres) {
      const fresh = await createFreshDatabase();
      env = { DATABASE_URL: fresh.url };
      openDb = async () => createPgDb({ connectionString: fresh.url });
      cleanup = fresh.dropDatabase;
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'hatari-cli-'));
      await migratedDataDir(dir);
      env = { DATA_DIR: dir };
      openDb = () => createPgliteDb(path.join(dir, 'pglite'));
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  after(() => cleanup());

  it('creates an account with the password from standard input, and resets it', async () => {
    const created = await admin(['create-user', 'Sarah', '--role', 'moderator'], 'first password 123\n', env);
    assert.equal(created.code, 0, created.out);
    assert.match(created.out, /Created moderator sarah/);
    const dup = await adminHere(['create-user', 'sarah', '--role', 'admin'], 'first password 123\n', env);
    assert.equal(dup.code, 1);
    assert.match(dup.out, /already exists/);
    const reset = await adminHere(['reset-password', 'sarah'], 'second password 456\n', env);
    assert.equal(reset.code, 0, reset.out);

    const db = await openDb();
    try {
      const pow = new ProofOfWork(
        'a work key',
        new FallbackCounters(new MemoryStore(), new MemoryStore(), createLogger('silent'), {
          timeoutMs: 500,
          probeEveryMs: 1000,
        }),
        systemClock,
      );
      const guard = new SignInGuard(db, 'a test key', pow, testConfig().passwordHashCost);
      const attempt = (password: string) =>
        signIn(db, guard, { username: 'sarah', password }, { wideNetwork: 'here' }, systemClock.now());
      assert.deepEqual(await attempt('first password 123'), { kind: 'wrong' });
      const right = await attempt('second password 456');
      assert.deepEqual(right.kind === 'signed-in' && right.user, { username: 'sarah', role: 'moderator' });
    } finally {
      await db.close();
    }
  });

  it('refuses at once a data folder a running server holds, and says what to do', async (t) => {
    if (onPostgres) return t.skip('PostgreSQL has one owner of its data already');
    const held = await openDb();
    try {
      const refused = await admin(
        ['create-user', 'zed', '--role', 'moderator'],
        'a long password 789\n',
        env,
      );
      assert.equal(refused.code, 1, refused.out);
      assert.match(refused.out, /is in use by another Hatari process \(pid \d+\)\. .*stop that one first/s);
    } finally {
      await held.close();
    }
    // Released on close; and a claim left by a process that is gone, or whose pid now names
    // another program (as after a restart), is taken over.
    writeFileSync(`${env.DATA_DIR}/pglite.owner`, '999999999');
    const again = await adminHere(['reset-password', 'nobody'], 'a long password 789\n', env);
    assert.doesNotMatch(again.out, /in use/, again.out);
    const other = spawn('sleep', ['30']);
    writeFileSync(`${env.DATA_DIR}/pglite.owner`, String(other.pid));
    const done = await admin(['create-user', 'zed', '--role', 'moderator'], 'a long password 789\n', env);
    other.kill();
    assert.equal(done.code, 0, done.out);
    assert.equal(existsSync(`${env.DATA_DIR}/pglite.owner`), false, 'released when done');
  });

  it('refuses bad usage, a short password, and an unknown user', async () => {
    assert.equal((await adminHere(['create-user', 'sam'], 'long enough password\n', env)).code, 2);
    assert.equal(
      (await adminHere(['create-user', 'sam', '--role', 'root'], 'long enough password\n', env)).code,
      2,
    );
    assert.equal((await adminHere(['create-user', 'sam', '--role', 'admin'], 'short\n', env)).code, 2);
    assert.equal((await adminHere(['frobnicate', 'sam'], '', env)).code, 2);
    const unknown = await adminHere(['reset-password', 'nobody'], 'long enough password\n', env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.out, /No user named nobody/);
  });
});
