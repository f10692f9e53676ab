import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FakePushService } from '../test/fake-push.ts';
import { FakeOsrm } from '../test/fakes.ts';
import { type RunningServer, startServer, stop, waitFor } from '../test/processes.ts';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../test/test-db.ts';
import { ATTACKED_ADMIN, type Client, call, freshStorage, report, type Sender, signIn } from './attacks.ts';

/**
 * Attacks through push alerts, replayed against the real server: a made-up subscription that aims
 * the server's alerts at another site (a victim on loopback), one script adding watches without
 * end, and one subscription watching the whole city to be sent every alert.
 */
const push = new FakePushService();
const osrm = new FakeOsrm();
const victimHits: string[] = [];
const victim = http.createServer((req, res) => {
  victimHits.push(`${req.method} ${req.url}`);
  res.writeHead(201).end();
});
let server: RunningServer;
let c: Client;
const cleanups: Array<() => Promise<unknown> | unknown> = [];
const figures: Record<string, unknown> = {};
const KALERWE = { lat: 0.34918, lng: 32.57195 };

before(async () => {
  await new Promise<void>((r) => victim.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise((r) => victim.close(r)));
  const storage = await freshStorage();
  cleanups.push(storage.remove);
  const env: Record<string, string> = {
    ...storage.env,
    OSRM_URL: await osrm.start(),
    NOMINATIM_URL: 'http://127.0.0.1:9',
    PUSH_SERVICES: await push.start(),
    SEED: '0',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: ATTACKED_ADMIN.username,
    ADMIN_PASSWORD: ATTACKED_ADMIN.password,
  };
  cleanups.push(
    () => push.stop(),
    () => osrm.stop(),
  );
  if (TEST_DATABASE_URL && TEST_REDIS_URL) env.REDIS_URL = TEST_REDIS_URL;
  server = await startServer(env, process.env.ABUSE_SERVER_DIR);
  cleanups.push(() => stop(server.proc));
  c = { base: server.url, proxy: false };
  moderator = await signIn(c, ATTACKED_ADMIN.username, ATTACKED_ADMIN.password);
  // These attacks are on what one subscription gets; the site's alert budget (trust.test.ts) is raised.
  const settings = await call(c, moderator, 'PUT', '/api/mod/settings', { alertBudgetPerHour: 10_000 });
  assert.equal(settings.status, 200, JSON.stringify(settings.json));
});
after(async () => {
  console.log(`\npush attack figures:\n${JSON.stringify(figures, null, 2)}`);
  for (const clean of cleanups.reverse()) await clean();
});

let moderator: Sender;
let reporters = 0;
const newReporter = (): Sender => ({ ua: `reporter ${++reporters}`, ip: `127.0.${reporters % 250}.9` });
/**
 * A danger near `at`, verified by a moderator: a newcomer's spot alerts only after a second voice
 * (docs/api.md, "Earned trust"), and these attacks are on what alerts do once they go.
 */
const reportNear = async (at: { lat: number; lng: number }, severity = 5) => {
  const res = await call(c, newReporter(), 'POST', '/api/spots', report({ ...at, severity }));
  assert.equal(res.status, 201, JSON.stringify(res.json));
  const { id } = res.json.spot as { id: number };
  const verified = await call(c, moderator, 'POST', `/api/mod/spots/${id}/verify`, {});
  assert.equal(verified.status, 200, JSON.stringify(verified.json));
};

describe('push alerts under attack', () => {
  it('a made-up subscription cannot aim alerts at another site', async () => {
    const { port } = victim.address() as AddressInfo;
    const aims = [
      `http://127.0.0.1:${port}/api/expensive`,
      `https://127.0.0.1:${port}/api/expensive`,
      `${push.subscribe().endpoint.replace(/\/\/[^/]+/, `//127.0.0.1:${port}`)}`,
      `http://user@127.0.0.1:${port}/fcm/send/x`,
      `http://127.0.0.1:${port}/?${encodeURIComponent(push.subscribe().endpoint)}`,
    ];
    const attacker: Sender = { ua: 'attacker', ip: '127.0.0.77' };
    const statuses: number[] = [];
    for (const endpoint of aims) {
      const res = await call(c, attacker, 'POST', '/api/push/watches', {
        subscription: { ...push.subscribe(), endpoint },
        lang: 'en',
        place: 'Kalerwe',
        ...KALERWE,
      });
      statuses.push(res.status);
    }
    await reportNear(KALERWE);
    // The outbox polls each second: give it three rounds.
    await new Promise((r) => setTimeout(r, 3000));
    figures.aimedAtVictim = { statuses, victimRequests: victimHits.length };
    assert.deepEqual(
      statuses,
      aims.map(() => 400),
      'every such subscription is refused',
    );
    assert.deepEqual(victimHits, [], 'the victim got nothing');
  });

  it('one script adding watches meets its limit; one subscription gets at most three alerts a day', async () => {
    const script: Sender = { ua: 'watch script', ip: '127.0.0.88' };
    const sub = push.subscribe();
    const statuses: Record<number, number> = {};
    // Places all over Kampala, each a new watch for a new subscription but the first.
    for (let i = 0; i < 40; i++) {
      const res = await call(c, script, 'POST', '/api/push/watches', {
        subscription: i < 3 ? sub : push.subscribe(),
        lang: 'en',
        place: `Place ${i}`,
        lat: 0.3 + i * 0.002,
        lng: 32.58,
        radius_m: 5000,
      });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    const fourth = await call(c, { ua: 'another', ip: '127.0.0.89' }, 'POST', '/api/push/watches', {
      subscription: sub,
      lang: 'en',
      place: 'One more',
      ...KALERWE,
    });
    for (let i = 0; i < 6; i++) await reportNear({ lat: 0.3 + i * 0.01, lng: 32.58 + i * 0.001 });
    await waitFor(async () => push.to(sub.endpoint).length >= 3, 20_000, 'three alerts');
    await new Promise((r) => setTimeout(r, 2500));
    figures.watchScript = { statuses, fourthWatch: fourth.status, alertsToOne: push.to(sub.endpoint).length };
    assert.equal(statuses[201], 30, 'thirty watches an hour from one visitor');
    assert.equal(statuses[429], 10);
    assert.equal(fourth.status, 409, 'a subscription watches at most three places');
    assert.equal(push.to(sub.endpoint).length, 3, 'six dangers near, three alerts');
    assert.deepEqual(push.refused, [], 'every alert was well formed');
  });
});
