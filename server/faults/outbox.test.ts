import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ATTACKED_ADMIN, freshStorage, signIn } from '../abuse/attacks.ts';
import { report } from '../test/factories.ts';
import {
  channelEnv,
  FakeSmsGateway,
  httpPoster,
  smsForm,
  TEST_CHANNEL_SECRET,
} from '../test/fake-gateway.ts';
import { FakeNominatim, KAMPALA_PLACES } from '../test/fakes.ts';
import { runCleanups, serverOutput, startServer, stop, waitFor } from '../test/processes.ts';

/**
 * The SMS outbox when things break: the gateway down while an alert waits, and the server killed
 * (SIGKILL, no shutdown) and started again on the same storage. The alert must arrive, once.
 */
const KALERWE = { lat: 0.34918, lng: 32.57195 };
const cleanups: Array<() => Promise<unknown>> = [];
after(() => runCleanups(cleanups));

describe('the SMS outbox across a crash and a gateway outage', () => {
  it('delivers a waiting alert once after the server is killed and started again', {
    timeout: 120_000,
  }, async () => {
    const gateway = new FakeSmsGateway();
    const nominatim = new FakeNominatim(KAMPALA_PLACES);
    const storage = await freshStorage();
    cleanups.push(storage.remove);
    const env = {
      ...storage.env,
      ...channelEnv(await gateway.start()),
      NOMINATIM_URL: await nominatim.start(),
      SMS_RETRY_SECONDS: '1',
      ADMIN_USERNAME: ATTACKED_ADMIN.username,
      ADMIN_PASSWORD: ATTACKED_ADMIN.password,
    };
    cleanups.push(
      () => gateway.stop(),
      () => nominatim.stop(),
    );
    const phone = '+256772400001';
    const first = await startServer(env);
    cleanups.push(() => stop(first.proc));
    const post = httpPoster(first.url, TEST_CHANNEL_SECRET);
    await post('sms', smsForm(phone, 'WATCH Kalerwe'));
    await post('sms', smsForm(phone, 'YES'));
    await waitFor(async () => gateway.to(phone).length === 2, 10_000, 'the answers to WATCH and YES');

    gateway.mode = 'down';
    const res = await fetch(`${first.url}/api/spots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report({ ...KALERWE, severity: 5, title: 'Machete attack at the stage' })),
    });
    assert.equal(res.status, 201);
    // A newcomer's report: its alert waits for a second voice, here a moderator's verification.
    const moderator = await signIn(
      { base: first.url, proxy: false },
      ATTACKED_ADMIN.username,
      ATTACKED_ADMIN.password,
    );
    const { spot } = (await res.json()) as { spot: { id: number } };
    const verified = await fetch(`${first.url}/api/mod/spots/${spot.id}/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: moderator.cookie as string },
      body: '{}',
    });
    assert.equal(verified.status, 200, await verified.text());
    await waitFor(
      async () => serverOutput(first.proc).includes('outbox: sms will retry'),
      10_000,
      'a failed attempt',
    );
    first.proc.kill('SIGKILL');
    await new Promise((r) => first.proc.once('exit', r));
    await stop(first.proc);

    gateway.mode = 'ok';
    const second = await startServer(env);
    cleanups.push(() => stop(second.proc));
    await waitFor(async () => gateway.to(phone).length >= 3, 30_000, 'the alert after the restart');
    await new Promise((r) => setTimeout(r, 3000)); // long enough for any second send
    const alerts = gateway.alertsTo(phone);
    assert.equal(alerts.length, 1, gateway.to(phone).join('\n'));
    assert.match(alerts[0] ?? '', /5\/5 at night: Machete attack at the stage/);
  });
});
