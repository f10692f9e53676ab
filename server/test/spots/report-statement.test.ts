import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { deviceWithStanding, givenWatch, report } from '../factories.ts';
import { FakePushService } from '../fake-push.ts';
import { startTestApp, type TestApp } from '../test-app.ts';
import { recordStatements } from '../test-db.ts';

/**
 * A report is one statement (spots/report.sql.ts): the spot, the reporter's vote, the newcomer
 * budgets' event and partners' deliveries in one round trip, with no transaction held open while
 * this process works. Only a report with standing near a watch takes one more transaction, for its
 * alerts; if that fails, the report is still saved and its alerts wait for a second voice.
 */
const push = new FakePushService();
const KALERWE = { lat: 0.34918, lng: 32.57195 };
const FAR_AWAY = { lat: 2.7724, lng: 32.2881 };
/** Statements that touch what a report writes. */
const ON_REPORTS = /report_spot|\b(spots|votes|report_events|outbox|watches)\b/;

let t: TestApp;
describe('spots/report-statement', () => {
  before(async () => {
    t = await startTestApp({ env: { PUSH_SERVICES: await push.start() } });
    // No background work: the alerts stay queued where the test can see them. (Closing the outbox
    // alone is not enough: the worker role starts it again once it holds its lock.)
    await t.deps.worker.close();
    await givenWatch(t, push, { ...KALERWE, radius_m: 1000, place: 'Kalerwe' });
  });
  after(async () => {
    await t.close();
    await push.stop();
  });

  /** Reports at `at`, with the reporter's device cookie if given; the statements and transactions it ran. */
  async function reportCounted(at: { lat: number; lng: number }, cookie?: string) {
    const {
      result: res,
      statements,
      transactions,
    } = await recordStatements(t.db, () =>
      t.inject({
        method: 'POST',
        url: '/api/spots',
        headers: cookie ? { cookie } : {},
        payload: report({ ...at, severity: 4, title: 'Bag snatching at the stage' }),
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    const { spot, pending } = res.json() as { spot: { id: number }; pending: boolean };
    return {
      id: spot.id,
      pending,
      statements: statements.filter((sql) => ON_REPORTS.test(sql)),
      transactions,
    };
  }

  const stored = async (id: number) =>
    (
      await t.db.query<{ alerts_wait: boolean; votes: number; events: number; alerts: number }>(
        `SELECT s.alerts_wait,
           (SELECT count(*)::int FROM votes v WHERE v.spot_id = s.id AND v.by_reporter) AS votes,
           (SELECT count(*)::int FROM report_events e WHERE e.spot_id = s.id) AS events,
           (SELECT count(*)::int FROM outbox o WHERE o.spot_id = s.id AND o.kind = 'alert') AS alerts
         FROM spots s WHERE s.id = $1`,
        [id],
      )
    )[0];

  it("saves a newcomer's report in one statement, its alerts waiting for a second voice", async () => {
    const r = await reportCounted(KALERWE);
    assert.equal(r.pending, false);
    assert.equal(r.statements.length, 1, r.statements.join('\n---\n'));
    assert.equal(r.transactions, 0);
    assert.deepEqual(await stored(r.id), { alerts_wait: true, votes: 1, events: 1, alerts: 0 });
  });

  it('saves a report with standing far from any watch in one statement', async () => {
    const r = await reportCounted(FAR_AWAY, await deviceWithStanding(t));
    assert.equal(r.statements.length, 1, r.statements.join('\n---\n'));
    assert.equal(r.transactions, 0);
    assert.deepEqual(await stored(r.id), { alerts_wait: false, votes: 1, events: 1, alerts: 0 });
  });

  it('queues the alerts of a report with standing near a watch before answering, in one more transaction', async () => {
    const r = await reportCounted(KALERWE, await deviceWithStanding(t));
    assert.equal(r.transactions, 1);
    assert.equal(r.statements.filter((sql) => sql.includes('report_spot')).length, 1);
    assert.deepEqual(await stored(r.id), { alerts_wait: false, votes: 1, events: 1, alerts: 1 });
  });

  it('answers a report as saved when its alerts cannot be queued; they go with a second voice', async () => {
    const cookie = await deviceWithStanding(t);
    const { transaction } = t.db;
    t.db.transaction = () => Promise.reject(new Error('connection lost'));
    const r = await reportCounted(KALERWE, cookie).finally(() => {
      t.db.transaction = transaction;
    });
    assert.equal((await t.inject({ url: `/api/spots/${r.id}` })).statusCode, 200, 'on the map');
    assert.deepEqual(await stored(r.id), { alerts_wait: true, votes: 1, events: 1, alerts: 0 });
    const vote = await t.inject({
      method: 'POST',
      url: `/api/spots/${r.id}/vote`,
      headers: { cookie: await deviceWithStanding(t) },
      payload: { value: 1 },
      remoteAddress: '100.99.1.1',
    });
    assert.equal(vote.statusCode, 200, vote.body);
    assert.deepEqual(await stored(r.id), { alerts_wait: false, votes: 1, events: 1, alerts: 1 });
  });
});
