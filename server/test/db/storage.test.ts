import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/db/db.ts';
import { migrate, readMigrations } from '../../src/db/migrate.ts';
import { createPgDb } from '../../src/db/pg.ts';
import { createPgliteDb } from '../../src/db/pglite.ts';
import { readSeedSpots } from '../../src/seed/seed.ts';
import { report } from '../factories.ts';
import { startTestApp } from '../test-app.ts';
import { createFreshDatabase, createTestDatabase, migratedDataDir, onPostgres } from '../test-db.ts';

describe('migrations', () => {
  // One run from an empty database serves both checks: migrating it is most of what they cost.
  it('apply once, 0022 rounding the coordinates stored before it; a second run applies nothing', async () => {
    const database = await createTestDatabase({ empty: true });
    try {
      const all = await readMigrations();
      const before22 = await migrate(
        database.db,
        all.filter((m) => m.version < 22),
      );
      // 0022 rounds to 7 decimals, a subnormal latitude to 0.
      await database.db.query(
        `INSERT INTO spots (title, lat, lng, category, severity, time_of_day)
         VALUES ('Underflowing corner', $1, 32.58, 'robbery', 3, 'night'),
                ('Long decimals junction', 0.312345678912, 32.123456789, 'other', 2, 'any')`,
        [5e-324],
      );
      const rest = await migrate(database.db);
      assert.deepEqual(
        rest,
        all.filter((m) => m.version >= 22).map((m) => m.name),
      );
      assert.deepEqual(
        [...before22, ...rest],
        all.map((m) => m.name),
        'each migration applied once',
      );
      assert.deepEqual(await migrate(database.db), [], 'a second run applies nothing');
      assert.deepEqual(await database.db.query('SELECT title, lat, lng FROM spots ORDER BY id'), [
        { title: 'Underflowing corner', lat: 0, lng: 32.58 },
        { title: 'Long decimals junction', lat: 0.3123457, lng: 32.1234568 },
      ]);
      const tables = await database.db.query<{ t: string }>(
        `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
      );
      for (const t of [
        'spots',
        'votes',
        'flags',
        'settings',
        'users',
        'sessions',
        'mod_log',
        'schema_migrations',
      ]) {
        assert.ok(
          tables.some((r) => r.t === t),
          `table ${t}`,
        );
      }
    } finally {
      await database.drop();
    }
  });

  it('taken by several processes at once: each runs once and none fails', {
    skip: onPostgres ? false : 'needs TEST_DATABASE_URL (separate connections)',
  }, async () => {
    const fresh = await createFreshDatabase({ empty: true });
    const pools = Array.from({ length: 4 }, () => createPgDb({ connectionString: fresh.url }));
    try {
      const results = await Promise.all(pools.map((db) => migrate(db)));
      const applied = results.flat();
      assert.equal(applied.length, (await readMigrations()).length);
      const rows = await pools[0]?.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      assert.equal(rows?.[0]?.n, applied.length);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
      await fresh.dropDatabase();
    }
  });
});

describe('sourced seed data', () => {
  it('loads the 21 seed spots once: public, seeded, confirmed by 3 confirmations with their votes', async () => {
    const database = await createTestDatabase();
    try {
      const t = await startTestApp({ database, env: { SEED: '1' } });
      const { spots } = (await t.inject({ method: 'GET', url: '/api/spots' })).json();
      assert.equal(spots.length, 21);
      for (const s of spots) {
        assert.equal(s.seeded, true);
        assert.equal(s.confirmations, 3);
        assert.equal(s.denials, 0);
        assert.equal(s.status, 'confirmed');
        assert.match(s.source_url, /^https:\/\//);
      }
      const votes = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM votes');
      assert.equal(votes[0]?.n, 63);
      await t.close();

      // A moderator deletes one; restarting must not bring it back nor duplicate the rest.
      await database.db.query(`DELETE FROM spots WHERE title = 'Kalerwe'`);
      const again = await startTestApp({ database, env: { SEED: '1' } });
      const after = (await again.inject({ method: 'GET', url: '/api/spots' })).json().spots;
      assert.equal(after.length, 20);
      assert.equal(
        after.find((s: { title: string }) => s.title === 'Kalerwe'),
        undefined,
        'the deleted seed spot stays deleted',
      );
      await again.close();
    } finally {
      await database.drop();
    }
  });

  it('SEED=0 loads nothing', async () => {
    const t = await startTestApp({ env: { SEED: '0' } });
    const { spots } = (await t.inject({ method: 'GET', url: '/api/spots' })).json();
    assert.equal(spots.length, 0);
    await t.close();
  });

  // The facts the seed data was written from, kept in the repository; where the shared copy is
  // beside the checkout (CI), the two must not have drifted apart.
  const factsFile = fileURLToPath(new URL('../fixtures/seed-spots.facts.json', import.meta.url));
  const sharedFacts = path.resolve('../shared/data/seed-spots.facts.json');
  it('keeps coordinates, category, severity, time of day, dates and sources of the facts exactly', async () => {
    if (existsSync(sharedFacts))
      assert.equal(readFileSync(factsFile, 'utf8'), readFileSync(sharedFacts, 'utf8'));
    const facts = JSON.parse(readFileSync(factsFile, 'utf8'));
    const seed = await readSeedSpots();
    assert.equal(seed.length, facts.spots.length);
    facts.spots.forEach((f: Record<string, unknown>, i: number) => {
      const s = seed[i] as Record<string, unknown>;
      for (const k of ['lat', 'lng', 'area', 'category', 'severity', 'time_of_day', 'incident_date']) {
        assert.equal(s[k], f[k], `${f.place}: ${k}`);
      }
      assert.equal(s.source_url, facts.sources[f.source as string].url);
    });
  });
});

describe('embedded storage (PGlite under DATA_DIR)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hatari-embedded-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a new data folder starts from the template made at install (PostGIS and pg_trgm created), and keeps what is written', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'hatari-new-folder-'));
    const extensions = async (db: Db) =>
      (await db.query<{ extname: string }>('SELECT extname FROM pg_extension ORDER BY extname')).map(
        (r) => r.extname,
      );
    try {
      // What a first start that died while filling the folder left beside it.
      mkdirSync(`${folder}.partial/base`, { recursive: true });
      const first = await createPgliteDb(folder);
      // Nothing has run in it yet: what is there came from the template, not from initdb.
      assert.deepEqual(await extensions(first), ['pg_trgm', 'plpgsql', 'postgis']);
      // Geography needs PROJ's database, which the embedded database reads from disk.
      const [buffer] = await first.query<{ area: number }>(
        'SELECT ST_Area(ST_Buffer(ST_SetSRID(ST_MakePoint(32.58, 0.31), 4326)::geography, 100)) AS area',
      );
      assert.ok(
        buffer && buffer.area > 31_000 && buffer.area < 31_500,
        `a 100 m buffer covers ${buffer?.area} m²`,
      );
      // Unpacked beside the folder and moved into place: nothing of it, nor of the earlier try, is left.
      const beside = readdirSync(path.dirname(folder)).filter((f) =>
        f.startsWith(`${path.basename(folder)}.`),
      );
      assert.deepEqual(beside, [`${path.basename(folder)}.owner`]);
      assert.deepEqual(
        await migrate(first),
        (await readMigrations()).map((m) => m.name),
      );
      await first.exec("INSERT INTO settings (key, value) VALUES ('kept', '\"yes\"')");
      await first.close();

      // Opened again, the folder is read as it is (the template is not laid over it).
      const second = await createPgliteDb(folder);
      assert.deepEqual(await migrate(second), []);
      assert.deepEqual(await second.query("SELECT value FROM settings WHERE key = 'kept'"), [
        { value: 'yes' },
      ]);
      await second.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
      rmSync(`${folder}.partial`, { recursive: true, force: true });
    }
  });

  it('refuses a folder that holds other files and no database, and leaves them as they were', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'hatari-not-a-database-'));
    try {
      writeFileSync(path.join(folder, 'notes.txt'), 'mine');
      await assert.rejects(createPgliteDb(folder), /holds files but no database: move them away/);
      assert.deepEqual(readdirSync(folder), ['notes.txt']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('keeps seed spots and reports across a restart', async () => {
    const { createDeps } = await import('../../src/deps.ts');
    const { buildApp } = await import('../../src/app.ts');
    const { createLogger } = await import('../../src/http/logger.ts');
    const { loadConfig } = await import('../../src/config.ts');
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const start = async () => {
      const deps = await createDeps(config, createLogger('silent'));
      assert.equal(deps.db.kind, 'pglite');
      return { deps, app: await buildApp(deps) };
    };

    // The folder starts migrated (the migrations themselves are tested above): what is tested here
    // is what the first start seeds and what a restart keeps.
    await migratedDataDir(dir);
    const first = await start();
    const created = await first.app.inject({ method: 'POST', url: '/api/spots', payload: report() });
    assert.equal(created.statusCode, 201);
    const id = created.json().spot.id;
    await first.app.close();
    await first.deps.close();

    const second = await start();
    const one = await second.app.inject({ method: 'GET', url: `/api/spots/${id}` });
    assert.equal(one.statusCode, 200);
    assert.equal(one.json().spot.title, report().title);
    const all = (await second.app.inject({ method: 'GET', url: '/api/spots' })).json().spots;
    assert.equal(all.length, 22);
    await second.app.close();
    await second.deps.close();
  });
});
