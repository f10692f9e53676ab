import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../factories.ts';
import { startTestApp } from '../test-app.ts';
import { createTestDatabase, embeddedDatabasesOpened, onPostgres } from '../test-db.ts';

/**
 * The tests' embedded databases are reused within a test process (test-db.ts): what one test leaves
 * behind must never reach the next, and a database whose schema a test changed is not reused.
 */
describe('embedded test databases', { skip: onPostgres ? 'embedded storage only' : false }, () => {
  it('start as the template left them, however the last test used one, and are loaded once', async () => {
    const opened = embeddedDatabasesOpened();
    const first = await startTestApp({ env: { SEED: '1' } });
    const res = await first.inject({ method: 'POST', url: '/api/spots', payload: report() });
    assert.equal(res.statusCode, 201, res.body);
    await first.db.exec(`UPDATE settings SET value = '"changed"'; SET statement_timeout = 1234;
      CREATE TEMP TABLE left_over (n int)`);
    // A sequence moved while its table stays empty (an insert rolled back does as much).
    await first.db.query(`SELECT nextval('webhooks_id_seq'), nextval('webhooks_id_seq')`);
    const seeded = await first.db.query<{ n: number }>('SELECT count(*)::int AS n FROM spots');
    assert.ok((seeded[0]?.n ?? 0) > 1, 'the seed and the report were stored');
    await first.close();

    const second = await createTestDatabase();
    try {
      assert.ok(embeddedDatabasesOpened() - opened <= 1, 'the second database was the first, reused');
      const counts = await second.db.query<{ spots: number; votes: number; secrets: number }>(
        `SELECT (SELECT count(*)::int FROM spots) AS spots, (SELECT count(*)::int FROM votes) AS votes,
                (SELECT count(*)::int FROM app_secrets) AS secrets`,
      );
      assert.deepEqual(counts, [{ spots: 0, votes: 0, secrets: 0 }]);
      assert.ok(
        (await second.db.query<{ value: string }>('SELECT value FROM settings')).every(
          (s) => s.value !== 'changed',
        ),
        "the template's settings are back",
      );
      assert.deepEqual(await second.db.query('SHOW statement_timeout'), [{ statement_timeout: '0' }]);
      assert.deepEqual(
        await second.db.query(`SELECT count(*)::int AS n FROM pg_class WHERE relname = 'left_over'`),
        [{ n: 0 }],
      );
      const [spot] = await second.db.query<{ id: number }>(
        `INSERT INTO spots (title, category, severity, time_of_day, lat, lng)
         VALUES ('Dark lane', 'other', 1, 'any', 0.3, 32.5) RETURNING id`,
      );
      assert.equal(spot?.id, 1, 'identities start again');
      assert.deepEqual(
        await second.db.query(`SELECT nextval('webhooks_id_seq')::int AS id`),
        [{ id: 1 }],
        'so do those of tables the last test left empty',
      );
    } finally {
      await second.drop();
    }
  });

  it('are not reused once a test changed their schema', async () => {
    const changed = await createTestDatabase();
    await changed.db.exec('ALTER TABLE spots ADD COLUMN left_over int');
    await changed.drop();
    const next = await createTestDatabase();
    try {
      const columns = await next.db.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'spots' AND column_name = 'left_over'`,
      );
      assert.deepEqual(columns, []);
    } finally {
      await next.drop();
    }
  });
});
