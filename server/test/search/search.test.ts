import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { givenSpot } from '../factories.ts';
import { FakeNominatim } from '../fakes.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';

const nominatim = new FakeNominatim([
  {
    name: 'Kalerwe',
    display_name: 'Kalerwe, Kawempe, Kampala, Central Region, Uganda',
    lat: 0.34918,
    lon: 32.57195,
  },
  // The same name 600 m away (another segment of the same market area): merged into the first.
  {
    name: 'Kalerwe',
    display_name: 'Kalerwe, Kawempe, Kampala, Central Region, Uganda',
    lat: 0.3545,
    lon: 32.5719,
  },
  // The same name 40 km away: a different place, kept.
  { name: 'Kalerwe', display_name: 'Kalerwe, Mukono, Central Region, Uganda', lat: 0.36, lon: 32.93 },
  {
    name: 'Nairobi Kalerwe Road',
    display_name: 'Nairobi Kalerwe Road, Nairobi, Kenya',
    lat: -1.29,
    lon: 36.82,
  },
  {
    name: 'Wandegeya',
    display_name: 'Wandegeya, Kawempe, Kampala, Central Region, Uganda',
    lat: 0.3319,
    lon: 32.5726,
  },
]);

let t: TestApp;
let nominatimUrl: string;
describe('search/search', () => {
  before(async () => {
    nominatimUrl = await nominatim.start();
    // The place service's turns (one a second) are taken by the test's clock: nothing waits for them.
    t = await startTestApp({
      env: { SEED: '1', NOMINATIM_URL: nominatimUrl, GEOCODER_USER_AGENT: 'Hatari-test/1 (ops@example.org)' },
      clock: new TestClock(),
      countersOnClock: true,
      // A hanging place service is given up on after 1.5 s, not the 4 s of the deployed client.
      upstreamTimeoutMs: 1500,
    });
  });
  after(async () => {
    await t.close();
    await nominatim.stop();
  });

  const search = (qs: string, remoteAddress = '198.51.100.5') =>
    t.inject({ method: 'GET', url: `/api/search?${qs}`, remoteAddress });

  describe('spot search (places=0)', () => {
    it('finds a misspelled area, best match first, with a score', async () => {
      const res = await search('q=kalerw&places=0');
      assert.equal(res.statusCode, 200);
      const { spots, places } = res.json();
      assert.deepEqual(places, []);
      assert.equal(spots[0].title, 'Kalerwe');
      assert.deepEqual(Object.keys(spots[0]).sort(), [
        'area',
        'category',
        'id',
        'lat',
        'lng',
        'moderator_verified',
        'score',
        'severity',
        'status',
        'title',
      ]);
      const scores = spots.map((s: { score: number }) => s.score);
      assert.deepEqual(
        scores,
        [...scores].sort((a, b) => b - a),
        'best first',
      );
    });

    it('tolerates typos in the middle of a word', async () => {
      assert.equal((await search('q=nansna&places=0')).json().spots[0]?.title, 'Nansana intersection');
      assert.equal((await search('q=kyengra&places=0')).json().spots[0]?.title, 'Kyengera');
    });

    it('matches areas and descriptions, at most 8', async () => {
      const wakiso = (await search('q=wakiso&places=0')).json().spots;
      assert.ok(wakiso.length > 0 && wakiso.length <= 8, `${wakiso.length} spots`);
      const police = (await search('q=police%20operations&places=0')).json().spots;
      assert.equal(police.length, 8);
    });

    it('never calls the place service with places=0', async () => {
      nominatim.reset();
      const res = await search('q=kalerwe&places=0');
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(
        { first: res.json().spots[0]?.title, places: res.json().places, error: res.json().error },
        { first: 'Kalerwe', places: [], error: undefined },
      );
      assert.equal(nominatim.calls.length, 0);
    });

    it('answers empty lists under 2 characters, and searches the first 100 of longer pasted text', async () => {
      assert.deepEqual((await search('q=k')).json(), { spots: [], places: [] });
      assert.deepEqual((await search('q=%20%20')).json(), { spots: [], places: [] });
      // 'kalerwe ' is 8 characters: the first 100 of 20 of them end in a cut word, as pasted text may.
      const titles = async (q: string) => {
        const res = await search(`q=${encodeURIComponent(q)}&places=0`);
        assert.equal(res.statusCode, 200, res.body);
        return res.json().spots.map((s: { title: string }) => s.title);
      };
      const pasted = await titles('kalerwe '.repeat(20));
      assert.ok(pasted.includes('Kalerwe'), String(pasted));
      assert.deepEqual(pasted, await titles(`${'kalerwe '.repeat(12)}kale`));
      assert.equal((await search(`q=${'a'.repeat(101)}&places=0`)).statusCode, 200);
      assert.equal((await search('q=kalerwe&places=2')).statusCode, 400);
    });

    it('never shows a spot that is not public, and treats LIKE wildcards as text', async () => {
      await givenSpot(t, { fields: { title: 'Zzyzx held spot' }, publication: 'pending' });
      assert.deepEqual((await search('q=zzyzx&places=0')).json().spots, []);
      assert.deepEqual((await search('q=%25%25%25&places=0')).json().spots, []);
    });

    it('finds the most severe of many matches, and the few where two common words meet', async () => {
      await t.db.query(
        `INSERT INTO spots (title, lat, lng, category, severity, time_of_day)
       SELECT 'Qwerty stage ' || g, 0.3, 32.5, 'other', 1 + g % 4, 'any' FROM generate_series(1, 150) g
       UNION ALL SELECT 'Uiop corner ' || g, 0.3, 32.5, 'other', 4, 'any' FROM generate_series(1, 150) g
       UNION ALL SELECT 'Qwerty uiop meeting', 0.3, 32.5, 'other', 1, 'any'`,
      );
      t.deps.publicCache.invalidate();
      const many = (await search('q=qwerty&places=0')).json().spots as Array<{ severity: number }>;
      assert.equal(many.length, 8);
      assert.ok(
        many.every((s) => s.severity === 4),
        'the most severe of 151 matches',
      );
      const rare = (await search('q=qwerty%20ui&places=0')).json().spots as Array<{ title: string }>;
      assert.deepEqual(
        rare.map((s) => s.title),
        ['Qwerty uiop meeting'],
      );
    });
  });

  describe('place search', () => {
    it('returns places inside Uganda with context and nearby spots, merging duplicates', async () => {
      nominatim.reset();
      const res = await search('q=Kalerwe');
      assert.equal(res.statusCode, 200);
      const { spots, places } = res.json();
      assert.equal(spots[0].title, 'Kalerwe');
      assert.deepEqual(
        places.map((p: { name: string; detail: string }) => [p.name, p.detail]),
        [
          ['Kalerwe', 'Kawempe, Kampala, Central Region'],
          ['Kalerwe', 'Mukono, Central Region'],
        ],
      );
      const near = places[0].nearby;
      assert.ok(near.length >= 1 && near.length <= 5, `${near.length} spots nearby`);
      assert.equal(near[0].title, 'Kalerwe');
      const distances = near.map((s: { distance_m: number }) => s.distance_m);
      assert.ok(distances[0] < 1, `the place's own spot first, ${distances[0]} m away`);
      assert.deepEqual(
        distances,
        [...distances].sort((a, b) => a - b),
        'nearest first',
      );
      assert.deepEqual(
        distances.filter((m: number) => m > 2000),
        [],
        'all within 2 km',
      );
      const call = nominatim.calls[0] as URL;
      assert.equal(call.searchParams.get('format'), 'jsonv2');
      assert.equal(call.searchParams.get('countrycodes'), 'ug');
      assert.match(String(call.searchParams.get('viewbox')), /^[\d.,-]+$/);
      assert.equal(nominatim.userAgents[0], 'Hatari-test/1 (ops@example.org)');
    });

    it('answers a repeated query from the cache, whatever its case and spacing', async () => {
      nominatim.reset();
      await search('q=wandegeya');
      await search('q=%20WANDEGEYA%20');
      await search('q=Wandegeya', '198.51.100.99');
      assert.equal(nominatim.calls.length, 1);
      const rows = await t.db.query<{ query: string }>(
        `SELECT query FROM place_cache WHERE query = 'wandegeya'`,
      );
      assert.equal(rows.length, 1);
    });

    it('sends a query the place cache knows as a public read: one answer for all, revalidated by its tag', async () => {
      nominatim.reset();
      const first = await search('q=Kalerwe%20market', '198.51.100.60');
      assert.equal(first.statusCode, 200);
      assert.equal(first.headers.etag, undefined, 'the place service answered: not kept as it was');
      const known = await search('q=kalerwe%20market', '198.51.100.61');
      assert.equal(known.statusCode, 200);
      assert.deepEqual(known.json(), first.json());
      const tag = String(known.headers.etag);
      assert.match(tag, /^W\/"/);
      assert.equal(known.headers['cache-control'], 'no-cache');
      const again = await t.inject({
        method: 'GET',
        url: '/api/search?q=KALERWE%20market',
        remoteAddress: '198.51.100.62',
        headers: { 'if-none-match': tag },
      });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      assert.equal(nominatim.calls.length, 1, 'the place service was asked once');
      // A spot search of the same words is another answer, without places.
      const spotsOnly = await search('q=kalerwe%20market&places=0', '198.51.100.63');
      assert.deepEqual(spotsOnly.json().places, []);
    });

    it('never looks up or caches a phone number as a place', async () => {
      nominatim.reset();
      const res = await search('q=0772%20123%20456');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json().places, []);
      assert.equal(nominatim.calls.length, 0, 'not sent to the place service');
      const rows = await t.db.query(`SELECT 1 FROM place_cache WHERE query LIKE '%0772%'`);
      assert.equal(rows.length, 0, 'not cached');
    });

    it('answers 429 with the spots when only the uncached place-lookup limit is hit', async () => {
      const limited = await startTestApp({
        realLimits: true,
        env: { SEED: '1', NOMINATIM_URL: nominatimUrl },
      });
      try {
        const who = { remoteAddress: '198.51.100.40', headers: { 'user-agent': 'phone' } };
        const identity = limited.deps.identify({
          ip: who.remoteAddress,
          socket: { remoteAddress: who.remoteAddress },
          headers: who.headers,
        } as unknown as FastifyRequest);
        for (let i = 0; i < 30; i++) await limited.deps.limiter.consume(['place_lookup'], identity);
        const res = await limited.inject({ method: 'GET', url: '/api/search?q=kalerwe', ...who });
        assert.equal(res.statusCode, 429);
        assert.equal(res.headers['ratelimit-policy'], '30;w=60');
        assert.match(String(res.headers['retry-after']), /^[1-9]\d*$/);
        const body = res.json();
        assert.equal(body.spots[0].title, 'Kalerwe');
        assert.deepEqual(body.places, []);
        assert.equal(typeof body.error, 'string');
      } finally {
        await limited.close();
      }
    });

    for (const mode of ['down', 'hang', 'garbage', 'error'] as const) {
      it(`degrades to spots with an error note when the place service is ${mode}`, async () => {
        nominatim.reset();
        nominatim.mode = mode;
        // A hanging service is answered by the client's own timeout: without it this never ends.
        const res = await search(`q=kalerwe%20${mode}`);
        nominatim.mode = 'ok';
        assert.equal(res.statusCode, 200);
        const body = res.json();
        assert.equal(body.spots[0].title, 'Kalerwe');
        assert.deepEqual(body.places, []);
        assert.match(body.error, /unavailable/);
        // Failures are not cached: the next search asks again.
        const again = await search(`q=kalerwe%20${mode}`);
        assert.equal(again.statusCode, 200);
        assert.equal(again.json().error, undefined, 'the service was asked again, and answered');
        assert.ok(nominatim.calls.length >= 2, `${nominatim.calls.length} lookups`);
      });
    }

    // Last in this file: it leaves the place service's circuit open.
    it('stops asking a place service that failed three times in a row, and answers at once', async () => {
      nominatim.reset();
      nominatim.mode = 'down';
      for (const q of ['kalerwe one', 'kalerwe two', 'kalerwe three']) {
        assert.match((await search(`q=${encodeURIComponent(q)}`)).json().error, /unavailable/);
      }
      assert.equal(nominatim.calls.length, 3);
      // Were it asked, the service would now hang until the client's timeout and count the call.
      nominatim.mode = 'hang';
      const res = await search('q=kalerwe%20four');
      nominatim.mode = 'ok';
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().spots[0].title, 'Kalerwe');
      assert.match(res.json().error, /unavailable/);
      assert.equal(nominatim.calls.length, 3, 'the failing service was not asked again');
    });
  });

  describe('GET /api/nearby', () => {
    const nearby = (qs: string) => t.inject({ method: 'GET', url: `/api/nearby?${qs}` });
    const seedKalerwe = async () => {
      const spots = (await t.inject({ method: 'GET', url: '/api/search?q=kalerwe&places=0' })).json().spots;
      return spots.find((s: { title: string }) => s.title === 'Kalerwe') as {
        id: number;
        lat: number;
        lng: number;
      };
    };

    it('offers the public spots within 150 m, nearest first, and names the place after the nearest spot area', async () => {
      const kalerwe = await seedKalerwe();
      const res = await nearby(`lat=${kalerwe.lat + 0.0005}&lng=${kalerwe.lng}`);
      assert.equal(res.statusCode, 200);
      const { place, spots } = res.json();
      assert.equal(spots[0].id, kalerwe.id);
      assert.ok(spots[0].distance_m > 50 && spots[0].distance_m < 60, `about 56 m: ${spots[0].distance_m}`);
      const distances = spots.map((s: { distance_m: number }) => s.distance_m);
      assert.deepEqual(
        distances,
        [...distances].sort((a, b) => a - b),
        'nearest first',
      );
      assert.deepEqual(
        distances.filter((m: number) => m > 150),
        [],
        'none beyond 150 m',
      );
      assert.equal(place.name, spots[0].area, "the nearest spot's area names the place");
    });

    it('never offers a held report, and names a place search once found without asking it again', async () => {
      const far = { lat: 0.3322, lng: 32.5731 }; // 64 m from Wandegeya, no public spot within 150 m
      await givenSpot(t, { fields: { ...far, area: 'Held area' }, publication: 'pending' });
      const before = (await nearby(`lat=${far.lat}&lng=${far.lng}`)).json();
      assert.deepEqual(before.spots, [], 'a held report is not offered');
      assert.notEqual(before.place?.name, 'Held area', 'nor named');
      // The place service names Wandegeya once; from then on it names the point, from the database.
      await search('q=wandegeya');
      const calls = nominatim.calls.length;
      const after = (await nearby(`lat=${far.lat}&lng=${far.lng + 0.00001}`)).json();
      assert.equal(after.place.name, 'Wandegeya');
      assert.ok(after.place.distance_m > 55 && after.place.distance_m < 75, `${after.place.distance_m} m`);
      assert.equal(nominatim.calls.length, calls, 'never a lookup for a point');
    });

    it('has no name or spots far from everything, and refuses a point outside the region', async () => {
      const empty = (await nearby('lat=3.5&lng=33.9')).json();
      assert.deepEqual(empty, { place: null, spots: [] });
      for (const qs of ['lat=51.5&lng=-0.12', 'lat=abc&lng=32.5', 'lng=32.5', 'lat=0.3&lng=200']) {
        const res = await nearby(qs);
        assert.equal(res.statusCode, 400, qs);
        assert.equal(typeof res.json().error, 'string');
      }
    });
  });
});
