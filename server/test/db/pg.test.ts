import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/db.ts';
import { createPgDb } from '../../src/db/pg.ts';
import { createFreshDatabase, onPostgres } from '../test-db.ts';

describe('prepared statements on PostgreSQL', {
  skip: onPostgres ? false : 'needs TEST_DATABASE_URL',
}, () => {
  let fresh: Awaited<ReturnType<typeof createFreshDatabase>>;
  let db: Db;
  /** The texts prepared on the one read connection. */
  const preparedTexts = async () =>
    (await db.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).map(
      (r) => r.statement,
    );

  before(async () => {
    fresh = await createFreshDatabase({ empty: true });
    // One read connection: what one statement prepared, the next finds.
    db = createPgDb({ connectionString: fresh.url, shares: { reads: 1, writes: 1 } });
  });
  after(async () => {
    await db.close();
    await fresh.dropDatabase();
  });

  it('prepares a statement asked for once per connection and answers it again; others are not kept', async () => {
    const asked = 'SELECT $1::int + 1 AS n';
    assert.deepEqual(await db.query(asked, [1], { prepared: true }), [{ n: 2 }]);
    assert.deepEqual(await db.query(asked, [41], { prepared: true }), [{ n: 42 }]);
    assert.deepEqual(await db.query('SELECT $1::int + 2 AS n', [1]), [{ n: 3 }]);
    assert.deepEqual(await preparedTexts(), [asked]);
  });

  it('prepares at most 64 texts, then plans the others each time', async () => {
    for (let i = 0; i < 80; i++) {
      assert.deepEqual(await db.query(`SELECT $1::int * ${i} AS n`, [2], { prepared: true }), [{ n: 2 * i }]);
    }
    const texts = await preparedTexts();
    assert.equal(texts.length, 64);
    // The first (from the test before) and the 63 after it.
    assert.equal(texts.includes('SELECT $1::int * 62 AS n'), true);
    assert.equal(texts.includes('SELECT $1::int * 63 AS n'), false);
  });
});
