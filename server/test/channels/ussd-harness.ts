import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { SCREEN_CHARS } from '../../src/channels/screen.ts';
import { report } from '../factories.ts';
import { channelEnv, FakeSmsGateway, injectPoster, UssdSession } from '../fake-gateway.ts';
import { FakeNominatim, KAMPALA_PLACES } from '../fakes.ts';
import { startTestApp, type TestApp } from '../test-app.ts';
/**
 * What the USSD tests share (ussd-*.test.ts): the app with a fake gateway and place search, a
 * dozen dangers at Wandegeya, sessions played as the gateway plays them (every answer so far joined
 * by `*`), and each language's words. Each test file starts an app of its own.
 */
export const nominatim = new FakeNominatim(KAMPALA_PLACES);
export const gateway = new FakeSmsGateway();
export let t: TestApp;
export let post: ReturnType<typeof injectPoster>;
let phones = 0;
export const newPhone = () => `+2567720${String(++phones).padStart(5, '0')}`;
export const session = (phone = newPhone(), network = '64110') => new UssdSession(post, phone, network);

/** Wandegeya gets a dozen dangers with long titles, so its list takes several screens. */
export const WANDEGEYA = { lat: 0.3319, lng: 32.5726 };

/** A screen as the gateway shows it: "CON" or "END", then at most 182 characters. */
export function screen(raw: string): { end: boolean; text: string; lines: string[] } {
  const m = /^(CON|END) ([\s\S]*)$/.exec(raw);
  assert.ok(m, `an answer starts with CON or END: ${JSON.stringify(raw)}`);
  const text = m[2] as string;
  assert.ok(text.length <= SCREEN_CHARS, `${text.length} characters > ${SCREEN_CHARS}: ${text}`);
  assert.match(text, /^[\n\x20-\x7e]*$/, 'plain GSM letters only');
  return { end: m[1] === 'END', text, lines: text.split('\n') };
}

/** The dangers a list screen offers: its numbered lines but 9 (more) and 0 (back). */
export const dangerLines = (s: { lines: string[] }) => s.lines.filter((l) => /^[1-8] /.test(l));

export async function publicSpot(id: number) {
  const res = await t.inject({ method: 'GET', url: `/api/spots/${id}` });
  return res.statusCode === 200 ? res.json().spot : undefined;
}

// Each language: what its screens say.
export const LANGS = [
  {
    choice: '1',
    name: 'English',
    main: 'Dangers near a place',
    back: '0 Back',
    more: '9 More',
    sent: /Spot #(\d+) is on the map now/,
    cancelled: 'Nothing was sent',
    notFound: 'No place called',
    invalid: 'Choose a number shown',
    police: 'Police',
    title: 'Robbery or snatching near Kalerwe',
    paid: 'normal call charges',
    notAnymore: 'Not anymore',
  },
  {
    choice: '2',
    name: 'Luganda',
    main: 'Obulabe okumpi',
    back: '0 Emabega',
    more: '9 Ebirala',
    sent: /Ekifo #(\d+) kiri ku maapu/,
    cancelled: 'Tewali kyaweerezeddwa',
    notFound: 'Tetusobodde kuzuula',
    invalid: 'Londa ennamba',
    police: 'Poliisi',
    title: 'Obubbi oba okunyakula okumpi ne Kalerwe',
    paid: 'osasula nga bulijjo',
    notAnymore: 'Tekikyali',
  },
  {
    choice: '3',
    name: 'Swahili',
    main: 'Hatari karibu na mahali',
    back: '0 Rudi',
    more: '9 Zaidi',
    sent: /Mahali #(\d+) pako kwenye ramani/,
    cancelled: 'Hakuna kilichotumwa',
    notFound: 'Hakuna mahali paitwapo',
    invalid: 'Chagua namba',
    police: 'Polisi',
    title: "Wizi au unyang'anyi karibu na Kalerwe",
    paid: 'gharama ya kawaida',
    notAnymore: 'Si hatari tena',
  },
] as const;

/** Starts the app with its fakes and Wandegeya's dangers before the suite's tests, and stops them after. */
export function useUssdApp() {
  before(async () => {
    t = await startTestApp({
      env: { SEED: '1', NOMINATIM_URL: await nominatim.start(), ...channelEnv(await gateway.start()) },
    });
    post = injectPoster((o) => t.inject(o));
    for (let i = 0; i < 12; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/spots',
        headers: { 'user-agent': `seeder ${i}` },
        payload: report({
          title: `Dark lane number ${i} behind the hostels near the market`,
          lat: WANDEGEYA.lat + i * 0.0004,
          lng: WANDEGEYA.lng,
          severity: 1 + (i % 5),
        }),
      });
      assert.equal(res.statusCode, 201, res.body);
    }
  });
  after(async () => {
    await t?.close();
    await gateway.stop();
    await nominatim.stop();
  });
}
