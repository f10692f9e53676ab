import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EventHub, type StreamTarget } from '../../src/events/event-hub.ts';
import { givenSpot } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

/**
 * The hub's order of things, driven step by step (no HTTP, no timers): a read begun before the last
 * stream closed, and a reconnect while a change is still to be read, each send a change once to
 * the streams that should hear it.
 */
let t: TestApp;

/** A stream's far end: what it was sent, change ids only. */
class Target implements StreamTarget {
  readonly texts: string[] = [];
  readonly writableLength = 0;
  write(text: string): boolean {
    this.texts.push(text);
    return true;
  }
  end(): void {}
  get ids(): string[] {
    return this.texts.flatMap((text) => /^id: (\d+)\nevent: spot\./.exec(text)?.[1] ?? []);
  }
}

const newest = async () =>
  (await t.db.query<{ id: string }>('SELECT max(id)::text AS id FROM spot_changes'))[0]?.id ?? '0';

describe('events/event-hub', () => {
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('drops a read begun before the last stream closed: the next stream hears only what came after it opened', async () => {
    const hub = new EventHub(t.db, t.deps.log, t.deps.clock);
    const gone = new Target();
    const close = await hub.open(gone, 'a', undefined);
    await givenSpot(t);
    const reading = hub.read(); // its query is on its way
    close(); // nobody listens any more
    const next = new Target();
    const opening = hub.open(next, 'b', undefined);
    await reading;
    await opening;
    await hub.read();
    assert.deepEqual(next.ids, [], 'the change before it opened is not sent to it');
    assert.equal(next.texts[0], `retry: 3000\nid: ${await newest()}\n\n`, 'its first line: where it starts');
    await givenSpot(t);
    await hub.read();
    assert.deepEqual(next.ids, [await newest()], 'the change after it opened');
    await hub.close();
  });

  it('sends a reconnecting stream a change not yet read once, with the others, not in its replay too', async () => {
    const hub = new EventHub(t.db, t.deps.log, t.deps.clock);
    const staying = new Target();
    await hub.open(staying, 'a', undefined);
    await givenSpot(t);
    await hub.read();
    const seen = await newest();
    assert.deepEqual(staying.ids, [seen]);
    await givenSpot(t);
    await hub.read();
    const missed = await newest();
    await givenSpot(t); // written, not yet read by the hub
    const unread = await newest();
    const back = new Target();
    await hub.open(back, 'b', undefined, seen);
    assert.deepEqual(back.ids, [missed], 'the replay: what the others were sent while it was away');
    await hub.read();
    assert.deepEqual(back.ids, [missed, unread], 'the unread change comes once, with the others');
    assert.deepEqual(staying.ids, [seen, missed, unread]);
    await hub.close();
  });

  it('replays to a stream that reconnects with the id of its first line what came while it was away', async () => {
    const hub = new EventHub(t.db, t.deps.log, t.deps.clock);
    const first = new Target();
    const close = await hub.open(first, 'a', undefined);
    const start = /^retry: \d+\nid: (\d+)\n\n$/.exec(first.texts[0] ?? '')?.[1];
    assert.ok(start, 'the first line names where the stream starts');
    close(); // the phone lost its connection before any event came
    await givenSpot(t);
    const back = new Target();
    await hub.open(back, 'a', undefined, start);
    assert.deepEqual(back.ids, [await newest()], 'what came while it was away');
    assert.equal(back.texts[0], 'retry: 3000\n\n', 'a reconnect keeps its own id');
    await hub.close();
  });
});
