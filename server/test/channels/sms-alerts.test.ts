import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clockHoursText, localHour } from '../../../common/region.ts';
import { ALERT_RULES, alertSendAfter } from '../../src/channels/alerts.ts';
import { watchRequest } from '../../src/channels/sms-text.ts';
import { moderateSpot } from '../../src/moderation/mod-spots.service.ts';
import { writeSiteSettings } from '../../src/settings/settings.service.ts';
import { UssdSession } from '../fake-gateway.ts';
import {
  flush,
  gateway,
  KALERWE,
  newPhone,
  post,
  reportAt,
  sms,
  t,
  useSmsApp,
  watch,
} from './sms-harness.ts';

/** SMS alerts of new public dangers near a watched place: who gets one, and when. */
describe('channels/sms-alerts', () => {
  useSmsApp();

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
      await flush();
      const replies = gateway.to(phone);
      assert.match(replies.at(-1) ?? '', /all stopped and your number deleted/);
      assert.equal(gateway.alertsTo(phone).length, 0);
      const sealed = await t.db.query('SELECT 1 FROM outbox WHERE phone_enc IS NOT NULL');
      assert.equal(sealed.length, 0, 'once sent, no number is kept at all');
    });
  });
});
