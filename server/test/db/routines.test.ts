import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Routine } from '../../src/db/routines.ts';
import { createTestDatabase } from '../test-db.ts';

describe('db/routines: database functions built from the code', () => {
  const doubling = (factor: number) =>
    new Routine(
      'probe_times',
      (name) => `CREATE OR REPLACE FUNCTION ${name}(n integer) RETURNS integer
        LANGUAGE sql AS $$ SELECT n * ${factor} $$`,
    );

  it('installs on first use, names each version by its text, and installs again when dropped', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const twice = doubling(2);
      const thrice = doubling(3);
      assert.match(twice.name, /^probe_times_[0-9a-f]{12}$/);
      assert.notEqual(twice.name, thrice.name, 'another text, another name');
      assert.equal(doubling(2).name, twice.name, 'the same text, the same name');

      assert.deepEqual(await twice.call(db, [21]), [{ result: 42 }]);
      assert.deepEqual(await thrice.call(db, [5]), [{ result: 15 }], 'both versions side by side');
      const installed = await db.query<{ proname: string }>(
        "SELECT proname FROM pg_proc WHERE proname LIKE 'probe_times_%' ORDER BY 1",
      );
      assert.deepEqual(installed.map((r) => r.proname).sort(), [twice.name, thrice.name].sort());

      await db.exec(`DROP FUNCTION ${twice.name}(integer)`);
      assert.deepEqual(await twice.call(db, [4]), [{ result: 8 }], 'installed again on the next call');
    } finally {
      await database.drop();
    }
  });

  it('keeps its connection when the function raises an error (no new connection per refusal)', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const refusing = new Routine(
        'probe_refuse',
        (name) => `CREATE OR REPLACE FUNCTION ${name}(n integer) RETURNS integer LANGUAGE plpgsql AS $$
          BEGIN
            IF n < 0 THEN RAISE EXCEPTION 'negative' USING ERRCODE = 'HT999'; END IF;
            RETURN pg_backend_pid();
          END $$`,
      );
      const backends = new Set<number>();
      for (let i = 0; i < 20; i++) {
        await assert.rejects(refusing.call(db, [-1]), (err: { code?: string }) => err.code === 'HT999');
        const [row] = await refusing.call<{ result: number }>(db, [1]);
        backends.add(row?.result ?? 0);
      }
      assert.equal(backends.size, 1, `one connection served all 40 calls, not ${backends.size}`);
    } finally {
      await database.drop();
    }
  });
});
