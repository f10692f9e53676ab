import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { runAdmin } from '../../src/cli/admin-command.ts';
import { backupDue, DailyBackups, databaseFolder, listBackups } from '../../src/db/backups.ts';
import type { Db } from '../../src/db/db.ts';
import { createPgliteDb } from '../../src/db/pglite.ts';
import { createLogger } from '../../src/http/logger.ts';
import { TestClock } from '../test-app.ts';
import { migratedDataDir } from '../test-db.ts';

/** Embedded storage's daily backups and `npm run admin -- backup | restore` (db/backups.ts). */

const DAY = 24 * 60 * 60 * 1000;
const log = createLogger('silent');

async function admin(args: string[], dataDir: string, env: Record<string, string> = {}) {
  let out = '';
  const write = (line: string) => {
    out += `${line}\n`;
  };
  const code = await runAdmin(args, {
    readPassword: async () => '',
    out: write,
    err: write,
    env: { LOG_LEVEL: 'silent', SEED: '0', DATA_DIR: dataDir, ...env },
  });
  return { code, out };
}

/** The command in a process of its own, as an operator runs it. */
async function adminProcess(args: string[], dataDir: string) {
  const run = promisify(execFile)(process.execPath, ['server/src/cli/admin.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', SEED: '0', DATA_DIR: dataDir },
  });
  try {
    const { stdout, stderr } = await run;
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

const addSpot = (db: Db, title: string) =>
  db.query(
    `INSERT INTO spots (title, lat, lng, category, severity, time_of_day) VALUES ($1, 0.31, 32.58, 'other', 2, 'any')`,
    [title],
  );
const titles = async (db: Db) =>
  (await db.query<{ title: string }>('SELECT title FROM spots ORDER BY id')).map((r) => r.title);

describe('embedded backups', () => {
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hatari-backups-'));
    await migratedDataDir(dataDir);
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are taken once a day, kept 7 days and within their size, and never while one is fresh', async () => {
    const db = await createPgliteDb(databaseFolder(dataDir));
    const clock = new TestClock(new Date('2026-11-01T00:30:00Z'));
    const backups = new DailyBackups(db, dataDir, { days: 7, maxBytes: 1024 ** 3 }, clock, log);
    const folder = path.join(dataDir, 'backups');
    try {
      await addSpot(db, 'Before the first backup');
      assert.equal((await backups.runIfDue())?.name, 'hatari-2026-11-01T00-30-00Z.tar.gz');
      clock.advance(DAY - 60_000);
      assert.equal(await backups.runIfDue(), undefined, 'a day has not passed');
      clock.advance(60_000);
      assert.equal((await backups.runIfDue())?.name, 'hatari-2026-11-02T00-30-00Z.tar.gz');
      // Six more days of backups (small stand-ins), and a file of the operator's own.
      for (let day = 3; day <= 8; day++)
        writeFileSync(path.join(folder, `hatari-2026-11-0${day}T00-30-00Z.tar.gz`), 'x');
      writeFileSync(path.join(folder, 'notes.txt'), 'mine');
      // What a backup cut short by a crash left: its copy and its unfinished file.
      mkdirSync(path.join(folder, '.copy'));
      writeFileSync(path.join(folder, '.hatari-2026-11-05T00-30-00Z.tar.gz.partial'), 'half');
      clock.advance(7 * DAY);
      assert.equal((await backups.runIfDue())?.name, 'hatari-2026-11-09T00-30-00Z.tar.gz');
      assert.deepEqual(
        listBackups(dataDir).map((b) => b.name.slice(7, 17)),
        ['2026-11-09', '2026-11-08', '2026-11-07', '2026-11-06', '2026-11-05', '2026-11-04', '2026-11-03'],
        'seven days kept',
      );
      // A total too small for any: the newest stays all the same.
      const small = new DailyBackups(db, dataDir, { days: 7, maxBytes: 1 }, clock, log);
      clock.advance(DAY);
      await small.runIfDue();
      assert.deepEqual(
        readdirSync(folder).sort(),
        ['hatari-2026-11-10T00-30-00Z.tar.gz', 'notes.txt'],
        'no staging copy or partial file is left behind either',
      );
    } finally {
      await db.close();
    }
  });

  it('restore brings the newest back, keeps the replaced folder, and refuses under a running server', async () => {
    const db = await createPgliteDb(databaseFolder(dataDir));
    try {
      await addSpot(db, 'After the backups');
      // Another process, as the command is run beside a running server.
      for (const command of [['restore', 'latest'], ['backup']]) {
        const refused = await adminProcess(command, dataDir);
        assert.equal(refused.code, 1, 'the folder is in use');
        assert.match(refused.out, /in use by another Hatari process/);
      }
    } finally {
      await db.close();
    }
    const listed = await admin(['restore'], dataDir);
    assert.equal(listed.code, 0);
    assert.match(listed.out, /hatari-2026-11-10T00-30-00Z\.tar\.gz {2}\d+\.\d MB/);
    assert.equal((await admin(['restore', 'hatari-1999-01-01T00-00-00Z.tar.gz'], dataDir)).code, 1);

    const restored = await admin(['restore', 'latest'], dataDir);
    assert.equal(restored.code, 0, restored.out);
    assert.match(restored.out, /Restored hatari-2026-11-10T00-30-00Z\.tar\.gz/);
    const aside = /kept at (\S+);/.exec(restored.out)?.[1];
    assert.equal(
      aside && existsSync(path.join(aside, 'PG_VERSION')),
      true,
      'the replaced folder is kept whole',
    );
    const back = await createPgliteDb(databaseFolder(dataDir));
    try {
      assert.deepEqual(await titles(back), ['Before the first backup']);
    } finally {
      await back.close();
    }
    const before = await createPgliteDb(aside);
    try {
      assert.deepEqual(await titles(before), ['Before the first backup', 'After the backups']);
    } finally {
      await before.close();
    }
  });

  it('is consistent while writes keep coming: the restored folder opens with every write before the copy', async () => {
    const db = await createPgliteDb(databaseFolder(dataDir));
    let acknowledged = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await addSpot(db, `Write ${acknowledged}`);
        acknowledged++;
      }
    })();
    let atStart = 0;
    let atEnd = 0;
    try {
      while (acknowledged < 20) await new Promise((r) => setTimeout(r, 5));
      atStart = acknowledged;
      const backups = new DailyBackups(
        db,
        dataDir,
        { days: 7, maxBytes: 1024 ** 3 },
        new TestClock(new Date('2027-01-01T00:00:00Z')),
        log,
      );
      assert.equal((await backups.runIfDue())?.name, 'hatari-2027-01-01T00-00-00Z.tar.gz');
      atEnd = acknowledged;
      while (acknowledged < atEnd + 20) await new Promise((r) => setTimeout(r, 5));
    } finally {
      writing = false;
      await writer;
      await db.close();
    }
    assert.equal((await admin(['restore', 'latest'], dataDir)).code, 0);
    const back = await createPgliteDb(databaseFolder(dataDir));
    try {
      const writes = (await titles(back)).filter((t) => t.startsWith('Write '));
      assert.ok(
        writes.length >= atStart && writes.length <= atEnd,
        `${writes.length} in [${atStart}, ${atEnd}]`,
      );
      assert.deepEqual(
        writes,
        writes.map((_, i) => `Write ${i}`),
        'the writes kept are the first ones, with none missing between',
      );
    } finally {
      await back.close();
    }
  });

  it('are due in the quiet hours of the region, or at any hour once the newest is two days old', () => {
    const due = (now: string, newest?: string) =>
      backupDue(new Date(now), newest === undefined ? undefined : new Date(newest));
    assert.equal(due('2030-01-01T09:00:00Z'), false, 'noon in Kampala, none yet: wait for the night');
    assert.equal(due('2030-01-01T20:00:00Z'), true, '23:00 in Kampala, none yet');
    assert.equal(due('2030-01-02T02:59:00Z', '2030-01-01T20:00:00Z'), false, '05:59, not a day old');
    assert.equal(due('2030-01-02T20:00:00Z', '2030-01-01T20:00:00Z'), true, '23:00, a day old');
    assert.equal(due('2030-01-03T09:00:00Z', '2030-01-01T20:00:00Z'), false, 'noon, the newest 37 hours old');
    assert.equal(due('2030-01-03T19:59:00Z', '2030-01-01T20:00:00Z'), true, '22:59, 47:59 hours old');
    assert.equal(due('2030-01-04T09:00:00Z', '2030-01-02T09:00:00Z'), true, 'noon, two days old');
    assert.equal(due('2030-01-02T03:00:00Z', '2030-01-01T02:00:00Z'), false, '06:00 is no longer quiet');
  });

  it('admin backup takes one now; on PostgreSQL it points to pg_dump', async () => {
    const taken = await admin(['backup'], dataDir);
    assert.equal(taken.code, 0, taken.out);
    assert.match(taken.out, /^Backup .*hatari-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz \(\d+\.\d MB\)\./);
    const pg = await admin(['backup'], dataDir, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    assert.equal(pg.code, 2);
    assert.match(pg.out, /pg_dump/);
  });
});
