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
import { type RunningServer, startServer, stop, waitFor } from '../test/processes.ts';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../test/test-db.ts';
import { ATTACKED_ADMIN, call, freshStorage, NO_REPORT_BUDGETS, signIn } from './attacks.ts';

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
    // These attacks report many spots at one place; the newcomer budgets have their own (trust.test.ts).
    ...NO_REPORT_BUDGETS,
    ADMIN_USERNAME: ATTACKED_ADMIN.username,
    ADMIN_PASSWORD: ATTACKED_ADMIN.password,
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

/** A report by USSD; a number's first dial asks its language, later dials open on the main menu. */
async function reportSession(phone: string, network = '64110') {
  const session = new UssdSession(post, phone, network);
  const first = await session.send();
  const answers = ['2', 'Kawempe', '1', '4', '2', '1', '1', '1'];
  if (/\n1 English/.test(first)) answers.unshift('1');
  let screen = first;
  for (const answer of answers) screen = await session.send(answer);
  return screen;
}

const getJson = async <T>(path: string) => (await (await fetch(`${server.url}${path}`)).json()) as T;
const countSpots = async () => (await getJson<{ spots: unknown[] }>('/api/spots?limit=5000')).spots.length;

/** A callback's status and body, whatever it is (the poster above throws on anything but 200). */
async function rawCallback(path: 'ussd' | 'sms', form: Record<string, string>) {
  const res = await fetch(`${server.url}/api/channels/${path}/${TEST_CHANNEL_SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, text: await res.text() };
}

describe('attacks through USSD and SMS', () => {
  it('one phone scripting reports gets five an hour', async () => {
    const before = await countSpots();
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push(await reportSession('+256772100001'));
    const saved = answers.filter((a) => /Spot #\d+ is on the map/.test(a)).length;
    const refused = answers.filter((a) => a.includes('Too many reports from this phone')).length;
    figures.oneScriptedPhone = { sessions: 10, saved, refused };
    assert.equal(saved, 5, answers.join('\n'));
    assert.equal(refused, 5);
    assert.equal((await countSpots()) - before, 5, 'what the map shows');
  });

  it('a leaked secret with made-up operators and numbers disputes nothing and subscribes nobody', async () => {
    // Thirty new spots, each taken to "disputed" by four phones if anything lets them.
    const targets: number[] = [];
    for (let i = 0; i < 6; i++) {
      for (let k = 0; k < 5; k++) {
        const made = await reportSession(
          `+25670${String(i).padStart(2, '0')}10${String(k).padStart(3, '0')}`,
          '64101',
        );
        targets.push(Number(/Spot #(\d+)/.exec(made)?.[1]));
      }
    }
    const statusOf = async () =>
      (await getJson<{ spots: Array<{ id: number; status: string }> }>('/api/spots?limit=5000')).spots.filter(
        (s) => targets.includes(s.id) && s.status === 'disputed',
      ).length;
    const started = performance.now();
    const made = { refused: 0, answered: 0 };
    for (let i = 0; i < 120; i++) {
      const form = {
        sessionId: `fake-${i}`,
        serviceCode: '*284*77#',
        // A new "phone" on a new "operator" each time: an MTN-looking number with another country's
        // network code, an MCC 641 code no operator has, or Airtel's code; or a Kenyan number.
        phoneNumber: i % 4 === 3 ? `+254712${String(100000 + i).slice(-6)}` : `+25677${3100000 + i}`,
        networkCode: [`${63900 + i}`, `641${String(40 + (i % 50)).padStart(2, '0')}`, '64101', '64110'][
          i % 4
        ] as string,
        text: `1*3*${targets[Math.floor(i / 4)]}*2`,
      };
      const res = await rawCallback('ussd', form);
      if (res.status === 400) made.refused++;
      else made.answered++;
    }
    const disputedByFakes = await statusOf();
    // Real-looking numbers on their real operator, as a leaked secret allows: the site's budget holds.
    const crowd = { answered: 0 };
    for (let i = 0; i < 120; i++) {
      const phone = `+25677${String(3000000 + i).padStart(7, '0')}`;
      const screen = await new UssdSession(post, phone, '64110').play(
        '1',
        '3',
        String(targets[Math.floor(i / 4)]),
        '2',
      );
      if (/^END Thank you/.test(screen)) crowd.answered++;
    }
    const disputedByCrowd = await statusOf();
    // Fifty strangers' numbers subscribed to WATCH, then a danger reported beside them.
    const strangers = Array.from({ length: 50 }, (_, i) => `+25678${String(4000000 + i).padStart(7, '0')}`);
    for (const phone of strangers) await post('sms', smsForm(phone, 'WATCH Kawempe'));
    const answered = () => strangers.filter((p) => gateway.to(p).length > 0).length;
    await waitFor(async () => answered() === strangers.length, 20_000, 'the answers to WATCH');
    // Severity 5, so it is alert-worthy at any hour.
    const severe = await new UssdSession(post, '+256772100099').play(
      '1',
      '2',
      'Kawempe',
      '1',
      '4',
      '5',
      '2',
      '1',
      '1',
    );
    assert.match(severe, /Spot #\d+ is on the map/);
    // A newcomer's spot alerts after a second voice: a moderator verifies it, so alerts would go now.
    const moderator = await signIn(
      { base: server.url, proxy: false },
      ATTACKED_ADMIN.username,
      ATTACKED_ADMIN.password,
    );
    const verified = await call(
      { base: server.url, proxy: false },
      moderator,
      'POST',
      `/api/mod/spots/${/Spot #(\d+)/.exec(severe)?.[1]}/verify`,
      {},
    );
    assert.equal(verified.status, 200, JSON.stringify(verified.json));
    const alerts = () => strangers.reduce((n, p) => n + gateway.alertsTo(p).length, 0);
    // Long enough for the outbox to send alerts, were any queued.
    await waitFor(async () => alerts() > 0, 8_000, 'an alert').catch(() => {});
    figures.leakedSecret = {
      madeUp: { callbacks: 120, ...made, spotsDisputed: disputedByFakes },
      realLookingCrowd: { callbacks: 120, ...crowd, spotsDisputed: disputedByCrowd },
      strangersWatching: { numbers: strangers.length, alertsSent: alerts() },
      seconds: (performance.now() - started) / 1000,
    };
    assert.equal(made.refused, 120, 'every made-up operator or number is refused');
    assert.equal(disputedByFakes, 0);
    assert.ok(disputedByCrowd <= 20, `${disputedByCrowd} disputed: the site's budget`);
    assert.equal(alerts(), 0, 'no alert to a number that did not confirm its watch');
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
