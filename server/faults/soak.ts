import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { localHour } from '../../common/region.ts';
import { ATTACKED_ADMIN, NO_REPORT_BUDGETS, signIn } from '../abuse/attacks.ts';
import { createPgDb } from '../src/db/pg.ts';
import {
  channelEnv,
  FakeSmsGateway,
  httpPoster,
  smsForm,
  TEST_CHANNEL_SECRET,
} from '../test/fake-gateway.ts';
import { FakePushService } from '../test/fake-push.ts';
import { FakeNominatim, FakeOsrm, KAMPALA_PLACES } from '../test/fakes.ts';
import {
  type RunningNginx,
  type RunningServer,
  rssBytes,
  runCleanups,
  serverOutput,
  startNginx,
  startServer,
  stop,
} from '../test/processes.ts';
import { record, scanDatabaseAt, scanRedis } from '../test/raw-ips.ts';
import { assertCountsMatchVotes, assertGridMatchesSpots, startPgCluster, startRedis } from './harness.ts';
import { type Kind, makePhones, mostAdmittedPerWindow, phoneMix, soakReport } from './phones.ts';

/**
 * npm run test:soak: two web instances on one PostgreSQL and one Redis behind nginx (Debian's, with
 * the committed proxy settings) and two workers beside them (one working, one standing by), and
 * SOAK_SECONDS (default 240) of mixed traffic from 200 phones on 25 networks, each phone a real
 * client address on loopback (127.77.0.n), since nginx overwrites X-Forwarded-For. Browsers watch
 * the area by push and phones by SMS, so reports send alerts; half-way the working worker is killed. Afterwards: no
 * unexpected 5xx, every count equal to its rows, nothing lost (every alert sent, once per spot and
 * browser), the rate limits held across the two instances in every window, memory flat, a write on
 * one instance read on the other at once, no raw IP stored or logged.
 */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 240);
const NETWORKS = 25;
const PHONES_PER_NETWORK = 8;
/** Seconds without traffic before memory is read. */
const QUIET_SECONDS = 15;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const mb = (bytes: number) => Math.round(bytes / 1048576);
/** Browsers watching the area of the soak's reports by push, and phones by SMS. */
const WATCHERS = 40;
const SMS_WATCHERS = 20;
const METRICS_TOKEN = 'soak-metrics-token-0123456789';

