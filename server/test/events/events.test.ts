import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { EventHub, type StreamTarget } from '../../src/events/event-hub.ts';
import { givenModerator, givenSpot, report, signedIn } from '../factories.ts';
import { startListeningTestApp, type TestApp } from '../test-app.ts';

/**
 * GET /api/events (docs/api.md, "Live changes"): a new report, a vote, a moderator's decision reach
 * the open streams whose box holds them; a reconnect with Last-Event-ID gets what it missed; the
 * streams are bounded per network and site-wide.
 */
let t: TestApp & { origin: string };

interface Event {
  id: string;
  event: string;
  data: { id: number; lat: number; lng: number; spot: Record<string, unknown> | null };
}

/** The first event, which must have come. */
function first(events: Event[]): Event {
  assert.ok(events[0], 'an event came');
  return events[0];
}

/** An open stream, its events parsed as they come. */
class Stream {
  readonly events: Event[] = [];
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  body = '';
  private readonly req: http.ClientRequest;
  private buffer = '';
  readonly ready: Promise<void>;

  constructor(path: string, headers: Record<string, string> = {}) {
    this.req = http.get(`${t.origin}${path}`, { headers });
    this.ready = new Promise((resolve, reject) => {
      this.req.on('error', reject);
      this.req.on('response', (res) => {
        this.status = res.statusCode ?? 0;
        this.headers = res.headers;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          this.body += chunk;
          this.buffer += chunk;
          this.parse();
          resolve();
        });
        res.on('end', () => resolve());
      });
    });
  }

  private parse() {
    let end = this.buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((l) => !l.startsWith(':'))
          .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
      );
      if (fields.event)
        this.events.push({
          id: fields.id ?? '',
          event: fields.event,
          data: JSON.parse(fields.data ?? 'null'),
        });
      end = this.buffer.indexOf('\n\n');
    }
  }

  /** Waits (polling the hub, not the wall clock) until `n` events came. */
  async waitFor(n: number): Promise<Event[]> {
    await this.ready;
    for (let i = 0; i < 2000 && this.events.length < n; i++) {
      await t.deps.events.read();
      await new Promise((r) => setImmediate(r));
    }
    return this.events;
  }

  close() {
    this.req.destroy();
  }
}

const KAMPALA = 'bbox=32.50,0.25,32.65,0.40';

