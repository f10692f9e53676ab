import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { PushService } from '../../src/clients/push-service.ts';
import { FakePushService } from '../fake-push.ts';

/**
 * The push client sends a message only where the subscription names (docs/channels.md, "Push
 * alerts"): a push endpoint answering with a redirect does not make the server post elsewhere.
 */
describe('the push client', () => {
  const push = new FakePushService();
  let victimHits = 0;
  const victim = http.createServer((req, res) => {
    victimHits++;
    req.resume();
    res.end('ok');
  });
  let victimUrl = '';
  const redirector = http.createServer((req, res) => {
    req.resume();
    res.writeHead(307, { location: `${victimUrl}/steal` }).end();
  });
  let redirectorUrl = '';
  const listen = async (server: http.Server) => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  before(async () => {
    await push.start();
    victimUrl = await listen(victim);
    redirectorUrl = await listen(redirector);
  });
  after(async () => {
    await push.stop();
    victim.close();
    redirector.close();
  });

  it('never follows a redirect: the message is refused, and the other site gets nothing', async () => {
    const service = new PushService(PushService.generateKeys(), 'mailto:ops@example.org', 'Hatari test');
    const { keys } = push.subscribe();
    const outcome = await service.send({ endpoint: `${redirectorUrl}/push/1`, keys }, '{"title":"x"}');
    assert.equal(outcome, 'refused');
    assert.equal(victimHits, 0, 'the redirect was not followed');
  });

  it('still sends to a push service that takes the message', async () => {
    const service = new PushService(PushService.generateKeys(), 'mailto:ops@example.org', 'Hatari test');
    const sub = push.subscribe();
    assert.equal(await service.send(sub, '{"title":"x"}'), 'sent');
  });
});
