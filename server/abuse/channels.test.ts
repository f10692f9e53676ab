import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import {
  channelEnv,
  FakeSmsGateway,
  httpPoster,
  smsForm,
  TEST_CHANNEL_SECRET,
  UssdSession,
} from '../test/fake-gateway.ts';
import { FakeNominatim, KAMPALA_PLACES } from '../test/fakes.ts';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../test/helpers.ts';
import { type RunningServer, startServer, stop, waitFor } from '../test/processes.ts';
import { freshStorage } from './attacks.ts';

/**
 * Attacks through the phone channels, replayed against the real server (as `npm start` runs it)
 * with the gateway's callbacks over HTTP: scripted reports and votes from one phone, one phone
 * posing as many operators, a flood of SMS that would make Hatari spend money, replayed callbacks,
 * guessed secrets and callbacks from strangers' addresses.
 */
const nominatim = new FakeNominatim(KAMPALA_PLACES);
const gateway = new FakeSmsGateway();
let server: RunningServer;
let post: ReturnType<typeof httpPoster>;
const cleanups: Array<() => Promise<unknown> | unknown> = [];
const figures: Record<string, unknown> = {};

before(async () => {
  const storage = await freshStorage();
  cleanups.push(storage.remove);
  const env: Record<string, string> = {
    ...storage.env,
    ...channelEnv(await gateway.start()),
    NOMINATIM_URL: await nominatim.start(),
    OSRM_URL: 'http://127.0.0.1:9',
    SEED: '1',
    LOG_LEVEL: 'info',
    // The gateway's own address, as an operator would list it.
    CHANNEL_GATEWAY_ADDRESSES: '127.0.0.1',
  };
  cleanups.push(
    () => gateway.stop(),
    () => nominatim.stop(),
  );
  if (TEST_DATABASE_URL && TEST_REDIS_URL) env.REDIS_URL = TEST_REDIS_URL;
  server = await startServer(env, process.env.ABUSE_SERVER_DIR);
  cleanups.push(() => stop(server.proc));
  post = httpPoster(server.url, TEST_CHANNEL_SECRET);
});
after(async () => {
  console.log(`\nchannel attack figures:\n${JSON.stringify(figures, null, 2)}`);
  for (const clean of cleanups.reverse()) await clean();
});

const reportSession = (phone: string, network = '64110') =>
  new UssdSession(post, phone, network).play('1', '2', 'Kawempe', '1', '4', '2', '1', '1', '1');

const getJson = async <T>(path: string) => (await (await fetch(`${server.url}${path}`)).json()) as T;
const countSpots = async () => (await getJson<{ spots: unknown[] }>('/api/spots?limit=5000')).spots.length;

describe('attacks through USSD and SMS', () => {
  it('one phone scripting reports gets five an hour, whatever operator it claims', async () => {
    const before = await countSpots();
    const answers: string[] = [];
    for (let i = 0; i < 10; i++)
      answers.push(await reportSession('+256772100001', `641${String(i).padStart(2, '0')}`));
    const saved = answers.filter((a) => /Spot #\d+ is on the map/.test(a)).length;
    const refused = answers.filter((a) => a.includes('Too many reports from this phone')).length;
    figures.oneScriptedPhone = { sessions: 10, saved, refused };
    assert.equal(saved, 5, answers.join('\n'));
    assert.equal(refused, 5);
    assert.equal((await countSpots()) - before, 5, 'what the map shows');
  });

  it('strangers on one operator are not merged: each phone has its own limit', async () => {
    const before = await countSpots();
    const answers = await Promise.all(['+256772100002', '+256772100003'].map((p) => reportSession(p)));
    assert.ok(
      answers.every((a) => /Spot #\d+ is on the map/.test(a)),
      answers.join('\n'),
    );
    assert.equal((await countSpots()) - before, 2);
  });

  it('a replayed final callback saves nothing twice', async () => {
    const s = new UssdSession(post, '+256772100004');
    const first = await s.play('1', '3', '1', '1');
    assert.match(first, /^END Thank you\. #1 now: \d+ still dangerous/);
    const confirmations = async () =>
      (await getJson<{ spot: { confirmations: number } }>('/api/spots/1')).spot.confirmations;
    const counted = await confirmations();
    const replays = await Promise.all(Array.from({ length: 20 }, () => s.repeat()));
    assert.ok(
      replays.every((r) => r === first),
      'each replay gets the first answer',
    );
    assert.equal(await confirmations(), counted, 'and changes nothing');
  });

  it('a phone flooding the menu is cut off after its hourly share of screens', async () => {
    // Dialling again every 20 screens: one session ends after 40 answers anyway.
    let s = new UssdSession(post, '+256772100005');
    let last = '';
    let served = 0;
    for (let i = 0; i < 320; i++) {
      if (i % 20 === 0) s = new UssdSession(post, '+256772100005');
      last = await s.send(i % 20 === 0 ? undefined : '7');
      if (last.startsWith('END')) break;
      served++;
    }
    figures.menuFlood = { served, last };
    assert.equal(served, 300);
    assert.match(last, /^END Too many requests from this phone/);
  });

  it('an SMS flood costs at most ten answers a day per number', async () => {
    const phone = '+256772100006';
    const sent = gateway.calls;
    for (let i = 0; i < 40; i++) await post('sms', smsForm(phone, i % 2 ? 'NEAR Kawempe' : 'hello'));
    await waitFor(async () => gateway.to(phone).length >= 10, 15_000, 'ten answers');
    await new Promise((r) => setTimeout(r, 2500));
    figures.smsFlood = {
      received: 40,
      answered: gateway.to(phone).length,
      gatewayCalls: gateway.calls - sent,
    };
    assert.equal(gateway.to(phone).length, 10);
  });

  it('a guessed secret or a stranger address gets nowhere', async () => {
    const form = new URLSearchParams({
      sessionId: 'x',
      phoneNumber: '+256772100007',
      networkCode: '64110',
      text: '',
    });
    const statuses: number[] = [];
    for (const guess of [
      '',
      'a',
      TEST_CHANNEL_SECRET.slice(0, -1),
      `${TEST_CHANNEL_SECRET}x`,
      TEST_CHANNEL_SECRET.toUpperCase(),
    ]) {
      const res = await fetch(`${server.url}/api/channels/ussd/${guess}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      statuses.push(res.status);
    }
    assert.ok(
      statuses.every((s) => s === 404),
      `${statuses}`,
    );
    // A forwarded address is not believed (no TRUST_PROXY): the socket is the gateway's.
    const spoofed = await fetch(`${server.url}/api/channels/ussd/${TEST_CHANNEL_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.9' },
      body: form.toString(),
    });
    assert.equal(spoofed.status, 200);
    // From another address than the listed gateway's (127.0.0.2 is this machine too).
    const stranger = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${server.url}/api/channels/ussd/${TEST_CHANNEL_SECRET}`);
      const req = http.request(
        url,
        {
          method: 'POST',
          localAddress: '127.0.0.2',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(form.toString());
    });
    assert.equal(stranger, 403, 'callbacks only from the listed gateway address');
    const huge = await fetch(`${server.url}/api/channels/ussd/${TEST_CHANNEL_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${form}&pad=${'x'.repeat(10_000)}`,
    });
    assert.equal(huge.status, 413, 'a callback is a few short fields');
  });
});
