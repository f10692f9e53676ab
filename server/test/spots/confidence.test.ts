import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import {
  type ConfidenceInputs,
  confidence,
  confidenceBand,
  DEFAULT_HALF_LIVES,
  type HalfLives,
  SOURCED_FLOOR,
  VERIFIED_FLOOR,
} from '../../../common/confidence.ts';
import { publicDataChanged } from '../../src/deps.ts';
import { confidenceExpression } from '../../src/spots/confidence.sql.ts';
import { ConfidenceAgeing, refreshStaleConfidence } from '../../src/spots/index.ts';
import { deviceWithStanding, report } from '../factories.ts';
import { waitFor } from '../processes.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';

/** Confidence and time (common/confidence.ts): the rule's properties, and what the API serves. */

const inputs = fc.record({
  moderatorVerified: fc.boolean(),
  sourced: fc.boolean(),
  reporterStanding: fc.boolean(),
  support: fc.integer({ min: 0, max: 60 }),
  doubt: fc.integer({ min: 0, max: 60 }),
  ageDays: fc.double({ min: 0, max: 4000, noNaN: true }),
  severity: fc.integer({ min: 1, max: 5 }),
});
const more = fc.integer({ min: 1, max: 20 });

describe('the confidence rule', () => {
  it('stays within 0 to 10, with one decimal', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const c = confidence(i);
        return c >= 0 && c <= 10 && Math.abs(c * 10 - Math.round(c * 10)) < 1e-9;
      }),
    );
  });

  it('never falls with more confirmations, nor rises with more denials or more age', () => {
    fc.assert(
      fc.property(inputs, more, (i: ConfidenceInputs, n) => {
        assert.ok(confidence({ ...i, support: i.support + n }) >= confidence(i), 'confirmations');
        assert.ok(confidence({ ...i, doubt: i.doubt + n }) <= confidence(i), 'denials');
        assert.ok(confidence({ ...i, ageDays: i.ageDays + n * 30 }) <= confidence(i), 'age');
      }),
    );
  });

  it('keeps verified spots at 8 or more and sourced ones at 6 or more, whatever their age and denials', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        assert.ok(confidence({ ...i, moderatorVerified: true }) >= VERIFIED_FLOOR, 'verified');
        assert.ok(confidence({ ...i, sourced: true }) >= SOURCED_FLOOR, 'sourced');
      }),
    );
  });

  it('rates a newcomer’s lone report low, and a spot confirmed from many networks high', () => {
    const lone = {
      moderatorVerified: false,
      sourced: false,
      reporterStanding: false,
      support: 0,
      doubt: 0,
      ageDays: 0,
      severity: 3,
    };
    assert.equal(confidence(lone), 3.3);
    assert.equal(confidenceBand(confidence(lone)), 'unconfirmed');
    assert.equal(confidence({ ...lone, reporterStanding: true }), 5);
    // Six networks confirmed it, each with a voter of standing.
    assert.equal(confidence({ ...lone, support: 12 }), 8.7);
    assert.equal(confidenceBand(8.7), 'likely');
  });

  it('halves every half-life, longer for severe dangers', () => {
    const confirmed = {
      moderatorVerified: false,
      sourced: false,
      reporterStanding: true,
      support: 12,
      doubt: 0,
      severity: 3,
    };
    assert.equal(confidence({ ...confirmed, ageDays: DEFAULT_HALF_LIVES.otherDays }), 4.4);
    assert.equal(confidence({ ...confirmed, ageDays: DEFAULT_HALF_LIVES.otherDays, severity: 5 }), 6.2);
    assert.equal(confidence({ ...confirmed, ageDays: 90 }, { severeDays: 30, otherDays: 30 }), 1.1);
  });
});

