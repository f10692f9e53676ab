import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import {
  insideRegion,
  isNight,
  NUMBER_WORDS,
  type Region,
  UGANDA,
  UGANDA_LANDMARKS,
  useRegion,
  watchChoiceHours,
} from '../../common/region.ts';
import {
  outlineFile,
  type PackedRing,
  packRing,
  type RegionOutline,
  unpackRing,
} from '../../common/region-outline.ts';
import { alertSendAfter } from '../src/channels/alerts.ts';
import { loadConfig } from '../src/config.ts';
import { report } from './factories.ts';
import { channelEnv, FakeSmsGateway, injectPoster, UssdSession } from './fake-gateway.ts';
import { FakeNominatim, FakeOsrm } from './fakes.ts';
import { startTestApp, type TestApp, testConfig } from './test-app.ts';

/**
 * The app serving a second, made-up region, described in a file (REGION_FILE) as a deployment
 * elsewhere would: its own box, phones, languages (Swahili first), emergency line and time zone.
 * Nothing of Uganda may show through: not its box, its seed spots, its numbers nor its menus.
 */
const LAKELAND: Region = {
  id: 'lakeland',
  name: 'Lakeland',
  box: { minLat: 10, maxLat: 12, minLng: 20, maxLng: 22 },
  home: { lat: 11, lng: 21, zoom: 12 },
  phone: {
    country: 'KE',
    callingCode: '254',
    nationalDigits: 9,
    mobileCountryCode: '639',
    operators: [{ key: 'ziwa', name: 'Ziwa Mobile', mnc: ['07'], ranges: ['71', '72'] }],
  },
  languages: ['sw', 'en'],
  // Its own number words: Kiswahili's and a language the dictionaries do not have.
  numberWords: [
    NUMBER_WORDS.sw,
    {
      digits: [['nulla'], ['una'], ['dua'], ['tria'], ['kvar'], ['kvin'], ['ses'], ['sep'], ['ok'], ['nau']],
      repeats: [{ words: 'duobla', times: 2 }],
      plus: ['plu'],
      connectors: ['kaj'],
    },
  ],
  emergency: [{ number: '911', label: 'emergency', free: true }],
  timeZone: 'Asia/Kolkata',
  night: { from: 18, to: 7 },
  quietHours: { from: 22, to: 6 },
  watchHours: { morning: { from: 7, to: 9 }, evening: { from: 16, to: 20 } },
  places: { countryCodes: 'ke', viewbox: '20.9,11.1,21.1,10.9', dropNames: ['Lakeland'] },
};
const ZIWANI = { lat: 11.0005, lng: 21.0005 };
const KAMPALA = { lat: 0.3136, lng: 32.5811 };

const osrm = new FakeOsrm();
const nominatim = new FakeNominatim([
  { name: 'Ziwani', display_name: 'Ziwani, Lake District, Lakeland', lat: ZIWANI.lat, lon: ZIWANI.lng },
]);
const gateway = new FakeSmsGateway();
let t: TestApp;
let file: string;

describe('Uganda', () => {
  it('has one night: routes asked for a time and the watches read it, alerts wait only while people sleep', () => {
    // 16:00 UTC is 19:00 in Kampala: night for a route, yet an alert still goes at once.
    assert.equal(isNight(new Date('2026-11-25T15:59:00Z')), false);
    assert.equal(isNight(new Date('2026-11-25T16:00:00Z')), true);
    assert.equal(isNight(new Date('2026-11-26T02:59:00Z')), true);
    assert.equal(isNight(new Date('2026-11-26T03:00:00Z')), false);
    assert.deepEqual(watchChoiceHours('night'), UGANDA.night);
    assert.equal(alertSendAfter(3, new Date('2026-11-25T17:00:00Z')), undefined, '20:00: at once');
    assert.equal(
      alertSendAfter(3, new Date('2026-11-25T19:00:00Z'))?.toISOString(),
      '2026-11-26T03:00:00.000Z',
      '22:00: waits for 06:00',
    );
  });

  it("has an outline for a map without background: its border, its lakes and today's landmarks, small", () => {
    const text = readFileSync(new URL(`../../${outlineFile('ug')}`, import.meta.url), 'utf8');
    const outline = JSON.parse(text) as RegionOutline;
    assert.deepEqual(
      outline.landmarks,
      UGANDA_LANDMARKS,
      'written from the region module: npm run region:outline',
    );
    const inBox = (ring: PackedRing) => unpackRing(ring).every(([lat, lng]) => insideRegion(lat, lng));
    assert.ok(outline.border.length > 0 && outline.border.every(inBox), 'the border lies inside the box');
    assert.ok(outline.lakes.length >= 5, 'Victoria, Kyoga, Albert, Edward, George and smaller ones');
    // Packed and unpacked, a shore keeps its points to a thousandth of a degree.
    const shore: [number, number][] = [
      [0.312, 32.581],
      [0.3, 32.6],
      [-0.001, 32.5],
    ];
    assert.deepEqual(unpackRing(packRing(shore)), shore);
    for (const l of UGANDA_LANDMARKS) assert.ok(insideRegion(l.lat, l.lng), `${l.name} is inside the box`);
    assert.ok(
      gzipSync(text).length < 20_000,
      `${gzipSync(text).length} bytes compressed: a few tens of KB at most`,
    );
  });
});

