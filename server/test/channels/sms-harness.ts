import assert from 'node:assert/strict';
import { after, before, beforeEach } from 'node:test';
import { SmsCourier } from '../../src/channels/couriers.ts';
import { OUTBOX_DEFAULTS, Outbox } from '../../src/channels/outbox.ts';
import { PhoneCipher } from '../../src/channels/phone.ts';
import { UpstreamGuard } from '../../src/clients/http.ts';
import { SmsGateway } from '../../src/clients/sms-gateway.ts';
import { deviceWithStanding, report } from '../factories.ts';
import {
  channelEnv,
  FAKE_API_KEY,
  FAKE_USERNAME,
  FakeSmsGateway,
  injectPoster,
  smsForm,
  TEST_PHONE_KEY,
} from '../fake-gateway.ts';
import { FakeNominatim, FakeOsrm, KAMPALA_PLACES } from '../fakes.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';

/**
 * What the SMS tests share (sms-*.test.ts): the app with its fake gateway, place search and router,
 * an outbox under the test's hand, and numbers that watch, report and text. Each test file starts
 * an app of its own on a database of its own.
 */
export const nominatim = new FakeNominatim(KAMPALA_PLACES);
export const osrm = new FakeOsrm();
export const gateway = new FakeSmsGateway();
export let gatewayUrl: string;
export let nominatimUrl: string;
/** The day the answers' texts are written on, for the texts that say how long ago: any fixed day serves. */
export const SCREEN_DAY = new Date('2026-11-25T09:00:00Z');
export let t: TestApp;
export let post: ReturnType<typeof injectPoster>;
export const cipher = new PhoneCipher(Buffer.from(TEST_PHONE_KEY, 'hex'));
export const KALERWE = { lat: 0.34918, lng: 32.57195 };
let phones = 0;
export const newPhone = () => `+2567530${String(++phones).padStart(5, '0')}`;

/** The SMS gateway's guard's clock in testOutbox: an open circuit lets a trial through when it is moved. */
export const gatewayClock = new TestClock();

/** The outbox under the test's hand: fast retries, a short timeout, a circuit by gatewayClock. */
export function testOutbox(app: TestApp, timeoutMs = 1000) {
  const client = new SmsGateway(
    {
      apiUrl: gatewayUrl,
      username: FAKE_USERNAME,
      apiKey: FAKE_API_KEY,
      userAgent: 'Hatari-test/1',
      timeoutMs,
    },
    new UpstreamGuard('sms gateway', { maxInFlight: 4, failuresToOpen: 3, openMs: 200 }, gatewayClock),
  );
  return new Outbox(app.db, [new SmsCourier(client, cipher, app.deps.log)], app.deps.log, {
    ...OUTBOX_DEFAULTS,
    pollMs: 20,
    backoffSeconds: 0.05,
    maxBackoffSeconds: 0.2,
  });
}
export let outbox: Outbox;

export const waiting = async (app: TestApp) =>
  (
    await app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE state IN ('queued', 'sending') AND send_after <= now()`,
    )
  )[0]?.n ?? 0;

/** Runs the outbox until nothing due is left (or a few seconds pass). */
export async function flush(box = outbox, app = t) {
  for (let i = 0; i < 100; i++) {
    await box.tick();
    if ((await waiting(app)) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const sms = (phone: string, text: string, id?: string) => post('sms', smsForm(phone, text, id));
/** A WATCH, confirmed by the number as its first one must be. */
export const watch = async (phone: string, place: string) => {
  await sms(phone, `WATCH ${place}`);
  await sms(phone, 'YES');
};

/** A report from a device with standing: its alerts go at once (a newcomer's wait for a second voice). */
export async function reportAt(
  app: TestApp,
  at: { lat: number; lng: number },
  severity: number,
  ua = 'reporter',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/spots',
    headers: { 'user-agent': `${ua} ${Math.random()}`, cookie: await deviceWithStanding(app) },
    payload: report({ ...at, severity, title: 'Phone snatching at the taxi stage' }),
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as { spot: { id: number }; pending: boolean };
}

/** Starts the app and its fakes before the suite's tests, and stops them after. */
export function useSmsApp() {
  before(async () => {
    gatewayUrl = await gateway.start();
    nominatimUrl = await nominatim.start();
    t = await startTestApp({
      env: {
        SEED: '1',
        NOMINATIM_URL: nominatimUrl,
        OSRM_URL: await osrm.start(),
        ...channelEnv(gatewayUrl),
      },
    });
    await t.deps.worker.close();
    outbox = testOutbox(t);
    post = injectPoster((o) => t.inject(o));
  });
  after(async () => {
    await outbox?.close();
    await t?.close();
    await gateway.stop();
    await nominatim.stop();
    await osrm.stop();
  });
  beforeEach(async () => {
    gateway.mode = 'ok';
    // Alerts go to numbers watching near new dangers: each test starts with nobody watching.
    await t.db.query('DELETE FROM watches');
  });
}
