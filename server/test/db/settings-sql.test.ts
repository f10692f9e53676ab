import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readSiteSettings, type SiteSettings, settingSql } from '../../src/settings/index.ts';
import { createTestDatabase } from '../test-db.ts';

/** Every setting as the database functions read it (settingSql), beside readSiteSettings's value. */
async function bothReadings(db: Parameters<typeof readSiteSettings>[0]) {
  const read = await readSiteSettings(db);
  const names = Object.keys(read) as Array<keyof SiteSettings>;
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT ${names.map((n) => `${settingSql(n)} AS "${n}"`).join(', ')}`,
  );
  return { read, inSql: row as unknown as SiteSettings };
}

describe('settings: a setting read inside a statement, as the app reads it', () => {
  it('agrees with readSiteSettings on the built-in, the configured and the set values', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const first = await bothReadings(db);
      assert.deepEqual(first.inSql, first.read, 'the values the migrations leave');

      // A setting whose row is gone falls back to the configured default, then to the built-in one.
      await db.query(`DELETE FROM settings WHERE key IN ('dispute_budget_per_hour', 'half_life_days')`);
      await db.query(
        `INSERT INTO settings (key, value) VALUES ('default:half_life_days', '45'), ('default:require_approval', 'true')
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      );
      // A value a moderator set wins over the configured default.
      await db.query(
        `INSERT INTO settings (key, value) VALUES ('require_approval', 'false'), ('default:report_budget_per_hour', '7'),
           ('report_budget_per_hour', '11')
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      );
      const second = await bothReadings(db);
      assert.deepEqual(second.inSql, second.read, 'the same values after the changes');
      assert.equal(second.inSql.disputeBudgetPerHour, 20, 'no row: the built-in default');
      assert.equal(second.inSql.halfLifeDays, 45, 'no set value: the configured default');
      assert.equal(second.inSql.requireApproval, false, 'the set value over the configured default');
      assert.equal(second.inSql.reportBudgetPerHour, 11, 'the set value over the configured default');

      await db.query(`UPDATE settings SET value = 'true' WHERE key = 'require_approval'`);
      const third = await bothReadings(db);
      assert.equal(third.inSql.requireApproval, true, 'a change is read at once');
      assert.deepEqual(third.inSql, third.read);
    } finally {
      await database.drop();
    }
  });
});