describe('region', () => {
  before(async () => {
    file = path.join(mkdtempSync(path.join(tmpdir(), 'hatari-region-')), 'lakeland.json');
    writeFileSync(file, JSON.stringify(LAKELAND));
    // As main.ts does at start: the configuration reads the file, and the process serves its region.
    useRegion(testConfig({ REGION_FILE: file }).region);
    t = await startTestApp({
      env: {
        REGION_FILE: file,
        SEED: '1',
        OSRM_URL: await osrm.start(),
        NOMINATIM_URL: await nominatim.start(),
        ...channelEnv(await gateway.start()),
      },
    });
  });
  after(async () => {
    await t?.close();
    await Promise.all([osrm.stop(), nominatim.stop(), gateway.stop()]);
    useRegion(UGANDA);
  });

  describe('a second region, from REGION_FILE', () => {
    it('is read and checked at start: a broken file stops the process with its path', () => {
      assert.deepEqual(testConfig({ REGION_FILE: file }).region, LAKELAND);
      const broken = path.join(path.dirname(file), 'broken.json');
      writeFileSync(broken, JSON.stringify({ ...LAKELAND, home: { lat: 0.3, lng: 32.6, zoom: 11 } }));
      assert.throws(
        () => loadConfig({ REGION_FILE: broken }),
        /REGION_FILE home: home must be inside the box/,
      );
    });

    let spotId = 0;
    it('takes reports inside its box, refuses Kampala, and loads none of the Ugandan seed', async () => {
      const seeded = await t.inject({ method: 'GET', url: '/api/spots' });
      assert.deepEqual(seeded.json().spots, [], 'the seed spots are all in Uganda');
      const there = await t.inject({
        method: 'POST',
        url: '/api/spots',
        payload: report({ title: 'Unlit jetty road', ...ZIWANI, severity: 4 }),
      });
      assert.equal(there.statusCode, 201, there.body);
      spotId = there.json().spot.id;
      const kampala = await t.inject({ method: 'POST', url: '/api/spots', payload: report(KAMPALA) });
      assert.equal(kampala.statusCode, 400);
      assert.match(kampala.json().error, /inside Lakeland \(latitude 10 to 12, longitude 20 to 22\)/);
    });

    it('counts votes on its spots', async () => {
      const vote = await t.inject({
        method: 'POST',
        url: `/api/spots/${spotId}/vote`,
        headers: { 'user-agent': 'a neighbour' },
        payload: { value: 1 },
      });
      assert.equal(vote.statusCode, 200, vote.body);
      assert.equal(vote.json().spot.confirmations, 2, "the reporter's and the neighbour's");
    });

    it('checks routes inside it and names the spots along them; a route from Kampala is refused', async () => {
      const from = `${ZIWANI.lat},${ZIWANI.lng - 0.01}`;
      const to = `${ZIWANI.lat},${ZIWANI.lng + 0.01}`;
      const res = await t.inject({ method: 'GET', url: `/api/route?from=${from}&to=${to}&at=night` });
      assert.equal(res.statusCode, 200, res.body);
      type Answer = { summary: string; risk: number; dangers: { spot: { id: number } }[] };
      const routes: Answer[] = res.json().routes;
      const straight = routes.find((r) => r.summary === 'Straight Road');
      assert.deepEqual(
        straight?.dangers.map((d) => d.spot.id),
        [spotId],
        'the straight road passes the jetty road spot',
      );
      assert.deepEqual(
        routes.map((r) => r.risk),
        [0, 4],
        'the bend round it comes first, safest',
      );
      const away = await t.inject({
        method: 'GET',
        url: `/api/route?from=${KAMPALA.lat},${KAMPALA.lng}&to=${to}`,
      });
      assert.equal(away.statusCode, 400);
      assert.match(away.json().error, /from must be inside Lakeland/);
    });

    it('answers USSD in its languages, with its emergency line, for its own phones only', async () => {
      const post = injectPoster((o) => t.inject(o));
      const phone = new UssdSession(post, '+254712000001', '63907');
      const first = await phone.send();
      assert.match(first, /^CON Hatari\n1 Kiswahili\n2 English$/, 'Swahili first, and no Luganda');
      assert.match(await phone.send('1'), /Hatari: ramani ya hatari/, 'the main menu in Swahili');
      const sos = await new UssdSession(post, '+254712000002', '63907').play('1', '4');
      assert.match(sos, /^END /);
      assert.ok(sos.includes('911') && !sos.includes('999'), sos);
      // A report by USSD, at a place the place search finds in the region.
      const done = await new UssdSession(post, '+254722000003', '63907').play(
        '2',
        '2',
        'Ziwani',
        '4',
        '4',
        '2',
        'No lights at the landing',
        '1',
      );
      assert.match(done, /^END /, done);
      const stored = await t.db.query<{ lat: number; area: string }>(
        `SELECT lat, area FROM spots WHERE description = 'No lights at the landing'`,
      );
      assert.deepEqual(stored, [{ lat: ZIWANI.lat, area: 'Ziwani' }]);
      const ugandan = await post('ussd', {
        sessionId: 'ug-phone',
        serviceCode: '*284#',
        phoneNumber: '+256772999001',
        networkCode: '64110',
        text: '',
      }).catch((err: Error) => err.message);
      assert.match(ugandan, /Not a mobile number of Lakeland/);
    });

    it('keeps its own clocks: an alert at 23:30 in its time zone waits for its 06:00', () => {
      // 18:00 UTC is 23:30 at UTC+5:30 (and 21:00 in Kampala, when alerts still go out there).
      assert.equal(
        alertSendAfter(3, new Date('2026-11-25T18:00:00Z'))?.toISOString(),
        '2026-11-26T00:30:00.000Z',
      );
      assert.equal(alertSendAfter(3, new Date('2026-11-25T06:00:00Z')), undefined, '11:30 there: at once');
    });

    it('tells the page its region, and describes itself as Lakeland’s map', async () => {
      const page = await t.inject({ method: 'GET', url: '/' });
      const config = /<meta name="hatari-config" content="([^"]*)">/.exec(page.body)?.[1] ?? '';
      const region = JSON.parse(config.replace(/&quot;/g, '"').replace(/&amp;/g, '&')).region;
      assert.deepEqual(region.box, LAKELAND.box);
      assert.deepEqual(region.emergency, LAKELAND.emergency);
      const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      assert.match(doc.info.description, /danger spots in Lakeland/);
    });

    it('removes its numbers said in its own number words, not in words it does not list', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/spots',
        headers: { 'user-agent': 'a words reporter' },
        payload: report({
          title: 'Jetty road robberies',
          description:
            'Call nulla sep duobla una kaj dua tria kvar kvin ses sep or sifuri saba moja mbili tatu nne tano sita saba nane',
          area: 'Ziwani, zero seven one one two three four five six',
          ...ZIWANI,
        }),
      });
      assert.equal(res.statusCode, 201, res.body);
      const { description, area } = res.json().spot;
      assert.equal(description, 'Call [removed] or [removed]');
      assert.equal(
        area,
        'Ziwani, zero seven one one two three four five six',
        'English is not among its number words',
      );
    });
  });
});
