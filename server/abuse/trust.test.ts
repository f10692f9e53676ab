import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
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
import { FakePushService } from '../test/fake-push.ts';
import { FakeNominatim, FakeOsrm, KAMPALA_PLACES } from '../test/fakes.ts';
import {
  ATTACKED_ADMIN,
  type Client,
  call,
  report,
  SETUPS,
  type Sender,
  setupSkipped,
  signIn,
  startAttackedServer,
  statsTotal,
} from './attacks.ts';
import { honestCrowd, spread } from './crowds.ts';

/**
 * Trust that is earned, not counted by network (docs/api.md, "Earned trust"), attacked as a crowd of
 * networks would and used as a crowd of honest phones behind one carrier address would, against the
 * real server with its default budgets: embedded storage and PostgreSQL + Redis, both behind a
 * trusted proxy (forwarded addresses stand for networks, IPv6 included). Watchers (SMS numbers and
 * browsers) wait at Kalerwe, where the fakes pile up. Each test prints its figures.
 */
/** The server's visitor salt, new each run: counters kept in a shared Redis from an earlier run never match. */
const SALT = randomBytes(18).toString('base64url');
const KALERWE = { lat: 0.34918, lng: 32.57195 };
const SITE_BUDGET = 30;
const WATCHING_NUMBERS = ['+256772500001', '+256772500002', '+256772500003'];
const WATCHING_BROWSERS = 5;

const osrm = new FakeOsrm();
const nominatim = new FakeNominatim(KAMPALA_PLACES);
const gateway = new FakeSmsGateway();
const push = new FakePushService();
const urls: Record<string, string> = {};
before(async () => {
  urls.osrm = await osrm.start();
  urls.nominatim = await nominatim.start();
  urls.gateway = await gateway.start();
  urls.push = await push.start();
});
after(() => Promise.all([osrm.stop(), nominatim.stop(), gateway.stop(), push.stop()]));

const figures: Record<string, unknown> = {};
after(() => console.log(`\nearned-trust attack figures:\n${JSON.stringify(figures, null, 2)}`));
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/** A GET with headers fetch would not send (Host), and its answer as text. */
function getText(url: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      })
      .on('error', reject);
  });
}