describe('confidence as the API serves it', () => {
  let t: TestApp;
  const clock = new TestClock();
  before(async () => {
    t = await startTestApp({ clock, env: { SEED: '1' } });
  });
  after(() => t.close());

  const listed = async () =>
    (await t.inject({ method: 'GET', url: '/api/spots?limit=200' })).json().spots as Array<{
      id: number;
      confidence: number;
      seeded: boolean;
      source_url: string | null;
    }>;

  it('gives every seeded spot with a source at least the sourced floor', async () => {
    const spots = await listed();
    assert.ok(spots.length >= 21, `${spots.length} spots`);
    for (const s of spots.filter((x) => x.seeded && x.source_url))
      assert.ok(s.confidence >= SOURCED_FLOOR, `spot ${s.id}: ${s.confidence}`);
  });

  it('rates a newcomer’s report low; votes from other networks raise it, denials lower it', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report(),
      remoteAddress: '198.51.100.10',
    });
    assert.equal(res.statusCode, 201, res.body);
    const spot = res.json().spot as { id: number; confidence: number };
    assert.equal(spot.confidence, 3.3);

    const vote = async (value: 1 | -1, remoteAddress: string, cookie?: string) => {
      const r = await t.inject({
        method: 'POST',
        url: `/api/spots/${spot.id}/vote`,
        payload: { value },
        remoteAddress,
        headers: cookie ? { cookie } : {},
      });
      assert.equal(r.statusCode, 200, r.body);
      return (r.json() as { spot: { confidence: number } }).spot.confidence;
    };
    // A visitor without standing from another network, then a device with standing from a third.
    assert.equal(await vote(1, '203.0.113.20'), 5);
    const trusted = await deviceWithStanding(t);
    assert.equal(await vote(1, '192.0.2.30', trusted), 6.7);
    // A second vote from the first network adds nothing: networks count once.
    assert.equal(await vote(1, '203.0.113.21'), 6.7);
    assert.equal(await vote(-1, '100.64.0.40'), 5.7);
    const detail = (await t.inject({ method: 'GET', url: `/api/spots/${spot.id}` })).json();
    assert.equal(detail.spot.confidence, 5.7);
  });

  it('is computed in the database by the same rule', async () => {
    const halfLives = fc.record({
      severeDays: fc.integer({ min: 1, max: 720 }),
      otherDays: fc.integer({ min: 1, max: 720 }),
    });
    // Ages to the millisecond, as stored times give them (a subnormal age underflows in SQL's division).
    const ms = inputs.map((i) => ({ ...i, ageDays: Math.round(i.ageDays * 86_400_000) / 86_400_000 }));
    const cases = fc.sample(fc.tuple(ms, halfLives), 300);
    const rows = await t.db.query<{ n: number; c: number }>(
      `SELECT i.n, ${confidenceExpression('i.severe', 'i.other')} AS c
       FROM unnest($1::int[], $2::bool[], $3::bool[], $4::bool[], $5::float8[], $6::float8[], $7::float8[],
                   $8::int[], $9::float8[], $10::float8[])
         AS i(n, moderator_verified, sourced, reporter_standing, support, doubt, age_days, severity, severe, other)`,
      [
        cases.map((_, n) => n),
        ...(
          [
            'moderatorVerified',
            'sourced',
            'reporterStanding',
            'support',
            'doubt',
            'ageDays',
            'severity',
          ] as const
        ).map((k) => cases.map(([i]) => i[k])),
        cases.map(([, h]) => h.severeDays),
        cases.map(([, h]) => h.otherDays),
      ],
    );
    assert.equal(rows.length, cases.length);
    for (const { n, c } of rows) {
      const [i, h] = cases[n] as [ConfidenceInputs, HalfLives];
      assert.equal(Number(c), confidence(i, h), JSON.stringify({ i, h }));
    }
  });

  it('fades as the clock passes the half-life, computed again as spots age', async () => {
    const before = new Map((await listed()).map((s) => [s.id, s.confidence]));
    clock.advance(DEFAULT_HALF_LIVES.otherDays * 86_400_000);
    const computed = await refreshStaleConfidence(t.db, clock.now());
    assert.ok(computed >= before.size, `${computed} computed again`);
    // As the hourly catch-up does when it computed any (deps.ts).
    publicDataChanged(t.deps);
    const afterwards = await listed();
    const unprotected = afterwards.filter((s) => !s.source_url && !s.seeded);
    assert.notEqual(unprotected.length, 0, 'a reported spot is among them');
    for (const s of unprotected) {
      const was = before.get(s.id) ?? 0;
      assert.ok(Math.abs(s.confidence - was / 2) <= 0.1, `spot ${s.id}: ${was} then ${s.confidence}`);
    }
  });

  it('is aged by the worker again when it stopped with its lost lock and started with the lock back', async () => {
    // The worker's background work (worker-role.ts) is closed when its lock is lost and started
    // again when it holds the lock once more; each start begins a catch-up at once.
    let changed = 0;
    const ageing = new ConfidenceAgeing(t.db, clock, t.deps.log, () => {
      changed++;
      publicDataChanged(t.deps);
    });
    const catchUp = async () => {
      const before = changed;
      ageing.start();
      await waitFor(async () => changed > before, 10_000, 'the catch-up');
      await ageing.close();
    };
    // Every spot was computed a day ago or more: the first catch-up computes them all.
    clock.advance(2 * 86_400_000);
    await catchUp();
    const before = new Map((await listed()).map((s) => [s.id, s.confidence]));
    clock.advance(DEFAULT_HALF_LIVES.otherDays * 86_400_000);
    await catchUp();
    const unprotected = (await listed()).filter((s) => !s.source_url && !s.seeded);
    assert.notEqual(unprotected.length, 0);
    for (const s of unprotected) {
      const was = before.get(s.id) ?? 0;
      assert.ok(Math.abs(s.confidence - was / 2) <= 0.1, `spot ${s.id}: ${was} then ${s.confidence}`);
    }
  });
});
