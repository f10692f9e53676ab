import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { STATUSES, statusFor } from '../../../common/domain.ts';
import { createTestDatabase, type TestDatabase } from '../test-db.ts';

/**
 * The page explains a spot's status by common/domain.ts's statusFor; the database derives the stored
 * status by its own generated column (migration 0001). Every count from 0 to 12 either way agrees.
 */
describe('a spot’s community status', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.drop());

  test('is the same by the page’s rule and the database’s column, for every count', async () => {
    const [spot] = await t.db.query<{ id: number }>(
      `INSERT INTO spots (title, lat, lng, category, severity, time_of_day)
       VALUES ('Counted', 0.31, 32.58, 'other', 2, 'any') RETURNING id`,
    );
    assert.ok(spot, 'a spot to count on');
    const seen = new Set<string>();
    for (let yes = 0; yes <= 12; yes++)
      for (let no = 0; no <= 12; no++) {
        const rows: { status: string }[] = await t.db.query(
          'UPDATE spots SET confirmations = $2, denials = $3 WHERE id = $1 RETURNING status',
          [spot.id, yes, no],
        );
        const status = rows[0]?.status ?? '';
        assert.equal(status, statusFor(yes, no), `${yes} confirmations, ${no} denials`);
        seen.add(status);
      }
    assert.deepEqual([...seen].sort(), [...STATUSES].sort(), 'every status was met');
  });
});