describe('events/events', () => {
  before(async () => {
    // Streams from other networks come through a trusted proxy naming their address.
    t = await startListeningTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  after(() => t.close());

  it('streams a new report, with its id, to a stream whose box holds it and not to another', async () => {
    const near = new Stream(`/api/events?${KAMPALA}`);
    const far = new Stream('/api/events?bbox=30.0,2.0,30.5,2.5');
    await Promise.all([near.ready, far.ready]);
    assert.equal(near.status, 200);
    assert.match(String(near.headers['content-type']), /^text\/event-stream/);
    assert.equal(near.headers['x-accel-buffering'], 'no');
    const res = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report({ title: 'Bag snatching at the stage' }),
    });
    assert.equal(res.statusCode, 201, res.body);
    const event = first(await near.waitFor(1));
    assert.equal(event.event, 'spot.published');
    assert.match(event.id, /^\d+$/);
    assert.deepEqual(event.data.spot, res.json().spot);
    await t.deps.events.read();
    assert.deepEqual(far.events, [], 'nothing outside its box');
    near.close();
    far.close();
  });

  it('streams a vote as a change and a moderator rejecting it as hidden', async () => {
    const id = await givenSpot(t);
    const stream = new Stream(`/api/events?${KAMPALA}`);
    await stream.ready;
    const vote = await t.inject({ method: 'POST', url: `/api/spots/${id}/vote`, payload: { value: -1 } });
    assert.equal(vote.statusCode, 200, vote.body);
    const changed = first(await stream.waitFor(1));
    assert.equal(changed.event, 'spot.changed');
    assert.equal(changed.data.spot?.denials, 1);
    await t.db.query(`UPDATE spots SET publication = 'rejected' WHERE id = $1`, [id]);
    const events = await stream.waitFor(2);
    assert.deepEqual(
      events.map((e) => [e.event, e.data.id, e.data.spot]),
      [
        ['spot.changed', id, changed.data.spot],
        ['spot.hidden', id, null],
      ],
    );
    stream.close();
  });

  it('replays what a reconnecting stream missed after its Last-Event-ID, and says reload when that is gone', async () => {
    const opening = new Stream(`/api/events?${KAMPALA}`);
    await opening.ready;
    await t.inject({ method: 'POST', url: '/api/spots', payload: report({ title: 'First of three' }) });
    const seen = first(await opening.waitFor(1));
    opening.close();
    // While it is away, two more.
    for (const title of ['Second of three', 'Third of three'])
      await t.inject({ method: 'POST', url: '/api/spots', payload: report({ title }) });
    const back = new Stream(`/api/events?${KAMPALA}`, { 'last-event-id': seen.id });
    const missed = await back.waitFor(2);
    assert.deepEqual(
      missed.map((e) => e.data.spot?.title),
      ['Second of three', 'Third of three'],
    );
    back.close();
    // A page opening a new stream gives the id in the query (an EventSource sets no headers).
    const reopened = new Stream(`/api/events?${KAMPALA}&last_event_id=${seen.id}`);
    assert.deepEqual(
      (await reopened.waitFor(2)).map((e) => e.data.spot?.title),
      ['Second of three', 'Third of three'],
    );
    reopened.close();
    await t.db.query('DELETE FROM spot_changes WHERE id <= $1::bigint + 1', [seen.id]);
    const late = new Stream(`/api/events?${KAMPALA}`, { 'last-event-id': seen.id });
    assert.equal(first(await late.waitFor(1)).event, 'reload');
    late.close();
  });

  it("tells a moderators' console of a held report, and a public stream nothing of it", async () => {
    const stranger = new Stream('/api/mod/events');
    await stranger.ready;
    assert.equal(stranger.status, 401, 'only for moderators');
    const cookie = await signedIn(t, await givenModerator(t));
    const moderators = new Stream('/api/mod/events', { cookie });
    const everyone = new Stream(`/api/events?${KAMPALA}`);
    await Promise.all([moderators.ready, everyone.ready]);
    assert.equal(moderators.status, 200);
    await givenSpot(t, { publication: 'pending' });
    const told = first(await moderators.waitFor(1));
    assert.equal(told.event, 'queue');
    assert.deepEqual(told.data, { changes: 1, held: 1 });
    await t.deps.events.read();
    assert.deepEqual(everyone.events, [], 'a held report is not public');
    moderators.close();
    everyone.close();
  });

  it("refuses a stream past its network's share with 503 and Retry-After; another network still gets one", async () => {
    const crowd = Array.from(
      { length: 300 },
      () => new Stream('/api/events', { 'x-forwarded-for': '41.1.1.1' }),
    );
    await Promise.all(crowd.map((s) => s.ready));
    assert.deepEqual([...new Set(crowd.map((s) => s.status))], [200]);
    const refused = new Stream('/api/events', { 'x-forwarded-for': '41.1.1.200' });
    await refused.ready;
    assert.equal(refused.status, 503, refused.body);
    assert.equal(refused.headers['retry-after'], '30');
    assert.match(refused.body, /from your network/);
    const other = new Stream('/api/events', { 'x-forwarded-for': '102.80.4.7' });
    await other.ready;
    assert.equal(other.status, 200);
    for (const s of [...crowd, other]) s.close();
  });
  /** A stream the test writes to by hand: what it was sent, how far behind its client is. */
  const fakeTarget = (behind = 0) => {
    const target = {
      sent: [] as string[],
      ended: false,
      writableLength: behind,
      write: (text: string) => target.sent.push(text) > 0,
      end: () => {
        target.ended = true;
      },
    };
    return target satisfies StreamTarget;
  };

  it('refuses a stream past the site-wide bound, whatever its network, with 503 and Retry-After', async () => {
    const hub = new EventHub(t.db, t.deps.log, t.deps.clock, { maxStreams: 2 });
    await hub.open(fakeTarget(), 'network a', undefined);
    await hub.open(fakeTarget(), 'network b', undefined);
    const refusal = hub.refusal('network c');
    assert.equal(refusal?.status, 503);
    assert.equal(refusal?.retryAfterSeconds, 30);
    assert.match(refusal?.message ?? '', /Too many live streams are open;/);
    await hub.close();
  });

  it('closes a stream whose client fell too far behind, instead of buffering for it', async () => {
    const hub = new EventHub(t.db, t.deps.log, t.deps.clock, { maxBufferedBytes: 1000 });
    const keeping = fakeTarget(0);
    const lagging = fakeTarget(5000);
    await hub.open(keeping, 'network a', undefined);
    await hub.open(lagging, 'network b', undefined);
    assert.equal((await t.inject({ method: 'POST', url: '/api/spots', payload: report() })).statusCode, 201);
    await hub.read();
    assert.equal(lagging.ended, true);
    assert.equal(hub.size, 1);
    assert.ok(
      keeping.sent.some((text) => text.includes('event: spot.published')),
      'the other hears it',
    );
    await hub.close();
  });
  it('sends a burst of changes (the archiving, a bulk decision) as one reload, not one event each', async () => {
    const hub = new EventHub(t.db, t.deps.log, t.deps.clock, { maxBurst: 2 });
    const target = fakeTarget();
    await hub.open(target, 'network a', undefined);
    for (const title of ['Burst one', 'Burst two', 'Burst three'])
      assert.equal(
        (await t.inject({ method: 'POST', url: '/api/spots', payload: report({ title }) })).statusCode,
        201,
      );
    await hub.read();
    const events = target.sent.filter((text) => text.includes('event: '));
    assert.equal(events.length, 1, events.join(''));
    assert.match(events[0] ?? '', /^id: \d+\nevent: reload\n/);
    await hub.close();
  });
});