for (const setup of SETUPS.filter((s) => s.proxy)) {
  describe(`earned trust under attack (${setup.name})`, { skip: setupSkipped(setup) }, () => {
    let c: Client;
    let databaseUrl: string | undefined;
    let moderator: Sender;
    const cleanups: Array<() => Promise<unknown> | unknown> = [];
    const fig = (name: string, value: unknown) => {
      figures[`${name} (${setup.name})`] = value;
    };
    const alertsSent = () =>
      WATCHING_NUMBERS.reduce((n, p) => n + gateway.alertsTo(p).length, 0) + push.deliveries.length;

    before(async () => {
      gateway.delivered = [];
      push.deliveries = [];
      ({ c, databaseUrl } = await startAttackedServer(setup, urls.osrm as string, cleanups, {
        ...channelEnv(urls.gateway as string),
        NOMINATIM_URL: urls.nominatim as string,
        PUSH_SERVICES: urls.push as string,
        VISITOR_SALT: SALT,
      }));
      moderator = await signIn(c, ATTACKED_ADMIN.username, ATTACKED_ADMIN.password);
      // Three numbers and five browsers watch Kalerwe.
      const post = httpPoster(c.base, TEST_CHANNEL_SECRET);
      for (const phone of WATCHING_NUMBERS) {
        await post('sms', smsForm(phone, 'WATCH Kalerwe'));
        await post('sms', smsForm(phone, 'YES'));
      }
      for (let i = 0; i < WATCHING_BROWSERS; i++) {
        const res = await call(c, { ua: `watcher ${i}`, ip: `41.77.${i}.8` }, 'POST', '/api/push/watches', {
          subscription: push.subscribe(),
          lang: 'en',
          place: 'Kalerwe',
          ...KALERWE,
          radius_m: 5000,
        });
        assert.equal(res.status, 201, JSON.stringify(res.json));
      }
    });
    after(async () => {
      for (const clean of cleanups.reverse()) await clean();
    });

    it('floods of fake reports from many networks publish at most the site budget; the rest wait with an alarm and no alert', async () => {
      const statsBefore = await statsTotal(c);
      const started = performance.now();
      const floods: Record<string, { sent: number; published: number; held: number; refused: number }> = {};
      let n = 0;
      const flood = async (
        name: string,
        senders: Sender[],
        perSender: number,
        at?: { lat: number; lng: number },
      ) => {
        const f = { sent: 0, published: 0, held: 0, refused: 0 };
        for (const who of senders)
          for (let i = 0; i < perSender; i++) {
            const res = await call(
              c,
              who,
              'POST',
              '/api/spots',
              report({
                title: `Murder at the market ${++n}`,
                severity: 5,
                category: 'murder',
                ...(at ?? spread(n)),
              }),
            );
            f.sent++;
            if (res.status === 201) res.json.pending ? f.held++ : f.published++;
            else f.refused++;
          }
        floods[name] = f;
      };
      await flood(
        '64 IPv4 /24s × 5',
        Array.from({ length: 64 }, (_, i) => ({ ip: `41.${60 + (i >> 4)}.${i}.9`, ua: 'Chrome' })),
        5,
      );
      await flood(
        '256 IPv6 /48s × 2',
        Array.from({ length: 256 }, (_, i) => ({
          ip: `2c0f:${(0xf000 + i).toString(16)}:1::9`,
          ua: 'Chrome',
        })),
        2,
      );
      await flood(
        'one /16 as 200 /24s × 2',
        Array.from({ length: 200 }, (_, i) => ({ ip: `105.21.${i}.7`, ua: 'Chrome' })),
        2,
      );
      await flood(
        'a pile at Kalerwe, 100 /24s',
        Array.from({ length: 100 }, (_, i) => ({ ip: `102.80.${i}.3`, ua: 'Chrome' })),
        1,
        KALERWE,
      );
      // 100 numbers nobody saw before, each reporting once by USSD at Kawempe.
      const post = httpPoster(c.base, TEST_CHANNEL_SECRET);
      const ussd = { sent: 0, published: 0, held: 0, refused: 0 };
      for (let i = 0; i < 100; i++) {
        const session = new UssdSession(post, `+2567720${String(10000 + i)}`, '64110');
        const first = await session.send();
        const answers = ['2', 'Kawempe', '1', '5', '5', '2', '1', '1'];
        if (/\n1 English/.test(first)) answers.unshift('1');
        let screen = first;
        for (const a of answers) screen = await session.send(a);
        ussd.sent++;
        if (/is on the map/.test(screen)) ussd.published++;
        else if (/waits for moderators/.test(screen)) ussd.held++;
        else ussd.refused++;
      }
      floods['100 rotating USSD numbers'] = ussd;
      const took = seconds(started);
      await new Promise((r) => setTimeout(r, 2500)); // long enough for the outbox to send any alert
      const alarms = (await call(c, moderator, 'GET', '/api/mod/alarms')).json as {
        held_reports: {
          reports: number;
          networks: unknown[];
          places: unknown[];
          from: string;
          to: string;
        } | null;
        budgets: { reports: { used: number; per_hour: number } };
      };
      const statsAfter = await statsTotal(c);
      const published = Object.values(floods).reduce((a, f) => a + f.published, 0);
      const held = Object.values(floods).reduce((a, f) => a + f.held, 0);
      fig('fake report floods', {
        floods,
        seconds: took,
        stats: { before: statsBefore, after: statsAfter },
        alarm: alarms.held_reports && {
          reports: alarms.held_reports.reports,
          networksListed: alarms.held_reports.networks.length,
          placesListed: alarms.held_reports.places.length,
        },
        reportBudget: alarms.budgets.reports,
        alertsSent: alertsSent(),
      });
      assert.ok(
        published <= SITE_BUDGET,
        `${published} published: at most the site budget of ${SITE_BUDGET}`,
      );
      assert.ok(statsAfter - statsBefore <= SITE_BUDGET, `the map grew by ${statsAfter - statsBefore}`);
      assert.equal(
        Object.values(floods).reduce((a, f) => a + f.refused, 0),
        0,
        'nothing silently refused',
      );
      assert.equal(alarms.held_reports?.reports, held, 'every held report waits in the alarm');
      assert.equal(alertsSent(), 0, "no alert for a newcomer's unconfirmed spot");

      // One action rejects the whole burst.
      const { from, to } = alarms.held_reports as { from: string; to: string };
      const decided = await call(c, moderator, 'POST', '/api/mod/held-reports/reject', { from, to });
      assert.equal(decided.status, 200);
      assert.equal((decided.json as { spots: number }).spots, held);
      assert.equal(await statsTotal(c), statsAfter, 'none of them reached the map');
    });

    /** An honest crowd (crowds.ts), its figures printed under `name`. */
    const crowd = async (name: string, address: (i: number) => string, withStanding: boolean) => {
      const seen = await honestCrowd(
        c,
        address,
        withStanding ? { databaseUrl: databaseUrl as string, salt: SALT } : undefined,
      );
      fig(name, {
        phones: 150,
        noCredential: seen.noCredential,
        ...seen.counts,
        refusalsByPolicy: seen.refusals,
      });
      return seen;
    };

    it("150 honest newcomers behind one IPv4 address all get credentials and are refused nothing but the spec's own limits (and under 5 % of votes)", async () => {
      const { noCredential, counts, refusals } = await crowd(
        'honest newcomers behind one IPv4',
        () => '41.210.150.20',
        false,
      );
      assert.equal(noCredential, 0, 'every phone its own credential');
      const spec = new Set(['30;w=3600', '5;w=3600', '60;w=3600']);
      assert.deepEqual(
        Object.keys(refusals).filter((p) => !spec.has(p)),
        [],
        `refused only by the spec's limits: ${JSON.stringify(refusals)}`,
      );
      assert.ok(
        counts.votesRefused / counts.votes < 0.05,
        `${counts.votesRefused} of ${counts.votes} votes refused`,
      );
    });

    it('150 honest newcomers across one /24 are refused under 5 % of votes', async () => {
      const { counts } = await crowd('honest newcomers across one /24', (i) => `41.210.151.${i + 1}`, false);
      assert.ok(
        counts.votesRefused / counts.votes < 0.05,
        `${counts.votesRefused} of ${counts.votes} votes refused`,
      );
    });

    it("150 honest phones with standing behind one IPv4 address are refused nothing but the spec's own limits", {
      skip:
        setup.storage === 'embedded'
          ? 'standing is set up in the database, which the embedded server holds'
          : false,
    }, async () => {
      const { noCredential, counts, refusals } = await crowd(
        'honest phones with standing behind one IPv4',
        () => '41.210.152.20',
        true,
      );
      assert.equal(noCredential, 0);
      assert.deepEqual(
        Object.keys(refusals).filter((p) => p !== '30;w=3600'),
        [],
        `only the spec's 30 reports per network: ${JSON.stringify(refusals)}`,
      );
      assert.equal(counts.votesRefused, 0, 'no vote refused');
    });

    it('a crowd of networks minting push subscriptions meets the bounds of its wide network and of the site', async () => {
      const started = performance.now();
      const tally = (into: Record<number, number>, status: number) => {
        into[status] = (into[status] ?? 0) + 1;
      };
      const subscribe = (who: Sender) =>
        call(c, who, 'POST', '/api/push/watches', {
          subscription: push.subscribe(),
          lang: 'en',
          place: 'Kalerwe',
          ...KALERWE,
        });
      // One /24: 70 new subscriptions from 70 addresses inside it.
      const oneNetwork: Record<number, number> = {};
      for (let i = 0; i < 70; i++)
        tally(oneNetwork, (await subscribe({ ip: `41.90.7.${i + 1}`, ua: `Sub ${i}` })).status);
      // Then 60 more /24s, 10 each.
      const many: Record<number, number> = {};
      for (let k = 0; k < 60; k++)
        for (let i = 0; i < 10; i++)
          tally(
            many,
            (await subscribe({ ip: `41.${91 + (k >> 6)}.${k}.${i + 1}`, ua: `Sub ${k}-${i}` })).status,
          );
      fig('push subscription flood', { oneNetwork, many, seconds: seconds(started) });
      assert.equal(oneNetwork[201], 60, 'sixty new subscriptions an hour from one /24');
      assert.equal(oneNetwork[429], 10);
      // Every attempt counts against the site's 600 (a refused one too, as every limit counts), the
      // watchers set up first included: at most 600 new subscriptions an hour, whatever the networks.
      const accepted = WATCHING_BROWSERS + (oneNetwork[201] ?? 0) + (many[201] ?? 0);
      assert.ok(accepted <= 600 && accepted >= 590, `${accepted} new subscriptions in the hour`);
      assert.ok((many[429] ?? 0) >= 60, 'the rest refused by the site bound');
    });

    it("a share page's links never come from the request's Host or forwarded host", async () => {
      const spots = (await call(c, { ua: 'reader', ip: '41.1.1.2' }, 'GET', '/api/spots?limit=1')).json
        .spots as Array<{ id: number }>;
      const id = spots[0]?.id as number;
      const res = await getText(`${c.base}/spots/${id}`, {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      });
      const html = res.text;
      fig('Host header', { status: res.status, mentionsEvil: html.includes('evil.example') });
      assert.equal(res.status, 200);
      assert.ok(!html.includes('evil.example'), 'no link to the host the request named');
      assert.match(html, new RegExp(`property="og:url" content="http://127\\.0\\.0\\.1:\\d+/spots/${id}"`));
    });
  });
}
