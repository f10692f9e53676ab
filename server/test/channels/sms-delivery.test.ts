import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { purgeChannelData } from '../../src/channels/channels.sql.ts';
import { claimDue } from '../../src/channels/outbox.sql.ts';
import { PhoneCipher } from '../../src/channels/phone.ts';
import { SmsGateway } from '../../src/clients/sms-gateway.ts';
import { retriesDueNow } from '../factories.ts';
import { channelEnv, FAKE_API_KEY, FAKE_USERNAME, injectPoster, smsForm } from '../fake-gateway.ts';
import { startTestApp } from '../test-app.ts';
import { createTestDatabase } from '../test-db.ts';
import {
  cipher,
  flush,
  gateway,
  gatewayClock,
  gatewayUrl,
  KALERWE,
  newPhone,
  nominatimUrl,
  outbox,
  reportAt,
  t,
  useSmsApp,
  watch,
} from './sms-harness.ts';

/** SMS delivery through the outbox when the gateway is down, slow, or the server restarts. */
describe('channels/sms-delivery', () => {
  useSmsApp();

  describe('delivery', () => {
    it('survives the gateway being down: retries, then sends once', async () => {
      const phone = newPhone();
      await watch(phone, 'Kalerwe');
      await flush();
      gateway.mode = 'down';
      const callsBefore = gateway.calls;
      await reportAt(t, KALERWE, 5);
      // Ten rounds, each finding the alert's retry due: three failures in a row open the circuit.
      for (let i = 0; i < 10; i++) {
        await retriesDueNow(t);
        await outbox.tick();
      }
      const [row] = await t.db.query<{ state: string; attempts: number; last_error: string }>(
        `SELECT state, attempts, last_error FROM outbox WHERE kind = 'alert' ORDER BY id DESC LIMIT 1`,
      );
      assert.equal(row?.state, 'queued');
      assert.equal(row?.last_error, 'unreachable');
      assert.equal(gateway.calls - callsBefore, 3, 'an open circuit spends no attempts');
      gateway.mode = 'ok';
      gatewayClock.advance(200); // the circuit lets a trial through
      await retriesDueNow(t);
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
      // Its lease runs out (the database's time, moved instead of waited for).
      await t.db.query('UPDATE outbox SET lease_until = now() WHERE id = $1::bigint', [taken.id]);
      await flush();
      assert.equal(gateway.alertsTo(phone).length, 1);
      const [row] = await t.db.query<{ state: string; attempts: number }>(
        'SELECT state, attempts FROM outbox WHERE id = $1::bigint',
        [taken.id],
      );
      // Taken again once its lease ran out (more than once, where a loaded machine was slower than its
      // 0.2 s), and sent once: the gateway knew the send key.
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
        // The app's own outbox tries each and fails (up to 10 s on a loaded machine).
        const tried = async () =>
          (
            await database.db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM outbox WHERE state = 'queued' AND attempts > 0`,
            )
          )[0]?.n;
        const until = performance.now() + 10_000;
        while ((await tried()) !== 3 && performance.now() < until)
          await new Promise((r) => setTimeout(r, 50));
        await first.close();
        assert.equal(await tried(), 3, 'the answers to WATCH and YES and the alert wait, tried once or more');
        gateway.mode = 'ok';
        const second = await startTestApp({ database, env });
        try {
          const until = performance.now() + 10_000;
          while (gateway.to(phone).length < 3 && performance.now() < until)
            await new Promise((r) => setTimeout(r, 100));
          await second.deps.channels.outbox.tick(); // a round more finds nothing more to send
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
