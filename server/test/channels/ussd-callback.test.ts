import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TEST_CHANNEL_SECRET } from '../fake-gateway.ts';
import { startTestApp } from '../test-app.ts';
import { t, useUssdApp } from './ussd-harness.ts';

/** The USSD callback: the gateway's secret, addresses and fields, and Uganda's operators and numbers only. */
describe('channels/ussd-callback', () => {
  useUssdApp();

  describe('the USSD callback', () => {
    const form = {
      sessionId: 's1',
      serviceCode: '*284#',
      phoneNumber: '+256772999001',
      networkCode: '64110',
      text: '',
    };
    const payload = new URLSearchParams(form).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };

    it('is not found at another secret, or when the channels are off', async () => {
      const wrong = await t.inject({
        method: 'POST',
        url: '/api/channels/ussd/not-the-secret',
        payload,
        headers,
      });
      assert.equal(wrong.statusCode, 404);
      const off = await startTestApp();
      try {
        const res = await off.inject({
          method: 'POST',
          url: `/api/channels/ussd/${TEST_CHANNEL_SECRET}`,
          payload,
          headers,
        });
        assert.equal(res.statusCode, 404, 'off unless configured');
        const sms = await off.inject({
          method: 'POST',
          url: `/api/channels/sms/${TEST_CHANNEL_SECRET}`,
          payload,
          headers,
        });
        assert.equal(sms.statusCode, 404);
      } finally {
        await off.close();
      }
    });

    it('takes callbacks only from the listed gateway addresses when a list is set', async () => {
      const listed = await startTestApp({
        env: { CHANNEL_SECRET: TEST_CHANNEL_SECRET, CHANNEL_GATEWAY_ADDRESSES: '203.0.113.0/24' },
      });
      try {
        const url = `/api/channels/ussd/${TEST_CHANNEL_SECRET}`;
        const stranger = await listed.inject({
          method: 'POST',
          url,
          payload,
          headers,
          remoteAddress: '198.51.100.9',
        });
        assert.equal(stranger.statusCode, 403);
        const gatewayCall = await listed.inject({
          method: 'POST',
          url,
          payload,
          headers,
          remoteAddress: '203.0.113.20',
        });
        assert.equal(gatewayCall.statusCode, 200);
        assert.match(gatewayCall.body, /^CON Hatari/);
      } finally {
        await listed.close();
      }
    });

    it('refuses a callback without its fields', async () => {
      const res = await t.inject({
        method: 'POST',
        url: `/api/channels/ussd/${TEST_CHANNEL_SECRET}`,
        payload: 'text=1',
        headers,
      });
      assert.equal(res.statusCode, 400);
    });

    it("refuses, storing and counting nothing, an operator outside Uganda's MCC 641 or a number outside its ranges", async () => {
      const stored = async () =>
        JSON.stringify(
          await t.db.query(
            `SELECT (SELECT count(*) FROM channel_receipts) AS receipts, (SELECT count(*) FROM rate_counters) AS counters,
                  (SELECT count(*) FROM spots) AS spots, (SELECT count(*) FROM votes) AS votes`,
          ),
        );
      const before = await stored();
      const cases: Array<[string, string]> = [
        ['+256772999002', '64199'], // no such Ugandan network
        ['+256772999002', '63902'], // a Kenyan network
        ['+256772999002', '64101'], // an MTN number on Airtel's code
        ['+256701999002', '64110'], // an Airtel number on MTN's code
        ['+254712345678', '64110'], // a Kenyan number
        ['+256414123456', '64110'], // a landline
        ['+25677299', '64110'], // too short
      ];
      for (const [phoneNumber, networkCode] of cases) {
        const res = await t.inject({
          method: 'POST',
          url: `/api/channels/ussd/${TEST_CHANNEL_SECRET}`,
          payload: new URLSearchParams({
            ...form,
            sessionId: `x-${networkCode}`,
            phoneNumber,
            networkCode,
            text: '1*3*1*1',
          }).toString(),
          headers,
        });
        assert.equal(res.statusCode, 400, `${phoneNumber} on ${networkCode}`);
        assert.match(res.json().error, /Not a mobile number of Uganda/);
      }
      const sms = await t.inject({
        method: 'POST',
        url: `/api/channels/sms/${TEST_CHANNEL_SECRET}`,
        payload: new URLSearchParams({
          from: '+254712345678',
          to: '8177',
          text: 'WATCH Kalerwe',
          id: 'x-sms',
        }).toString(),
        headers,
      });
      assert.equal(sms.statusCode, 400, 'an SMS from a number outside Uganda');
      assert.equal(await stored(), before, 'nothing stored or counted');
      // Both codes of Airtel (01, and Warid's 22) serve its numbers.
      for (const code of ['64101', '64122']) {
        const res = await t.inject({
          method: 'POST',
          url: `/api/channels/ussd/${TEST_CHANNEL_SECRET}`,
          payload: new URLSearchParams({
            ...form,
            sessionId: `airtel-${code}`,
            phoneNumber: '+256701999003',
            networkCode: code,
          }).toString(),
          headers,
        });
        assert.equal(res.statusCode, 200, `${code}: ${res.body}`);
      }
    });

    it('takes the previous secret too while it is rotated out', async () => {
      const rotating = await startTestApp({
        env: { CHANNEL_SECRET: 'the-new-channel-secret', CHANNEL_SECRET_PREVIOUS: TEST_CHANNEL_SECRET },
      });
      try {
        for (const [secret, status] of [
          ['the-new-channel-secret', 200],
          [TEST_CHANNEL_SECRET, 200],
          ['an-older-channel-secret', 404],
        ] as const) {
          const res = await rotating.inject({
            method: 'POST',
            url: `/api/channels/ussd/${secret}`,
            payload,
            headers,
          });
          assert.equal(res.statusCode, status, secret);
        }
      } finally {
        await rotating.close();
      }
    });
  });
});
