import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { purgeChannelData } from '../../src/channels/channels.sql.ts';
import { channelEnv, injectPoster, smsForm } from '../fake-gateway.ts';
import { startTestApp } from '../test-app.ts';
import {
  cipher,
  flush,
  gateway,
  gatewayUrl,
  KALERWE,
  newPhone,
  nominatimUrl,
  reportAt,
  sms,
  t,
  testOutbox,
  useSmsApp,
  watch,
} from './sms-harness.ts';

/** SMS commands: NEAR, WATCH and STOP, and what a number is told. */
describe('channels/sms-commands', () => {
  useSmsApp();

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
        await limited.deps.worker.close();
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
});
