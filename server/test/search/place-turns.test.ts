import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import type { NominatimClient } from '../../src/clients/nominatim.ts';
import { FallbackCounters } from '../../src/limits/fallback-counters.ts';
import { MemoryStore } from '../../src/limits/memory-store.ts';
import { RateLimiter } from '../../src/limits/rate-limit.ts';
import { PlaceSearch } from '../../src/search/places.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';

/**
 * The place service's turns: one request a second for the whole app, by the clock. The app's clock and
 * the counters' memory are one test clock: waiting moves it, nothing sleeps.
 */
describe('search/place turns', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { SEED: '1' } });
  });
  after(() => t.close());

  /** A place search on its own clock and counters, whose service records when each query was sent. */
  async function withPlaceSearch(
    use: (s: {
      places: PlaceSearch;
      clock: TestClock;
      asked: Map<string, number>;
      who: ReturnType<TestApp['deps']['identify']>;
    }) => Promise<void>,
  ) {
    const clock = new TestClock(Date.UTC(2026, 10, 29, 9));
    const now = () => clock.now().getTime();
    const counters = new FallbackCounters(new MemoryStore(now), new MemoryStore(now), t.deps.log, {
      timeoutMs: 500,
      probeEveryMs: 1000,
      now,
    });
    const asked = new Map<string, number>();
    const service = {
      accepting: true,
      search: async (q: string) => {
        asked.set(q, now());
        return [{ name: q, detail: 'Kampala', lat: 0.3476, lng: 32.5825 }];
      },
    } as unknown as NominatimClient;
    const places = new PlaceSearch(t.db, service, new RateLimiter(counters), t.deps.log, clock);
    const who = t.deps.identify({
      ip: '198.51.100.77',
      socket: { remoteAddress: '198.51.100.77' },
      headers: {},
    } as unknown as FastifyRequest);
    try {
      await use({ places, clock, asked, who });
    } finally {
      await counters.close();
    }
  }

  const names = (f: Awaited<ReturnType<PlaceSearch['find']>>) =>
    'places' in f ? f.places.map((p) => p.name) : f;

  it('asks at most once per second for the whole app: lookups waiting take their turns by the clock', async () => {
    await withPlaceSearch(async ({ places, asked, who }) => {
      // Three different uncached queries at once: all answered, each sent a whole slot after the last.
      const found = await Promise.all(
        ['Kawempe pace', 'Kampala pace', 'Central pace'].map((q) => places.find(q, who)),
      );
      assert.deepEqual(found.map(names), [['kawempe pace'], ['kampala pace'], ['central pace']]);
      const [a, b, c] = [...asked.values()].sort((x, y) => x - y) as [number, number, number];
      assert.ok(b - a >= 1000 && c - b >= 1000, `asked at +0, +${b - a}, +${c - a} ms by the clock`);
    });
  });

  it('gives a waiting query’s turn to the next one once all who asked it have gone', async () => {
    await withPlaceSearch(async ({ places, clock, asked, who }) => {
      // A slow phone typing "Kaler" asked for "Kal" and "Kale" on the way, and closed the second
      // request when the next letter came; another phone asked for "Kaler" too and also went.
      const kale = new AbortController();
      const kalerLeft = new AbortController();
      // Gone once the waiting has begun (the first poll for a turn).
      const sleep = clock.sleep.bind(clock);
      clock.sleep = (ms) => {
        kale.abort();
        kalerLeft.abort();
        return sleep(ms);
      };
      // "Kal" holds the turn before the others ask: two lookups starting together race to the
      // first turn through the database's cache check, and either may win it.
      const kal = await places.find('Kal turns', who);
      const [gone, kaler] = await Promise.all([
        places.find('Kale turns', who, kale.signal),
        places.find('Kaler turns', who),
        places.find('Kaler turns', who, kalerLeft.signal),
      ]);
      assert.deepEqual([kal, gone, kaler].map(names), [['kal turns'], [], ['kaler turns']]);
      assert.deepEqual([...asked.keys()].sort(), ['kal turns', 'kaler turns'], '"kale" was never sent');
      const [first, second] = [...asked.values()].sort((x, y) => x - y) as [number, number];
      assert.ok(
        second - first < 2000,
        `"kaler", still asked for, took the second turn (+${second - first} ms), not the third`,
      );
    });
  });

  it('answers someone who asks again for a query the others have left', async () => {
    await withPlaceSearch(async ({ places, clock, asked, who }) => {
      const kale = new AbortController();
      let again: ReturnType<PlaceSearch['find']> | undefined;
      const sleep = clock.sleep.bind(clock);
      clock.sleep = (ms) => {
        // Once the waiting has begun, the one who asked goes, and someone else asks the same.
        if (!again) {
          kale.abort();
          again = places.find('Kale again', who);
        }
        return sleep(ms);
      };
      // "Kal" holds the turn first (see above), so "Kale" waits.
      const kal = await places.find('Kal again', who);
      const gone = await places.find('Kale again', who, kale.signal);
      assert.deepEqual([kal, gone].map(names), [['kal again'], []]);
      assert.ok(again, 'the second asker asked');
      assert.deepEqual(names(await again), ['kale again'], 'the one still asking is answered');
      assert.deepEqual([...asked.keys()].sort(), ['kal again', 'kale again']);
    });
  });
});
