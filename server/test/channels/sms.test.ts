import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { clockHoursText, localHour } from '../../../common/region.ts';
import { ALERT_RULES, alertSendAfter, alertText } from '../../src/channels/alerts.ts';
import { purgeChannelData } from '../../src/channels/channels.sql.ts';
import { SmsCourier } from '../../src/channels/couriers.ts';
import { claimDue } from '../../src/channels/outbox.sql.ts';
import { OUTBOX_DEFAULTS, Outbox } from '../../src/channels/outbox.ts';
import { PhoneCipher } from '../../src/channels/phone.ts';
import { nearList, smsText, watchRequest } from '../../src/channels/sms-text.ts';
import { UpstreamGuard } from '../../src/clients/http.ts';
import { SmsGateway } from '../../src/clients/sms-gateway.ts';
import { moderateSpot } from '../../src/moderation/mod-spots.service.ts';
import { writeSiteSettings } from '../../src/settings/settings.service.ts';
import { deviceWithStanding, report } from '../factories.ts';
import {
  channelEnv,
  FAKE_API_KEY,
  FAKE_USERNAME,
  FakeSmsGateway,
  injectPoster,
  smsForm,
  TEST_PHONE_KEY,
  UssdSession,
} from '../fake-gateway.ts';
import { FakeNominatim, FakeOsrm, KAMPALA_PLACES } from '../fakes.ts';
import { startTestApp, type TestApp } from '../test-app.ts';
import { createTestDatabase } from '../test-db.ts';

/**
 * SMS: NEAR, WATCH and STOP, the alerts of new public dangers, and their delivery through the
 * outbox when the gateway is down, slow, or the server restarts.
 */
const nominatim = new FakeNominatim(KAMPALA_PLACES);
const osrm = new FakeOsrm();
const gateway = new FakeSmsGateway();
let gatewayUrl: string;
let nominatimUrl: string;
/** The day the answers' texts are written on, for the texts that say how long ago: any fixed day serves. */
const SCREEN_DAY = new Date('2026-11-25T09:00:00Z');
let t: TestApp;
let post: ReturnType<typeof injectPoster>;
const cipher = new PhoneCipher(Buffer.from(TEST_PHONE_KEY, 'hex'));
const KALERWE = { lat: 0.34918, lng: 32.57195 };
let phones = 0;
const newPhone = () => `+2567530${String(++phones).padStart(5, '0')}`;

/** The outbox under the test's hand: fast retries, a short timeout, a circuit that reopens soon. */
function testOutbox(app: TestApp, timeoutMs = 1000) {
  const client = new SmsGateway(
    {
      apiUrl: gatewayUrl,
      username: FAKE_USERNAME,
      apiKey: FAKE_API_KEY,
      userAgent: 'Hatari-test/1',
      timeoutMs,
    },
    new UpstreamGuard('sms gateway', { maxInFlight: 4, failuresToOpen: 3, openMs: 200 }),
  );
  return new Outbox(app.db, [new SmsCourier(client, cipher, app.deps.log)], app.deps.log, {
    ...OUTBOX_DEFAULTS,
    pollMs: 20,
    backoffSeconds: 0.05,
    maxBackoffSeconds: 0.2,
  });
}
let outbox: Outbox;