describe('soak: two web instances behind nginx, and two workers', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(() => runCleanups(cleanups));

  it(`${SECONDS} s of mixed traffic from ${NETWORKS * PHONES_PER_NETWORK} phones`, {
    timeout: (SECONDS + 300) * 1000,
  }, async () => {
    const cluster = await startPgCluster();
    cleanups.push(async () => cluster.destroy());
    const redis = await startRedis();
    cleanups.push(() => redis.kill());
    const osrm = new FakeOsrm();
    const nominatim = new FakeNominatim(KAMPALA_PLACES);
    const push = new FakePushService();
    const gateway = new FakeSmsGateway();
    const env = {
      ...channelEnv(await gateway.start()),
      DATABASE_URL: cluster.url,
      REDIS_URL: redis.url,
      TRUST_PROXY: '127.0.0.1',
      SEED: '1',
      OSRM_URL: await osrm.start(),
      NOMINATIM_URL: await nominatim.start(),
      PUSH_SERVICES: await push.start(),
      METRICS_TOKEN,
      ADMIN_USERNAME: ATTACKED_ADMIN.username,
      ADMIN_PASSWORD: ATTACKED_ADMIN.password,
      // The soak's phones report from 25 networks into one area far past the newcomer budgets, which
      // would hold all but a few dozen; its figures (alerts through a worker's death, a write read on
      // the other instance) are about what is published. test:abuse attacks the budgets.
      ...NO_REPORT_BUDGETS,
    };
    cleanups.push(() => Promise.all([osrm.stop(), nominatim.stop(), push.stop(), gateway.stop()]));
    const servers: RunningServer[] = [];
    for (let i = 0; i < 2; i++) servers.push(await startServer({ ...env, ROLE: 'web' }));
    cleanups.push(() => Promise.all(servers.map((s) => stop(s.proc))));
    const workers: RunningServer[] = [];
    for (let i = 0; i < 2; i++) workers.push(await startServer({ ...env, ROLE: 'worker' }));
    cleanups.push(() => Promise.all(workers.map((s) => stop(s.proc))));
    const working = async (s: RunningServer) => {
      const res = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      return /^hatari_worker 1$/m.test(await res.text());
    };
    // Browsers watching the reports' area, at hours around now (so night does not hold the alerts).
    // biome-ignore lint/plugin: the servers soaked are processes on the machine's clock
    const hour = localHour(new Date());
    const watchers = Array.from({ length: WATCHERS }, () => push.subscribe());
    for (const [i, subscription] of watchers.entries()) {
      const res = await fetch(`${servers[i % 2]?.url}/api/push/watches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `watcher ${i}` },
        body: JSON.stringify({
          subscription,
          lang: 'en',
          place: `Watched ${i}`,
          lat: 0.3 + Math.random() * 0.1,
          lng: 32.55 + Math.random() * 0.1,
          radius_m: 5000,
          hours: { from: (hour + 23) % 24, to: (hour + 2) % 24 },
        }),
      });
      assert.equal(res.status, 201, await res.text());
    }
    // Phones watching Kalerwe (in the reports' area) by SMS, each confirming with YES.
    const numbers = Array.from({ length: SMS_WATCHERS }, (_, i) => `+25677200${String(i).padStart(4, '0')}`);
    for (const [i, phone] of numbers.entries()) {
      const post = httpPoster(servers[i % 2]?.url as string, TEST_CHANNEL_SECRET);
      await post('sms', smsForm(phone, `WATCH Kalerwe 5km ${(hour + 23) % 24}-${(hour + 2) % 24}`));
      await post('sms', smsForm(phone, 'YES'));
    }
    const nginx: RunningNginx = await startNginx(servers.map((s) => Number(new URL(s.url).port)));
    cleanups.push(() => nginx.stop());
    const base = new URL(nginx.url);

    const db = createPgDb({ connectionString: cluster.url, shares: { reads: 1, writes: 1 } });
    cleanups.push(() => db.close());
    const rows = async () =>
      (
        await db.query<{ spots: number; votes: number; flags: number }>(
          'SELECT (SELECT count(*) FROM spots)::int AS spots, (SELECT count(*) FROM votes)::int AS votes, (SELECT count(*) FROM flags)::int AS flags',
        )
      )[0] as { spots: number; votes: number; flags: number };
    const before = await rows();
    const spotIds = (await db.query<{ id: number }>('SELECT id FROM spots')).map((r) => r.id);

    const phones = makePhones(NETWORKS, PHONES_PER_NETWORK);
    cleanups.push(async () => {
      for (const p of phones) p.agent.destroy();
    });

    const mix = phoneMix(base, phones, spotIds, PHONES_PER_NETWORK);
    const { sent, unexpected } = mix;
    const memory: { at: number; rss: number[] }[] = [];
    let running = true;
    const sampler = (async () => {
      while (running) {
        memory.push({ at: performance.now(), rss: servers.map((s) => rssBytes(s.proc.pid as number)) });
        await sleep(5000);
      }
    })();

    // A moderator verifies the new spots as they come: the phones are newcomers, whose spots' alerts
    // wait for a second voice (docs/api.md, "Earned trust"), so the alerts flow through the kill too.
    const moderator = await signIn(
      { base: servers[0]?.url as string, proxy: false },
      ATTACKED_ADMIN.username,
      ATTACKED_ADMIN.password,
    );
    let verified = spotIds.length;
    const verifier = (async () => {
      while (running) {
        for (const id of spotIds.slice(verified)) {
          const res = await fetch(`${servers[verified % 2]?.url}/api/mod/spots/${id}/verify`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: moderator.cookie as string },
            body: '{}',
          });
          if (res.status >= 500) unexpected.push(`verify ${id}: ${res.status}`);
          verified++;
        }
        await sleep(1000);
      }
    })();

    // Memory is compared at two quiet moments, after the warm-up and after the rest of the run:
    // under load the heap grows and shrinks with the collector's pace, but once the traffic stops
    // for a while it settles to what is really held, so growth between the two is what a leak adds.
    const quietRss = async () => {
      await sleep(QUIET_SECONDS * 1000);
      return servers.map((s) => rssBytes(s.proc.pid as number));
    };
    const warmUp = Math.min(60, Math.round(SECONDS / 4));
    await mix.run(warmUp);
    const rssAfterWarmUp = await quietRss();
    // Half-way through the rest, the working worker dies; the one standing by takes over.
    const rest = SECONDS - warmUp;
    const killing = (async () => {
      await sleep((rest / 2) * 1000);
      const flags = await Promise.all(workers.map(working));
      assert.deepEqual(flags.filter(Boolean).length, 1, `exactly one worker works: ${flags}`);
      const dead = workers[flags.indexOf(true)] as RunningServer;
      dead.proc.kill('SIGKILL');
      const killedAt = performance.now();
      const standby = workers.find((w) => w !== dead) as RunningServer;
      while (!(await working(standby))) await sleep(200);
      return performance.now() - killedAt;
    })();
    await mix.run(rest);
    const takeoverMs = await killing;
    const rssAtEnd = await quietRss();
    running = false;
    await Promise.all([sampler, verifier]);

    // What was sent and what came back.
    const byStatus: Record<number, number> = {};
    for (const s of sent) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
    console.log(
      `soak: ${SECONDS} s, ${sent.length} requests (${Math.round(sent.length / SECONDS)}/s) by status ${JSON.stringify(byStatus)}`,
    );
    console.log(
      `  route checks shed with 503 and Retry-After: ${mix.shed}; unexpected (other 5xx or no answer): ${unexpected.length}`,
    );
    const unexpectedBy: Record<string, number> = {};
    for (const u of unexpected) {
      const key = u
        .replace(/\/\d+/g, '/:id')
        .replace(/\?.*?:/, ':')
        .slice(0, 90);
      unexpectedBy[key] = (unexpectedBy[key] ?? 0) + 1;
    }
    console.log('  unexpected by kind:', unexpectedBy);
    const errors = servers.flatMap((s) =>
      serverOutput(s.proc)
        .split('\n')
        .filter((l) => /"level":(50|60)|storage unavailable/.test(l))
        .slice(0, 3)
        .map((l) => l.slice(0, 600)),
    );
    assert.deepEqual(
      unexpected.slice(0, 10),
      [],
      `no 5xx and no request without an answer; the instances logged:\n${errors.join('\n')}`,
    );

    // Nothing lost, every count consistent with its rows.
    const after = await rows();
    const count = (kind: Kind, ok: (s: number) => boolean) =>
      sent.filter((s) => s.kind === kind && ok(s.status)).length;
    const reports = count('report', (s) => s === 201);
    const votes = count('vote', (s) => s === 200);
    const flags = count('flag', (s) => s === 200);
    console.log(
      `  stored: ${after.spots - before.spots} spots for ${reports} reports answered 201, ` +
        `${after.votes - before.votes} vote rows for ${votes} votes and ${reports} reporters' own, ` +
        `${after.flags - before.flags} flags for ${flags} answered 200`,
    );
    assert.equal(after.spots - before.spots, reports, 'every 201 report stored, none extra');
    assert.equal(after.votes - before.votes, votes + reports, 'every admitted vote stored once');
    assert.equal(after.flags - before.flags, flags, 'every admitted flag stored once');
    await assertCountsMatchVotes(cluster.url);
    await assertGridMatchesSpots(cluster.url);

    const fallbacks = servers.map(
      (s) => serverOutput(s.proc).split('counting in memory until the store answers').length - 1,
    );
    console.log(`  times an instance fell back to counting in memory: ${fallbacks.join(' and ')}`);

    // Every alert sent: nothing due is left (a message the killed worker had taken waits for its
    // lease, a minute, then goes), each sent once per spot and browser (the one in flight when the
    // worker was killed may go twice; its tag makes the browser show it once).
    const due = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox WHERE state IN ('queued', 'sending') AND send_after <= now()`,
        )
      )[0]?.n ?? 0;
    for (let i = 0; i < 120 && (await due()) > 0; i++) await sleep(1000);
    const outbox = (
      await db.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM outbox WHERE phone_hash LIKE 'push:%' GROUP BY state`,
      )
    ).reduce<Record<string, number>>((o, r) => Object.assign(o, { [r.state]: r.n }), {});
    const sms = (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox WHERE kind = 'alert' AND state = 'sent' AND phone_hash NOT LIKE 'push:%'`,
      )
    )[0]?.n;
    const smsPerPhone = numbers.map((n) => gateway.alertsTo(n).length);
    const smsDelivered = smsPerPhone.reduce((a, b) => a + b, 0);
    console.log(
      `  SMS alerts: ${sms} marked sent, ${smsDelivered} delivered by the gateway, most to one number ${Math.max(...smsPerPhone)}`,
    );
    assert.equal(smsDelivered, sms, 'every SMS alert marked sent was delivered, once (Idempotency-Key)');
    assert.ok(Math.max(...smsPerPhone) <= 3, 'at most 3 SMS alerts a day to a number');
    const pairs = new Set(push.deliveries.map((d) => `${d.id} ${(d.payload as { tag: string }).tag}`));
    const perBrowser = watchers.map((w) => push.to(w.endpoint).length);
    console.log(
      `  push alerts: ${JSON.stringify(outbox)} in the outbox, ${push.deliveries.length} delivered ` +
        `(${pairs.size} distinct spot and browser), most to one browser ${Math.max(...perBrowser)}; ` +
        `the worker was killed half-way and the other worked again ${takeoverMs} ms later`,
    );
    assert.equal(await due(), 0, 'nothing left to send');
    assert.equal(pairs.size, outbox.sent ?? 0, 'every alert marked sent was delivered, and only those');
    assert.ok(push.deliveries.length - pairs.size <= 1, 'at most the one in flight sent twice');
    assert.ok(Math.max(...perBrowser) <= 3, 'at most 3 alerts a day to a browser');
    assert.deepEqual(push.refused, [], 'every push well formed');

    // A write on one instance is read on the other at once, not after its cache's 2 s.
    const freshness: number[] = [];
    for (let i = 0; i < 10; i++) {
      const [writer, reader] = i % 2 ? [servers[0], servers[1]] : [servers[1], servers[0]];
      // A new reader each time: the polling must not spend one visitor's read limit.
      const read = () =>
        fetch(`${reader?.url}/api/stats`, { headers: { 'user-agent': `fresh reader ${Math.random()}` } })
          .then((r) => r.json() as Promise<{ totals: { total: number } }>)
          .then((b) => b.totals.total);
      const seen = await read();
      const res = await fetch(`${writer?.url}/api/spots`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `fresh writer ${i}` },
        body: JSON.stringify({ ...soakReport(), title: `Freshness check ${i}` }),
      });
      assert.equal(res.status, 201);
      assert.equal(((await res.json()) as { pending: boolean }).pending, false, 'published at once');
      const wrote = performance.now();
      let now = seen;
      while (now === seen && performance.now() - wrote < 5000) {
        await sleep(5);
        now = await read();
      }
      freshness.push(performance.now() - wrote);
      assert.notEqual(now, seen, 'the other instance read the write (within 5 s; its cache alone keeps 2 s)');
    }
    freshness.sort((a, b) => a - b);
    console.log(
      `  a write on one instance read on the other after (ms): median ${freshness[5]}, most ${freshness[9]}`,
    );

    // The limits held across both instances: in every window, a phone (or a network) got at most
    // the limit admitted (a read's, with what the other instance may admit before it settles). A request counts in a window when it was sent and answered inside it.
    const limitLines: string[] = [];
    for (const { name, most, limit, allowed, refused } of mostAdmittedPerWindow(sent)) {
      limitLines.push(
        `${name} ${most}/${limit}${allowed > limit ? ` (+${allowed - limit} across instances)` : ''} (${refused} answered 429)`,
      );
      assert.ok(
        most <= allowed,
        `${name}: ${most} admitted in one window, limit ${limit}, at most ${allowed}`,
      );
    }
    console.log(`  most admitted per phone or network in one window, of the limit: ${limitLines.join(', ')}`);

    // Memory flat: quiet after the whole run against quiet after the warm-up.
    for (let i = 0; i < servers.length; i++) {
      const [before, after] = [rssAfterWarmUp[i] ?? 0, rssAtEnd[i] ?? 0];
      const peak = Math.max(...memory.map((m) => m.rss[i] ?? 0));
      console.log(
        `  instance ${i + 1} RSS: at start ${mb(memory[0]?.rss[i] ?? 0)} MB, quiet after the ${warmUp} s warm-up ` +
          `${mb(before)} MB, quiet at the end ${mb(after)} MB, peak under load ${mb(peak)} MB`,
      );
      assert.ok(
        after <= before * 1.25,
        `instance ${i + 1}: memory grew from ${mb(before)} to ${mb(after)} MB`,
      );
    }
    const counters = await Promise.all(
      servers.map(
        async (s) =>
          ((await (await fetch(`${s.url}/api/health`)).json()) as { checks: { counters: string } }).checks
            .counters,
      ),
    );
    assert.deepEqual(counters, ['redis', 'redis'], 'both instances counted in Redis throughout');

    // No raw IP address stored or logged: the database, Redis, both instances' logs and nginx's.
    const scans = [record(await scanDatabaseAt(cluster.url)), record(await scanRedis(redis.url))];
    for (const s of [...servers, ...workers]) await stop(s.proc);
    await nginx.stop();
    console.log(
      `  raw-IP scan: ${scans[0]?.items} database rows, ${scans[1]?.items} Redis keys, both instances' and nginx's logs: 0 found`,
    );
  });
});
