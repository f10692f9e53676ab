import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { regionDay } from '../../src/trust/standing.ts';
import { givenSpot, report } from '../factories.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';
import { recordStatements } from '../test-db.ts';

let t: TestApp;
/** The app's clock: it moves only when a test moves it. */
const clock = new TestClock();
describe('community/community', () => {
  before(async () => {
    t = await startTestApp({ clock });
  });
  after(() => t.close());

  /** A distinct visitor: its own phone and network (an IPv4 /24 of its own). */
  const visitor = (n: number) => ({
    remoteAddress: `198.${51 + Math.floor(n / 250)}.${n % 250}.1`,
    ua: `Phone ${n}`,
  });
  type Who = ReturnType<typeof visitor>;

  const newSpot = async (who: Who = visitor(0), body: Record<string, unknown> = {}) => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report(body),
      remoteAddress: who.remoteAddress,
      headers: { 'user-agent': who.ua },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().spot as { id: number; last_confirmed_at: string; created_at: string };
  };

  const vote = (id: number | string, value: unknown, who: Who) =>
    t.inject({
      method: 'POST',
      url: `/api/spots/${id}/vote`,
      payload: value === undefined ? '' : JSON.stringify({ value }),
      headers: { 'content-type': 'application/json', 'user-agent': who.ua },
      remoteAddress: who.remoteAddress,
    });

  const flag = (id: number | string, body: unknown, who: Who) =>
    t.inject({
      method: 'POST',
      url: `/api/spots/${id}/flag`,
      payload: body === undefined ? '' : JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'user-agent': who.ua },
      remoteAddress: who.remoteAddress,
    });

  const me = async (who: Who) =>
    (
      await t.inject({
        method: 'GET',
        url: '/api/me',
        remoteAddress: who.remoteAddress,
        headers: { 'user-agent': who.ua },
      })
    ).json();

  const countsMatchRows = async (id: number) => {
    const [row] = await t.db.query<{ c: number; d: number; up: number; down: number }>(
      `SELECT s.confirmations AS c, s.denials AS d,
       (SELECT count(*)::int FROM votes WHERE spot_id = s.id AND value = 1) AS up,
       (SELECT count(*)::int FROM votes WHERE spot_id = s.id AND value = -1) AS down
     FROM spots s WHERE s.id = $1`,
      [id],
    );
    assert.equal(row?.c, row?.up);
    assert.equal(row?.d, row?.down);
    return row;
  };

  describe('POST /api/spots/{id}/vote', () => {
    it('walks the status table: unverified → confirmed → unverified → disputed', async () => {
      const spot = await newSpot(visitor(1));
      let res = await vote(spot.id, 1, visitor(2));
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().spot.confirmations, 2);
      assert.equal(res.json().spot.status, 'unverified');
      res = await vote(spot.id, 1, visitor(3));
      assert.equal(res.json().spot.confirmations, 3);
      assert.equal(res.json().spot.status, 'confirmed'); // 3 - 0 >= 3
      for (const n of [4, 5, 6]) res = await vote(spot.id, -1, visitor(n));
      assert.deepEqual([res.json().spot.confirmations, res.json().spot.denials], [3, 3]);
      assert.equal(res.json().spot.status, 'unverified');
      for (const n of [7, 8]) res = await vote(spot.id, -1, visitor(n));
      assert.equal(res.json().spot.status, 'unverified'); // 5 - 3 = 2, not > 2
      res = await vote(spot.id, -1, visitor(9));
      assert.equal(res.json().spot.status, 'disputed'); // 6 - 3 = 3 > 2
      await countsMatchRows(spot.id);
    });

    it('gives the reporter a 409 for "still dangerous" and lets them switch to "not anymore"', async () => {
      const reporter = visitor(20);
      const spot = await newSpot(reporter);
      const again = await vote(spot.id, 1, reporter);
      assert.equal(again.statusCode, 409);
      assert.equal(typeof again.json().error, 'string');
      const switched = await vote(spot.id, -1, reporter);
      assert.equal(switched.statusCode, 200);
      assert.deepEqual([switched.json().spot.confirmations, switched.json().spot.denials], [0, 1]);
      assert.equal((await vote(spot.id, -1, reporter)).statusCode, 409);
      const back = await vote(spot.id, 1, reporter);
      assert.deepEqual([back.json().spot.confirmations, back.json().spot.denials], [1, 0]);
      await countsMatchRows(spot.id);
    });

    it('moves last_confirmed_at on "still dangerous" only', async () => {
      const spot = await newSpot(visitor(30));
      const down = (await vote(spot.id, -1, visitor(31))).json().spot;
      assert.equal(down.last_confirmed_at, spot.last_confirmed_at);
      clock.advance(1000);
      const up = (await vote(spot.id, 1, visitor(32))).json().spot;
      assert.ok(
        Date.parse(up.last_confirmed_at) > Date.parse(spot.last_confirmed_at),
        `confirmed again: ${spot.last_confirmed_at} → ${up.last_confirmed_at}`,
      );
    });

    it('runs a vote or a flag as one statement: no transaction held open across round trips', async () => {
      const spot = await newSpot(visitor(20));
      const recorded = await recordStatements(t.db, async () => {
        assert.equal((await vote(spot.id, 1, visitor(21))).statusCode, 200);
        assert.equal((await vote(spot.id, -1, visitor(22))).statusCode, 200);
        assert.equal((await flag(spot.id, { reason: 'other', note: '' }, visitor(23))).statusCode, 200);
      });
      assert.equal(recorded.transactions, 0);
      const onSpots = recorded.statements.filter((sql) =>
        /\b(spots|votes|flags)\b|cast_vote|flag_spot/.test(sql),
      );
      assert.equal(onSpots.length, 3, onSpots.join('\n---\n'));
      const row = await countsMatchRows(spot.id);
      assert.deepEqual([row?.c, row?.d], [2, 1], "the reporter's and one more confirmation, one denial");
    });

    it('keeps exact counts under 200 concurrent votes from different visitors', async () => {
      const spot = await newSpot(visitor(1000));
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => vote(spot.id, i % 5 < 3 ? 1 : -1, visitor(1001 + i))),
      );
      assert.deepEqual(
        results.map((r) => r.statusCode).filter((s) => s !== 200),
        [],
      );
      const row = await countsMatchRows(spot.id);
      assert.deepEqual([row?.c, row?.d], [1 + 120, 80]);
    });

    it('turns the same vote sent 20 times at once into one success and 409s, never a double count', async () => {
      const spot = await newSpot(visitor(1500));
      const who = visitor(1501);
      const codes = (await Promise.all(Array.from({ length: 20 }, () => vote(spot.id, -1, who)))).map(
        (r) => r.statusCode,
      );
      assert.equal(codes.filter((c) => c === 200).length, 1);
      assert.equal(codes.filter((c) => c === 409).length, 19);
      const row = await countsMatchRows(spot.id);
      assert.equal(row?.d, 1);
    });

    it('answers 400 for a bad id or body, and 404 for an absent or non-public spot', async () => {
      const spot = await newSpot(visitor(40));
      for (const body of [undefined, 0, 2, '1', 'up', null]) {
        const res = await vote(spot.id, body, visitor(41));
        assert.equal(res.statusCode, 400, `value ${JSON.stringify(body)}`);
      }
      const malformed = await t.inject({
        method: 'POST',
        url: `/api/spots/${spot.id}/vote`,
        payload: '{"value":',
      });
      assert.equal(malformed.statusCode, 400);
      assert.equal((await vote('abc', 1, visitor(41))).statusCode, 400);
      assert.equal((await vote(0, 1, visitor(41))).statusCode, 400);
      assert.equal((await vote(987654, 1, visitor(41))).statusCode, 404);
      for (const publication of ['pending', 'rejected']) {
        await t.db.query('UPDATE spots SET publication = $2 WHERE id = $1', [spot.id, publication]);
        const res = await vote(spot.id, 1, visitor(41));
        assert.equal(res.statusCode, 404);
        assert.deepEqual(res.json(), { error: 'Spot not found' });
      }
    });
  });

  describe('POST /api/spots/{id}/flag', () => {
    it('accepts a flag with no body, redacts phone numbers in the note, and refuses a second flag', async () => {
      const spot = await newSpot(visitor(50));
      const bare = await flag(spot.id, undefined, visitor(51));
      assert.equal(bare.statusCode, 200);
      assert.deepEqual(bare.json(), { result: 'flagged' });
      const withNote = await flag(
        spot.id,
        { reason: 'names_person', note: 'Names a man, call 0772 123 456' },
        visitor(52),
      );
      assert.equal(withNote.statusCode, 200);
      const stored = await t.db.query<{ reason: string; note: string }>(
        'SELECT reason, note FROM flags WHERE spot_id = $1 ORDER BY id',
        [spot.id],
      );
      assert.deepEqual(stored, [
        { reason: 'other', note: '' },
        { reason: 'names_person', note: 'Names a man, call [removed]' },
      ]);
      // Said in words, or with letters for digits: the same (on a spot of their own, under the hiding threshold).
      const other = await newSpot(visitor(53));
      for (const [i, note] of [
        'His number: zero seven seven two one two three four five six',
        'Ring O77Z l23 4S6',
      ].entries())
        assert.equal(
          (await flag(other.id, { reason: 'names_person', note }, visitor(54 + i))).statusCode,
          200,
        );
      const notes = await t.db.query<{ note: string }>(
        'SELECT note FROM flags WHERE spot_id = $1 ORDER BY id',
        [other.id],
      );
      assert.deepEqual(
        notes.map((n) => n.note),
        ['His number: [removed]', 'Ring [removed]'],
      );
      const again = await flag(spot.id, { reason: 'duplicate' }, visitor(52));
      assert.equal(again.statusCode, 409);
    });

    it('rejects a bad reason or a note over 300 characters', async () => {
      const spot = await newSpot(visitor(60));
      assert.equal((await flag(spot.id, { reason: 'boring' }, visitor(61))).statusCode, 400);
      assert.equal((await flag(spot.id, { note: 'n'.repeat(301) }, visitor(61))).statusCode, 400);
      assert.equal((await flag(spot.id, [], visitor(61))).statusCode, 400);
      assert.equal((await flag(spot.id, { note: 'n'.repeat(300) }, visitor(61))).statusCode, 200);
    });

    it('hides a spot when flags from 3 distinct networks are open', async () => {
      const spot = await newSpot(visitor(70));
      assert.equal((await flag(spot.id, { reason: 'inaccurate' }, visitor(71))).json().result, 'flagged');
      assert.equal((await flag(spot.id, { reason: 'inaccurate' }, visitor(72))).json().result, 'flagged');
      assert.equal((await flag(spot.id, { reason: 'inaccurate' }, visitor(73))).json().result, 'hidden');
      assert.equal((await t.inject({ method: 'GET', url: `/api/spots/${spot.id}` })).statusCode, 404);
      assert.equal((await vote(spot.id, 1, visitor(74))).statusCode, 404);
      assert.equal((await flag(spot.id, {}, visitor(75))).statusCode, 404);
    });

    it('cannot be used by one network rotating user agents to hide a spot', async () => {
      const spot = await newSpot(visitor(80));
      for (let i = 0; i < 6; i++) {
        const res = await flag(
          spot.id,
          { reason: 'abusive' },
          { remoteAddress: '203.0.113.50', ua: `Rotated UA ${i}` },
        );
        assert.deepEqual(res.json(), { result: 'flagged' });
      }
      assert.equal((await t.inject({ method: 'GET', url: `/api/spots/${spot.id}` })).statusCode, 200);
    });

    it('never hides a spot verified by moderators, nor any spot when the threshold is 0', async () => {
      const verified = { id: await givenSpot(t, { verified: true }) };
      for (const n of [91, 92, 93, 94])
        assert.equal((await flag(verified.id, {}, visitor(n))).json().result, 'flagged');
      assert.equal((await t.inject({ method: 'GET', url: `/api/spots/${verified.id}` })).statusCode, 200);

      await t.db.query(`UPDATE settings SET value = '0' WHERE key = 'auto_hide_flag_threshold'`);
      try {
        const plain = await newSpot(visitor(95));
        for (const n of [96, 97, 98, 99])
          assert.equal((await flag(plain.id, {}, visitor(n))).json().result, 'flagged');
      } finally {
        await t.db.query(`UPDATE settings SET value = '3' WHERE key = 'auto_hide_flag_threshold'`);
      }
    });
  });

  describe('GET /api/spots/{id}/history', () => {
    it("counts a public spot's votes by the day they stand from, and shows no voter", async () => {
      const spot = await newSpot(visitor(700));
      for (const [n, value] of [
        [701, 1],
        [702, 1],
        [703, -1],
      ] as const)
        assert.equal((await vote(spot.id, value, visitor(n))).statusCode, 200);
      // One vote cast two days ago (Kampala's clocks), changed since: it counts where it stands.
      await t.db.query(
        `UPDATE votes SET updated_at = now() - interval '2 days' WHERE spot_id = $1 AND value = -1`,
        [spot.id],
      );
      const res = await t.inject({ method: 'GET', url: `/api/spots/${spot.id}/history` });
      assert.equal(res.statusCode, 200, res.body);
      const now = t.deps.clock.now().getTime();
      assert.deepEqual(res.json(), {
        spot_id: spot.id,
        reported_at: spot.created_at,
        status: 'unverified',
        confirmations: 3,
        denials: 1,
        days: [
          { day: regionDay(new Date(now)), confirmations: 3, denials: 0 },
          { day: regionDay(new Date(now - 2 * 86_400_000)), confirmations: 0, denials: 1 },
        ],
      });
      assert.doesNotMatch(res.body, /Phone 70|198\.53\.2/, 'nothing of the voters');
      const again = await t.inject({
        method: 'GET',
        url: `/api/spots/${spot.id}/history`,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      assert.equal(again.statusCode, 304);
    });

    it('is a 404 for a spot not on the public map, and a 400 for a bad id', async () => {
      const held = { id: await givenSpot(t, { publication: 'pending' }) };
      assert.equal((await t.inject({ method: 'GET', url: `/api/spots/${held.id}/history` })).statusCode, 404);
      assert.equal((await t.inject({ method: 'GET', url: '/api/spots/x/history' })).statusCode, 400);
    });
  });

  describe('GET /api/me', () => {
    it("returns the visitor's own votes and flags on public spots, and the approval setting", async () => {
      const who = visitor(300);
      const mine = await newSpot(who);
      const other = await newSpot(visitor(301));
      await vote(other.id, -1, who);
      await flag(other.id, { reason: 'duplicate' }, who);
      const body = await me(who);
      assert.deepEqual(body, {
        votes: { [mine.id]: 1, [other.id]: -1 },
        requireApproval: false,
        flags: [other.id],
        alertMinConfidence: 3,
      });
      const none = { votes: {}, requireApproval: false, flags: [], alertMinConfidence: 3 };
      assert.deepEqual(await me(visitor(302)), none);
      await t.db.query(`UPDATE spots SET publication = 'pending' WHERE id = $1`, [other.id]);
      assert.deepEqual(await me(who), { ...none, votes: { [mine.id]: 1 } });
    });
  });

  describe('GET /api/stats', () => {
    it('counts public, non-disputed spots by totals, category, area and confidence band', async () => {
      const fresh = await startTestApp();
      try {
        const empty = (await fresh.inject({ method: 'GET', url: '/api/stats' })).json();
        assert.deepEqual(empty, {
          totals: { total: 0, confirmed: 0, unverified: 0, this_week: 0 },
          byCategory: [],
          byArea: [],
          byConfidence: { likely: 0, possible: 0, unconfirmed: 0 },
        });
        const add = async (body: Record<string, unknown>) =>
          (await fresh.inject({ method: 'POST', url: '/api/spots', payload: report(body) })).json().spot.id;
        const a = await add({ category: 'robbery', area: 'Kisenyi', severity: 3 });
        await add({ category: 'robbery', area: 'Kisenyi', severity: 5 });
        const c = await add({ category: 'murder', area: 'Kawempe', severity: 5 });
        const d = await add({ category: 'other', area: '', severity: 1 });
        const pending = await add({ category: 'kidnapping', area: 'Hidden', severity: 4 });
        const disputed = await add({ category: 'stabbing', area: 'Disputed', severity: 2 });
        await fresh.db.query('UPDATE spots SET confirmations = 4 WHERE id = $1', [a]);
        await fresh.db.query('UPDATE spots SET moderator_verified = true WHERE id = $1', [c]);
        await fresh.db.query(
          `UPDATE spots SET seeded = true, created_at = now() - interval '30 days' WHERE id = $1`,
          [d],
        );
        await fresh.db.query(`UPDATE spots SET publication = 'pending' WHERE id = $1`, [pending]);
        await fresh.db.query('UPDATE spots SET denials = 5 WHERE id = $1', [disputed]);
        // Confidence as stored (a newcomer's report is 3.3): one likely, one possible, and the rest.
        await fresh.db.query('UPDATE spots SET confidence = 8.5 WHERE id = $1', [c]);
        await fresh.db.query('UPDATE spots SET confidence = 4 WHERE id = $1', [a]);
        await fresh.db.query('UPDATE spots SET confidence = 9 WHERE id = ANY($1::int[])', [
          [pending, disputed],
        ]);
        const stats = (await fresh.inject({ method: 'GET', url: '/api/stats' })).json();
        assert.deepEqual(stats.totals, { total: 4, confirmed: 2, unverified: 2, this_week: 3 });
        assert.deepEqual(stats.byCategory, [
          { category: 'robbery', count: 2 },
          { category: 'murder', count: 1 },
          { category: 'other', count: 1 },
        ]);
        assert.deepEqual(stats.byArea, [
          { area: 'Kisenyi', count: 2, max_severity: 5 },
          { area: 'Kawempe', count: 1, max_severity: 5 },
        ]);
        assert.deepEqual(stats.byConfidence, { likely: 1, possible: 1, unconfirmed: 2 });
      } finally {
        await fresh.close();
      }
    });
  });
});