const waiting = async (app: TestApp) =>
  (
    await app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE state IN ('queued', 'sending') AND send_after <= now()`,
    )
  )[0]?.n ?? 0;

/** Runs the outbox until nothing due is left (or a few seconds pass). */
async function flush(box = outbox, app = t) {
  for (let i = 0; i < 100; i++) {
    await box.tick();
    if ((await waiting(app)) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sms = (phone: string, text: string, id?: string) => post('sms', smsForm(phone, text, id));
/** A WATCH, confirmed by the number as its first one must be. */
const watch = async (phone: string, place: string) => {
  await sms(phone, `WATCH ${place}`);
  await sms(phone, 'YES');
};

/** A report from a device with standing: its alerts go at once (a newcomer's wait for a second voice). */
async function reportAt(app: TestApp, at: { lat: number; lng: number }, severity: number, ua = 'reporter') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/spots',
    headers: { 'user-agent': `${ua} ${Math.random()}`, cookie: await deviceWithStanding(app) },
    payload: report({ ...at, severity, title: 'Phone snatching at the taxi stage' }),
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as { spot: { id: number }; pending: boolean };
}

describe('channels/sms', () => {
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
    await t.deps.channels.outbox.close();
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

  describe('SMS commands', () => {
    it('NEAR answers with the nearest dangers', async () => {
      const phone = newPhone();
      await sms(phone, 'near Kalerwe');
      await flush();
      const [reply] = gateway.to(phone);
      assert.match(reply ?? '', /^Hatari, near Kalerwe: #\d+ .* [1-5]\/5 (.* )?[\d.]+k?m\b/);
      assert.ok((reply ?? '').length <= 160, `${reply?.length} characters: one SMS`);
    });

    it('NEAR asks whether an old danger is still there; STILL and GONE answer it with a vote', async () => {
      const { spot } = await reportAt(t, KALERWE, 3);
      await t.db.query(
        `UPDATE spots SET created_at = now() - interval '40 days', last_confirmed_at = now() - interval '40 days'
         WHERE id = $1`,
        [spot.id],
      );
      const phone = newPhone();
      await sms(phone, 'NEAR Kalerwe');
      await flush();
      const [near] = gateway.to(phone);
      assert.match(
        near ?? '',
        new RegExp(`Is #${spot.id} still there\\? Reply STILL ${spot.id} or GONE ${spot.id}$`),
      );
      assert.ok((near ?? '').length <= 160, `${near?.length} characters: one SMS`);
      await sms(phone, `STILL ${spot.id}`);
      await flush();
      assert.match(
        gateway.to(phone)[1] ?? '',
        new RegExp(`^Thank you\\. #${spot.id} now: 2 still dangerous`),
      );
      const [row] = await t.db.query<{ confirmations: number }>(
        'SELECT confirmations FROM spots WHERE id = $1',
        [spot.id],
      );
      assert.equal(row?.confirmations, 2, "the answer is a vote beside the reporter's own");
      // In Swahili, for a spot that is not there.
      await sms(phone, 'IMEISHA 2147483000');
      await flush();
      assert.equal(gateway.to(phone)[2], 'Hakuna mahali #2147483000 kwenye ramani.');
    });

    it('explains itself to anything else, and says when a place is unknown', async () => {
      const phone = newPhone();
      await sms(phone, 'hello?');
      await sms(phone, 'NEAR Nowhereville');
      await sms(phone, 'NEAR 0772 123 456');
      await flush();
      const [help, unknown, number] = gateway.to(phone);
      assert.match(help ?? '', /NEAR .*WATCH .*STOP/);
      assert.match(unknown ?? '', /no place called "Nowhereville"/);
      assert.match(number ?? '', /no place called "\[removed\]"/, 'a number typed is not said back');
    });

    it('answers a repeated callback once', async () => {
      const phone = newPhone();
      await sms(phone, 'NEAR Kalerwe', 'ATXid_same');
      await sms(phone, 'NEAR Kalerwe', 'ATXid_same');
      await flush();
      assert.equal(gateway.to(phone).length, 1);
    });

    it('WATCH keeps the number sealed, never in clear', async () => {
      const phone = newPhone();
      await sms(phone, 'WATCH Kalerwe');
      const rows = await t.db.query<{ row: string; phone_enc: string; phone_hash: string }>(
        'SELECT w::text AS row, phone_enc, phone_hash FROM watches w',
      );
      assert.equal(rows.length, 1);
      const digits = phone.slice(1);
      assert.ok(!rows[0]?.row.includes(digits) && !rows[0]?.row.includes(phone.slice(4)), 'not in clear');
      assert.equal(cipher.decrypt(rows[0]?.phone_enc as string), phone, 'sealed under PHONE_KEY');
      assert.notEqual(cipher.encrypt(phone), cipher.encrypt(phone), 'a fresh nonce each time');
      await flush();
      assert.match(gateway.to(phone)[0] ?? '', /reply YES .* near Kalerwe/);
    });

    it('alerts no number until it confirms its first WATCH with YES, and forgets one it never confirms', async () => {
      const stranger = newPhone();
      await sms(stranger, 'WATCH Kalerwe');
      await reportAt(t, KALERWE, 5);
      await flush();
      assert.equal(gateway.alertsTo(stranger).length, 0, 'no alert before YES');
      await sms(stranger, 'YES');
      await flush();
      assert.match(gateway.to(stranger).at(-1) ?? '', /alerts on for Kalerwe/);
      await reportAt(t, KALERWE, 5);
      await flush();
      assert.equal(gateway.alertsTo(stranger).length, 1, 'alerts after YES');
      // A later WATCH of a number that confirmed one needs no new YES.
      await sms(stranger, 'WATCH Wandegeya');
      await flush();
      assert.match(gateway.to(stranger).at(-1) ?? '', /watching Wandegeya/);
      // A WATCH nobody confirms is gone after a day.
      const silent = newPhone();
      await sms(silent, 'WATCH Nansana');
      await t.db.query(
        `UPDATE watches SET created_at = now() - interval '25 hours' WHERE confirmed_at IS NULL`,
      );
      await purgeChannelData(t.db, 90);
      assert.equal((await t.db.query('SELECT 1 FROM watches WHERE confirmed_at IS NULL')).length, 0);
      assert.equal(
        (await t.db.query('SELECT 1 FROM watches')).length,
        2,
        "the confirmed number's watches stay",
      );
      // YES in any of the three languages, as a phone sends it: "Ndiyo." from a number set to English.
      const swahili = newPhone();
      await sms(swahili, 'WATCH Kalerwe');
      await sms(swahili, 'Ndiyo.');
      await flush();
      assert.match(gateway.to(swahili).at(-1) ?? '', /^Hatari: arifa ziko kwa Kalerwe/);
    });

    it('watches at most three places a number', async () => {
      const phone = newPhone();
      await watch(phone, 'Kalerwe');
      for (const place of ['Wandegeya', 'Nansana', 'Old Taxi Park']) await sms(phone, `WATCH ${place}`);
      await sms(phone, 'WATCH Kalerwe');
      await flush();
      const replies = gateway.to(phone);
      assert.match(replies[4] ?? '', /already watch 3 places/, replies.join('\n'));
      assert.match(replies[5] ?? '', /watching Kalerwe/, 'a place already watched is renewed');
      const n = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM watches');
      assert.equal(n[0]?.n, 3);
    });

    it('sends at most ten answers a day to a number', async () => {
      const limited = await startTestApp({
        realLimits: true,
        env: { NOMINATIM_URL: nominatimUrl, ...channelEnv(gatewayUrl) },
      });
      try {
        await limited.deps.channels.outbox.close();
        const box = testOutbox(limited);
        const phone = newPhone();
        const send = injectPoster((o) => limited.inject(o));
        for (let i = 0; i < 14; i++) await send('sms', smsForm(phone, 'help'));
        await flush(box, limited);
        await box.close();
        const rows = await limited.db.query<{ state: string }>('SELECT state FROM outbox');
        assert.equal(gateway.to(phone).length, 10, JSON.stringify(rows));
      } finally {
        await limited.close();
      }
    });
  });

  describe('alerts', () => {
    it('one SMS for a new nearby danger, none for far, mild or repeated ones', async () => {
      const phone = newPhone();
      await watch(phone, 'Kalerwe');
      await flush();
      const near = await reportAt(t, { lat: KALERWE.lat + 0.004, lng: KALERWE.lng }, 5);
      await reportAt(t, { lat: KALERWE.lat + 0.02, lng: KALERWE.lng }, 5); // 2.2 km away
      await reportAt(t, { lat: KALERWE.lat, lng: KALERWE.lng + 0.001 }, 2);
      await flush();
      await flush();
      const alerts = gateway.alertsTo(phone);
      assert.deepEqual(alerts.length, 1, alerts.join('\n'));
      assert.match(
        alerts[0] ?? '',
        new RegExp(`#${near.spot.id} Robbery or snatching 5/5 at night: Phone snatching`),
      );
      assert.ok((alerts[0] ?? '').length <= 160, 'one SMS');
      assert.match(alerts[0] ?? '', /\d+ m from Kalerwe/);
    });

    it('waits for a held report to be approved', async () => {
      const phone = newPhone();
      await watch(phone, 'Kalerwe');
      await writeSiteSettings(t.db, { requireApproval: true });
      let id: number;
      try {
        const held = await reportAt(t, KALERWE, 5);
        assert.equal(held.pending, true);
        id = held.spot.id;
      } finally {
        await writeSiteSettings(t.db, { requireApproval: false });
      }
      await flush();
      assert.equal(gateway.alertsTo(phone).length, 0, 'not while held');
      await moderateSpot(t.db, t.deps.standing, { username: 'amina', role: 'moderator' }, id, 'approve');
      await flush();
      const alerts = gateway.alertsTo(phone);
      assert.equal(alerts.length, 1);
      assert.match(alerts[0] ?? '', new RegExp(`#${id} `));
    });

    it('sends at most three a day to a number, and none about its own report', async () => {
      const phone = newPhone();
      await watch(phone, 'Kalerwe');
      const own = new UssdSession(post, phone, '64101');
      const mine = await own.play('1', '2', 'Kalerwe', '1', '5', '2', '1', '1');
      assert.match(mine, /^END Thank you\. Spot #\d+ is on the map/);
      for (let i = 0; i < 4; i++) await reportAt(t, KALERWE, 5, `other ${i}`);
      await flush();
      const alerts = gateway.alertsTo(phone);
      assert.equal(alerts.length, ALERT_RULES.perNumberPerDay);
      const ownId = /#(\d+)/.exec(mine)?.[1];
      assert.ok(!alerts.some((a) => a.includes(`#${ownId} `)), 'not about the reporter’s own spot');
    });

    it('WATCH takes a distance and hours: no alert beyond the distance, none outside the hours', async () => {
      assert.deepEqual(watchRequest('Kalerwe 500m 18-23'), {
        place: 'Kalerwe',
        to: undefined,
        radiusM: 500,
        hours: { from: 18, to: 23 },
      });
      assert.deepEqual(watchRequest('Old Taxi Park 2 km'), {
        place: 'Old Taxi Park',
        to: undefined,
        radiusM: 2000,
        hours: undefined,
      });
      assert.deepEqual(watchRequest('Kalerwe 22-6'), {
        place: 'Kalerwe',
        to: undefined,
        radiusM: 1000,
        hours: { from: 22, to: 6 },
      });
      assert.equal(watchRequest('Kalerwe 90 km').radiusM, 5000, 'within bounds');
      assert.equal(watchRequest('Kalerwe 5m').radiusM, 200, 'within bounds');

      const phone = newPhone();
      const now = t.deps.clock.now();
      const hour = localHour(now);
      // Hours that exclude this one: the alert waits for them to begin.
      const hours = { from: (hour + 2) % 24, to: (hour + 5) % 24 };
      await sms(phone, `WATCH Kalerwe 500m ${hours.from}-${hours.to}`);
      await sms(phone, 'YES');
      // Asked again once confirmed, the answer says what it will watch.
      await sms(phone, `WATCH Kalerwe 500m ${hours.from}-${hours.to}`);
      await flush();
      assert.match(
        gateway.to(phone).at(-1) ?? '',
        new RegExp(`within 500 m, ${clockHoursText(hours).replace('–', '-')}`),
      );
      await reportAt(t, { lat: KALERWE.lat + 0.0063, lng: KALERWE.lng }, 4); // 700 m away
      const near = await reportAt(t, { lat: KALERWE.lat + 0.0027, lng: KALERWE.lng }, 4); // 300 m
      const rows = await t.db.query<{ spot_id: number; send_after: Date }>(
        `SELECT spot_id, send_after FROM outbox WHERE kind = 'alert' AND phone_hash IN
         (SELECT phone_hash FROM watches WHERE radius_m = 500)`,
      );
      assert.deepEqual(
        rows.map((r) => r.spot_id),
        [near.spot.id],
        'one alert, for the danger within 500 m',
      );
      const expected = alertSendAfter(4, now, hours);
      assert.ok(expected, 'outside the hours');
      assert.ok(
        Math.abs(new Date(rows[0]?.send_after ?? 0).getTime() - expected.getTime()) < 60_000,
        `waits for ${hours.from}:00: ${rows[0]?.send_after}`,
      );
      await flush();
      assert.equal(gateway.alertsTo(phone).length, 0, 'nothing sent outside the hours');
      // The waiting alert would wait for hours: the tests after this one start without it.
      await t.db.query('DELETE FROM outbox WHERE spot_id = $1', [near.spot.id]);
    });

    it('WATCH A TO B watches the way between them: one alert for a danger along it, none off it', async () => {
      assert.deepEqual(watchRequest('Kalerwe TO Old Taxi Park 6-9'), {
        place: 'Kalerwe',
        to: 'Old Taxi Park',
        radiusM: 300,
        hours: { from: 6, to: 9 },
      });
      assert.equal(watchRequest('Kalerwe hadi Old Taxi Park').to, 'Old Taxi Park', 'in Swahili too');
      const phone = newPhone();
      await sms(phone, 'WATCH Kalerwe TO Old Taxi Park');
      await sms(phone, 'YES');
      const way = await t.db.query<{ place: string; km: number }>(
        `SELECT place, ST_Length(route) / 1000 AS km FROM watches WHERE route IS NOT NULL`,
      );
      assert.equal(way[0]?.place, 'Kalerwe - Old Taxi Park');
      assert.ok((way[0]?.km ?? 0) > 3, `the way is kept: ${way[0]?.km} km`);
      // Kalerwe (0.34918, 32.57195) to Old Taxi Park (0.3123, 32.577): a danger half-way, on the way,
      // and one 1.5 km off it.
      // (Severity 5, sent even at night, whenever this test runs.)
      const along = await reportAt(t, { lat: 0.3307, lng: 32.5745 }, 5);
      await reportAt(t, { lat: 0.3307, lng: 32.5885 }, 5);
      await flush();
      const alerts = gateway.alertsTo(phone);
      assert.equal(alerts.length, 1, alerts.join('\n'));
      assert.match(alerts[0] ?? '', new RegExp(`from Kalerwe - Old Taxi Park: #${along.spot.id} `));
    });

    it("sends inside a watch's hours at once, night included, and waits outside them", () => {
      const at = (utc: string) => new Date(`2026-11-24T${utc}Z`); // Kampala is UTC+3
      const evening = { from: 18, to: 23 };
      assert.equal(alertSendAfter(3, at('16:00:00'), evening), undefined, '19:00: inside');
      assert.equal(
        alertSendAfter(3, at('07:00:00'), evening)?.toISOString(),
        '2026-11-24T15:00:00.000Z',
        '10:00: at 18:00',
      );
      assert.equal(
        alertSendAfter(5, at('20:30:00'), evening)?.toISOString(),
        '2026-11-25T15:00:00.000Z',
        '23:30: tomorrow',
      );
      const night = { from: 22, to: 6 };
      assert.equal(
        alertSendAfter(3, at('23:30:00'), night),
        undefined,
        '02:30: the number asked for night alerts',
      );
      assert.equal(
        alertSendAfter(3, at('09:00:00'), night)?.toISOString(),
        '2026-11-24T19:00:00.000Z',
        '12:00: at 22:00',
      );
    });

    it('waits for the morning unless someone was killed', () => {
      const at = (utc: string) => new Date(`2026-11-24T${utc}Z`);
      const morning = '2026-11-25T03:00:00.000Z'; // 06:00 in Kampala
      assert.equal(alertSendAfter(3, at('18:59:00')), undefined, '21:59 in Kampala: at once');
      assert.equal(alertSendAfter(4, at('19:00:00'))?.toISOString(), morning, '22:00');
      assert.equal(alertSendAfter(3, at('23:30:00'))?.toISOString(), morning, '02:30');
      assert.equal(alertSendAfter(3, at('02:59:00'))?.toISOString(), '2026-11-24T03:00:00.000Z', '05:59');
      assert.equal(alertSendAfter(3, at('03:00:00')), undefined, '06:00');
      assert.equal(alertSendAfter(5, at('23:30:00')), undefined, 'a killing: at once, even at night');
    });

    it('STOP ends every watch, drops unsent alerts and deletes the number', async () => {
      const phone = newPhone();
      await watch(phone, 'Kalerwe');
      await sms(phone, 'WATCH Wandegeya');
      await flush();
      gateway.mode = 'down';
      await reportAt(t, KALERWE, 5);
      await flush(); // the alert fails and waits
      await sms(phone, 'stop');
      const left = await t.db.query<{ row: string }>(
        `SELECT o::text AS row FROM outbox o WHERE kind = 'alert' AND state IN ('queued', 'sending')`,
      );
      assert.equal(left.length, 0, 'the waiting alert is dropped');
      assert.equal((await t.db.query('SELECT 1 FROM watches')).length, 0, 'no watch is left');
      gateway.mode = 'ok';
      await new Promise((r) => setTimeout(r, 250)); // the circuit lets a trial through
      await flush();
      const replies = gateway.to(phone);
      assert.match(replies.at(-1) ?? '', /all stopped and your number deleted/);
      assert.equal(gateway.alertsTo(phone).length, 0);
      const sealed = await t.db.query('SELECT 1 FROM outbox WHERE phone_enc IS NOT NULL');
      assert.equal(sealed.length, 0, 'once sent, no number is kept at all');
    });
  });

  describe("SMS in the number's language, one message each", () => {
    it('answers a Luganda word in Luganda, and keeps speaking it', async () => {
      const phone = newPhone();
      await sms(phone, 'ZUNGULUKA Kalerwe');
      await sms(phone, 'NEAR Kalerwe');
      await sms(phone, 'help');
      await flush();
      const [near, again, help] = gateway.to(phone);
      assert.match(near ?? '', /^Hatari, okumpi ne Kalerwe: #\d+ /);
      assert.match(again ?? '', /^Hatari, okumpi ne Kalerwe: /, 'an English word from a Luganda number');
      assert.match(help ?? '', /^Hatari: OKUMPI ekifo/);
      await sms(phone, 'ENGLISH');
      await sms(phone, 'near Kalerwe');
      await flush();
      assert.match(
        gateway.to(phone).at(-1) ?? '',
        /^Hatari, near Kalerwe: /,
        'and back to English on asking',
      );
    });

    it("KOMYA, STOP and the carriers' other words stop everything and erase the number; START answers again", async () => {
      for (const word of ['KOMYA', 'SITISHA', 'STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']) {
        await t.db.query('DELETE FROM watches');
        await t.db.query('DELETE FROM channel_numbers');
        const phone = newPhone();
        await watch(phone, 'Kalerwe');
        await sms(phone, 'OKUMPI Kalerwe');
        const hash = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM channel_numbers');
        assert.ok((hash[0]?.n ?? 0) > 0, 'a language is kept by hash');
        await sms(phone, word.toLowerCase());
        await flush();
        const kept = await t.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM watches)::int + (SELECT count(*) FROM channel_numbers)::int AS n`,
        );
        assert.equal(kept[0]?.n, 0, `${word}: no watch and no language left`);
        const stopped = gateway.to(phone).at(-1) ?? '';
        // In the word's language; an English word in the number's own (Luganda, from OKUMPI).
        assert.match(
          stopped,
          word === 'SITISHA' ? /^Hatari: yote yamesitishwa/ : /^Hatari: byonna bikomye/,
          word,
        );
        await reportAt(t, KALERWE, 5);
        await flush();
        assert.equal(gateway.alertsTo(phone).length, 0, `${word}: nothing more is sent`);
      }
      const phone = newPhone();
      await sms(phone, 'START');
      await flush();
      assert.match(gateway.to(phone).at(-1) ?? '', /^Hatari: welcome back\. NEAR place/);
    });

    it('MORE goes on down the list, one SMS at a time, until none are left', async () => {
      const nansana = { lat: 0.3633, lng: 32.5289 };
      for (let i = 0; i < 7; i++)
        await reportAt(t, { lat: nansana.lat + i * 0.0003, lng: nansana.lng }, 3, `more ${i}`);
      const phone = newPhone();
      await sms(phone, 'NEAR Nansana');
      for (let i = 0; i < 6; i++) await sms(phone, 'MORE');
      await flush();
      const answers = gateway.to(phone);
      const ids = answers.flatMap((a) => [...a.matchAll(/#(\d+)/g)].map((m) => m[1]));
      assert.ok(
        answers.every((a) => a.length <= 160),
        answers.join('\n'),
      );
      assert.equal(new Set(ids).size, ids.length, 'no danger twice');
      assert.ok(ids.length >= 7, `all seven: ${ids.length}`);
      assert.match(answers.at(-1) ?? '', /no more dangers near Nansana/);
    });

    it('NEAR lists three dangers in one SMS, MORE included, where their words allow', () => {
      const at = (
        id: number,
        category: 'robbery' | 'boda_gang' | 'stabbing',
        time: 'night' | 'any' | 'day',
      ) => ({
        id,
        title: 'unused',
        category,
        severity: 4,
        time_of_day: time,
        distance_m: 1250,
        last_word: SCREEN_DAY,
      });
      const dangers = [
        at(10234, 'robbery', 'night'),
        at(10235, 'boda_gang', 'any'),
        at(10236, 'stabbing', 'day'),
      ];
      const more = [...dangers, at(10237, 'robbery', 'night')];
      assert.equal(
        nearList('en', 'Kalerwe', more, 0, SCREEN_DAY).text,
        'Hatari, near Kalerwe: #10234 Robbery or snatching 4/5 at night 1.3km; #10235 Boda gang 4/5 1.3km; ' +
          '#10236 Stabbing or hacking 4/5 by day 1.3km. MORE for more',
      );
      // Luganda's and Swahili's words are longer: three when they are all, two and MORE otherwise.
      for (const lang of ['lg', 'sw'] as const) {
        const page = nearList(lang, 'Kalerwe', dangers, 0, SCREEN_DAY);
        assert.equal(page.shown, 3, `${lang}: ${page.text}`);
        assert.ok(page.text.length <= 160, `${lang}: ${page.text.length} characters`);
      }
    });

    it('repeats the hours of a WATCH in the answer to its YES', async () => {
      const phone = newPhone();
      await sms(phone, 'WATCH Kalerwe 18-23');
      await sms(phone, 'YES');
      await flush();
      assert.match(gateway.to(phone).at(-1) ?? '', /^Hatari: alerts on for Kalerwe \(18:00-23:00\)\./);
    });

    it('fits every answer and alert in one SMS of GSM letters, in every language, with the longest values', () => {
      const longest = 'W'.repeat(80);
      const gsm7 = /^[A-Za-z0-9 \n.,:;'"!?()#+\-/%&*=<>@$_]*$/;
      for (const lang of ['en', 'lg', 'sw'] as const) {
        const texts = [
          ...(['smsHelp', 'smsStopped', 'smsStarted', 'smsLang'] as const).map((k) => smsText(lang, k)),
          smsText(lang, 'smsNoPlace', { q: longest.slice(0, 30) }),
          smsText(lang, 'smsNoDangers', { place: longest.slice(0, 30) }),
          smsText(lang, 'smsNoMore', { place: longest.slice(0, 30) }),
          smsText(lang, 'smsWatchAsk', { place: longest.slice(0, 30) }),
          smsText(lang, 'smsWatching', {
            place: longest.slice(0, 30),
            radius: '4.5 km',
            hours: ', 12:00-23:00',
          }),
          smsText(lang, 'smsWatchFull', { max: 3 }),
          smsText(
            lang,
            'smsAlertsOn',
            {
              places: Array(3)
                .fill(`${longest.slice(0, 30)} (22:00-06:00)`)
                .join(', '),
            },
            'places',
          ),
          nearList(
            lang,
            longest.slice(0, 30),
            Array.from({ length: 30 }, (_, i) => ({
              id: 2_147_483_647 - i,
              title: longest,
              category: 'mob_action' as const,
              severity: 5,
              time_of_day: 'any' as const,
              distance_m: 2999,
              // A year without a word: the answer asks whether it is still there.
              last_word: new Date(SCREEN_DAY.getTime() - 365 * 86_400_000),
            })),
            0,
            SCREEN_DAY,
          ).text,
          alertText(
            lang,
            { id: 2_147_483_647, title: longest, category: 'mob_action', severity: 5, time_of_day: 'any' },
            longest,
            999,
          ),
        ];
        for (const text of texts) {
          assert.ok(text.length <= 160, `${lang}: ${text.length} characters: ${text}`);
          assert.match(text, gsm7, `${lang}: GSM letters only`);
        }
        console.log(`${lang}: longest SMS ${Math.max(...texts.map((x) => x.length))} characters`);
      }
    });
  });

  describe('delivery', () => {
    it('survives the gateway being down: retries, then sends once', async () => {
      const phone = newPhone();
      await watch(phone, 'Kalerwe');
      await flush();
      gateway.mode = 'down';
      const callsBefore = gateway.calls;
      await reportAt(t, KALERWE, 5);
      for (let i = 0; i < 10; i++) await outbox.tick();
      const [row] = await t.db.query<{ state: string; attempts: number; last_error: string }>(
        `SELECT state, attempts, last_error FROM outbox WHERE kind = 'alert' ORDER BY id DESC LIMIT 1`,
      );
      assert.equal(row?.state, 'queued');
      assert.equal(row?.last_error, 'unreachable');
      assert.ok(gateway.calls - callsBefore <= 4, 'an open circuit spends no attempts');
      gateway.mode = 'ok';
      await new Promise((r) => setTimeout(r, 250));
      await flush();
      await flush();
      assert.equal(gateway.alertsTo(phone).length, 1);
    });

    it('a slow gateway that took the message late gets it once', async () => {
      const phone = newPhone();
      await watch(phone, 'Kalerwe');
      await flush();
      gateway.mode = 'slow';
      gateway.slowMs = 1500;
      await reportAt(t, KALERWE, 5);
      await outbox.tick(); // times out after 1 s; the gateway had taken it
      const [row] = await t.db.query<{ state: string; last_error: string }>(
        `SELECT state, last_error FROM outbox WHERE kind = 'alert' ORDER BY id DESC LIMIT 1`,
      );
      assert.deepEqual([row?.state, row?.last_error], ['queued', 'timeout']);
      gateway.mode = 'ok';
      await flush();
      assert.equal(gateway.alertsTo(phone).length, 1);
    });

    it('a sender that died mid-send is replaced after its lease, and the message still goes once', async () => {
      const phone = newPhone();
      await watch(phone, 'Kalerwe');
      await flush();
      await reportAt(t, KALERWE, 5);
      // This instance takes the alert, hands it to the gateway, and dies before writing it down.
      const [taken] = await claimDue(t.db, 'sms', 1, 0.2);
      assert.ok(taken, 'an alert is due');
      const client = new SmsGateway({
        apiUrl: gatewayUrl,
        username: FAKE_USERNAME,
        apiKey: FAKE_API_KEY,
        userAgent: 'x',
      });
      assert.equal(await client.send(phone, taken.body, `hatari-${taken.send_key}`), 'sent');
      await outbox.tick();
      assert.equal(
        (await t.db.query(`SELECT 1 FROM outbox WHERE state = 'sending'`)).length,
        1,
        'leased still',
      );
      await new Promise((r) => setTimeout(r, 300));
      await flush();
      assert.equal(gateway.alertsTo(phone).length, 1);
      const [row] = await t.db.query<{ state: string; attempts: number }>(
        'SELECT state, attempts FROM outbox WHERE id = $1::bigint',
        [taken.id],
      );
      // Taken again once its 0.2 s lease ran out (more than once, where a loaded machine was slower than
      // the lease), and sent once: the gateway knew the send key.
      assert.equal(row?.state, 'sent');
      assert.ok((row?.attempts ?? 0) >= 2, `attempts ${row?.attempts}`);
    });

    it('gives up, number erased, on one it cannot read or the gateway refuses for good', async () => {
      await t.db.query(
        `INSERT INTO outbox (phone_hash, phone_enc, kind, body) VALUES ('x', $1, 'reply', 'hi'), ('y', $2, 'reply', 'hi')`,
        [new PhoneCipher(Buffer.alloc(32, 7)).encrypt('+256753099999'), cipher.encrypt('+4470')],
      );
      await flush();
      const rows = await t.db.query<{ state: string; phone_enc: string | null; last_error: string }>(
        `SELECT state, phone_enc, last_error FROM outbox WHERE phone_hash IN ('x', 'y') ORDER BY phone_hash`,
      );
      assert.deepEqual(
        rows.map((r) => [r.state, r.phone_enc, r.last_error]),
        [
          ['failed', null, 'number not readable with this PHONE_KEY'],
          ['failed', null, 'refused'],
        ],
      );
    });

    it('forgets finished messages after two days and idle watches after ninety', async () => {
      const phone = newPhone();
      await watch(phone, 'Kalerwe');
      await flush();
      await t.db.query(`UPDATE watches SET created_at = now() - interval '91 days'`);
      await t.db.query(`UPDATE outbox SET created_at = now() - interval '3 days' WHERE state = 'sent'`);
      await purgeChannelData(t.db, 90);
      assert.equal((await t.db.query('SELECT 1 FROM watches')).length, 0);
      assert.equal((await t.db.query(`SELECT 1 FROM outbox WHERE state = 'sent'`)).length, 0);
    });

    it('loses nothing across a restart while the gateway is down', async () => {
      const database = await createTestDatabase();
      const env = { NOMINATIM_URL: nominatimUrl, ...channelEnv(gatewayUrl) };
      try {
        const phone = newPhone();
        const first = await startTestApp({ database, env });
        const send = injectPoster((o) => first.inject(o));
        await send('sms', smsForm(phone, 'WATCH Kalerwe'));
        await send('sms', smsForm(phone, 'YES'));
        gateway.mode = 'down';
        await reportAt(first, KALERWE, 5);
        await new Promise((r) => setTimeout(r, 1500)); // the app's own outbox tries and fails
        await first.close();
        const rows = await database.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox WHERE state = 'queued' AND attempts > 0`,
        );
        assert.equal(rows[0]?.n, 3, 'the answers to WATCH and YES and the alert wait, tried once or more');
        gateway.mode = 'ok';
        const second = await startTestApp({ database, env });
        try {
          const until = performance.now() + 10_000;
          while (gateway.to(phone).length < 3 && performance.now() < until)
            await new Promise((r) => setTimeout(r, 100));
          await new Promise((r) => setTimeout(r, 1500)); // a second round finds nothing more to send
          const got = gateway.to(phone);
          assert.equal(got.length, 3, got.join('\n'));
          assert.equal(gateway.alertsTo(phone).length, 1);
        } finally {
          await second.close();
        }
      } finally {
        await database.drop();
      }
    });
  });
});
