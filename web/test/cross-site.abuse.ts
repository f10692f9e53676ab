import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  type Client,
  call,
  freshStorage,
  publicSpots,
  type Sender,
  signIn,
} from '../../server/abuse/attacks.ts';

import { type RunningServer, startServer, stop } from '../../server/test/processes.ts';
import { launchBrowser } from './browser.ts';

/**
 * A page on another site, opened in Chromium, tries to make its visitor report, vote and flag on
 * Hatari with the bodies a page may send anywhere without asking (text/plain, forms). The server
 * is at http://127.0.0.1:P and the page at http://localhost:Q: two sites to the browser.
 */
const ADMIN = { username: 'amina', password: 'correct-horse-battery' };

function attackerPage(target: string, spotId: number): string {
  const report = JSON.stringify({
    title: 'Planted by another site',
    lat: 0.31,
    lng: 32.58,
    category: 'other',
    severity: 1,
    time_of_day: 'any',
  });
  return `<!doctype html><title>cute cats</title>
<iframe name="sink"></iframe>
<form id="vote" method="POST" action="${target}/api/spots/${spotId}/vote" enctype="text/plain" target="sink">
  <input name='{"value":-1,"x":"' value='"}'>
</form>
<script>
(async () => {
  const send = (path, body, type) => fetch(${JSON.stringify(target)} + path, {
    method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': type }, body,
  }).catch(() => {});
  await send('/api/spots', ${JSON.stringify(report)}, 'text/plain');
  await send('/api/spots/${spotId}/vote', '{"value":-1}', 'text/plain');
  await send('/api/spots/${spotId}/flag', '{"reason":"inaccurate"}', 'text/plain');
  await send('/api/spots/${spotId}/flag', 'reason=inaccurate', 'application/x-www-form-urlencoded');
  document.getElementById('vote').submit();
  setTimeout(() => { document.title = 'done'; }, 1000);
})();
</script>`;
}

describe('a page on another site cannot make its visitors write', () => {
  let browser: Browser | undefined;
  let server: RunningServer;
  let attacker: http.Server;
  let attackerUrl: string;
  let c: Client;
  const cleanups: Array<() => Promise<unknown> | unknown> = [];

  before(async () => {
    browser = await launchBrowser();
    const env: Record<string, string> = {
      SEED: '1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    };
    const storage = await freshStorage();
    cleanups.push(storage.remove);
    Object.assign(env, storage.env);
    server = await startServer(env, process.env.ABUSE_SERVER_DIR);
    cleanups.push(() => stop(server.proc));
    c = { base: server.url, proxy: false };
    let page = '';
    attacker = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(page),
    );
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
    cleanups.push(() => new Promise((resolve) => attacker.close(resolve)));
    const spot = (await publicSpots(c))[0] as { id: number };
    page = attackerPage(server.url, spot.id);
  });
  after(async () => {
    await browser?.close();
    for (const clean of cleanups.reverse()) await clean();
  });

  it('stores nothing from the page, while the site itself can send the same', async (t) => {
    if (!browser) return t.skip('no Chromium');
    const moderator: Sender = await signIn(c, ADMIN.username, ADMIN.password);
    const state = async () => {
      const spots = await publicSpots(c);
      const flagged = (await call(c, moderator, 'GET', '/api/mod/spots?state=flagged')).json
        .spots as unknown[];
      const counts = spots.map((s) => `${s.id}:${s.confirmations}/${s.denials}`).join();
      return { spots: spots.length, counts, flagged: flagged.length };
    };
    const before = await state();
    const context = await browser.newContext();
    const page = await context.newPage();
    const answered: number[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(server.url)) answered.push(r.status());
    });
    await page.goto(attackerUrl);
    await page.waitForFunction(() => document.title === 'done', undefined, { timeout: 15_000 });
    assert.ok(answered.length >= 1, 'the requests reached the server');
    assert.deepEqual(await state(), before, 'nothing was stored');

    // The same text/plain report sent by a page of the site itself is stored: the refusal is about
    // the other site, not the body.
    await page.goto(`${server.url}/api/health`);
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/spots', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({
          title: 'Sent by the site',
          lat: 0.31,
          lng: 32.58,
          category: 'other',
          severity: 1,
          time_of_day: 'any',
        }),
      });
      return res.status;
    });
    assert.equal(status, 201);
    assert.equal((await state()).spots, before.spots + 1);
    await context.close();
  });
});
