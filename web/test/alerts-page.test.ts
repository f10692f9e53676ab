import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { channelEnv } from '../../server/test/fake-gateway.ts';
import { browserSuite, openPhone, screenshot, waitInPage } from './browser.ts';
import { mapTool, uncoveredInSheet } from './map-helpers.ts';

/** The site's SMS number, as an operator sets it (SMS_NUMBER). */
const SMS_NUMBER = '6767';

/** Opens "Get alerts" once the service worker is ready and the site's push key is known. */
async function openAlerts(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await (await mapTool(page, 'Get alerts')).click();
  await page.getByText('At most 3 a day').waitFor();
}

describe('alerts on a phone that cannot have push alerts', () => {
  // SMS is on: its gateway is never called here, so its address needs nothing behind it.
  const suite = browserSuite({ ...channelEnv('http://127.0.0.1:9'), SMS_NUMBER }, undefined, {
    fullChromium: true,
  });

  test('a push service that never answers: told within 15 s, the button back, SMS offered', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    // As where the browser's push service is blocked or the connection too poor to reach it.
    const { page, context, problems } = await openPhone(browser, stack.url, {
      offlineCapable: true,
      permissions: ['notifications'],
      beforeOpen: async (p) => {
        await p.clock.install();
        await p.addInitScript(() => {
          PushManager.prototype.subscribe = () => {
            document.documentElement.dataset.subscribing = 'yes';
            return new Promise<PushSubscription>(() => {});
          };
          PushManager.prototype.getSubscription = async () => null;
        });
      },
    });
    await openAlerts(page);
    await page.getByRole('button', { name: 'Alert me' }).click();
    // The 15 s run from the subscription's start, after the service worker is ready: the clock moves
    // only once it has begun (on a busy machine it may begin after the click has returned).
    await waitInPage(page, async () => document.documentElement.dataset.subscribing === 'yes');
    await page.clock.fastForward(14_000);
    const said = page.getByText(/^This phone could not reach its notification service/);
    assert.equal(await said.count(), 0, 'not before its 15 s');
    await page.clock.fastForward(2_000);
    await assert.doesNotReject(said.waitFor());
    assert.equal(await said.getAttribute('role'), 'alert');
    assert.match(await said.innerText(), /send WATCH and the name of a place to 6767\.$/);
    assert.ok(await uncoveredInSheet(page, '.watch-message'), 'the whole message is in view');
    assert.ok(
      await page.evaluate(() => document.activeElement?.classList.contains('watch-message')),
      'with focus on it',
    );
    assert.equal(
      await page.getByRole('button', { name: 'Alert me' }).isDisabled(),
      false,
      'it can be tried again',
    );
    const stored = await stack.app.db.query('SELECT 1 FROM push_subscriptions');
    assert.equal(stored.length, 0, 'nothing half made on the server');
    await screenshot(page, 'alerts-01-push-unreachable');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('notifications blocked: says how to allow them, and offers SMS', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context, problems } = await openPhone(browser, stack.url, { offlineCapable: true });
    await page.context().clearPermissions();
    await openAlerts(page);
    await page.getByRole('button', { name: 'Alert me' }).click();
    const said = page.getByText(/^Notifications are blocked for this site\./);
    await assert.doesNotReject(said.waitFor());
    assert.match(await said.innerText(), /send WATCH and the name of a place to 6767\.$/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
