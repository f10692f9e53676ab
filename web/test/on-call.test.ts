import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createUser } from '../../server/src/moderation/auth.service.ts';
import { report, signedIn } from '../../server/test/factories.ts';
import { TestClock } from '../../server/test/test-app.ts';
import { axeViolations, browserSuite, openPhone, screenshot, showPushed } from './browser.ts';
import { signIn } from './console-helpers.ts';

/**
 * Moderators on call in the browser (docs/moderators.md, "On call"): a moderator turns pages on in
 * the console, goes on duty and covers the map's view; a held report in it reaches that moderator's
 * phone through the push service (a fake one on loopback that decrypts what it gets) before anyone
 * else's, and a page opens the console at the alarm. The app's clock is moved past the wait.
 */
const MINUTE = 60_000;
const ENTEBBE = { name: 'Entebbe', west: 32.43, south: 0.03, east: 32.5, north: 0.09 };

describe('moderators on call', () => {
  const clock = new TestClock();
  const suite = browserSuite({ REPORT_BUDGET_PER_HOUR: '1' }, clock, { fullChromium: true });

  test("a held report in a moderator's area reaches that moderator's phone first, and escalates when nobody acts", async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    // Headless Chromium reaches no real push service: PushManager hands out a subscription of the
    // fake push service, with real keys (as in the map's push alerts test). This browser already
    // has it, for the map's place alerts: it is not one of the moderator's phones for that.
    const subscription = stack.push.subscribe();
    const { page, context, problems } = await openPhone(browser, stack.url, {
      path: '/moderate',
      offlineCapable: true,
      permissions: ['notifications'],
      beforeOpen: (p) =>
        p.addInitScript((sub) => {
          const current = { endpoint: sub.endpoint, toJSON: () => sub, unsubscribe: async () => true };
          PushManager.prototype.subscribe = async () => current as unknown as PushSubscription;
          PushManager.prototype.getSubscription = async () => current as unknown as PushSubscription;
        }, subscription),
    });
    await signIn(page);
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'On call' }).waitFor();
    assert.match(await page.locator('.on-call').innerText(), /Phones getting pages: 0/);
    assert.equal(
      await page.getByRole('button', { name: 'No more pages on this phone' }).count(),
      0,
      'a browser subscribed for place alerts only is offered pages, not told to stop them',
    );
    // Checked once the server has it.
    await page.getByLabel('I am on duty').click();
    await page.waitForFunction(
      () => (document.querySelector('.on-call input[type=checkbox]') as HTMLInputElement).checked,
    );
    await page.getByRole('button', { name: 'Page me on this phone' }).click();
    await page.getByText('This phone gets pages.').waitFor();
    assert.match(await page.locator('.on-call').innerText(), /Phones getting pages: 1/);
    // The map opens on the whole region: its view is the area.
    await page.locator('.area-map .leaflet-tile-pane, .area-map.leaflet-container').first().waitFor();
    await page.getByLabel('Name of the area in view').fill('All of Uganda');
    await page.getByRole('button', { name: "Cover the map's view" }).click();
    await page.getByRole('button', { name: 'Remove All of Uganda' }).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'axe-core finds nothing wrong');
    await screenshot(page, 'on-call-01-account');

    // Another moderator on duty covers Entebbe, with a phone of their own.
    const hash = await stack.app.deps.signIn.hashPassword('a long password for bosco');
    await createUser(stack.app.db, 'bosco', hash, 'moderator');
    const bosco = await signedIn(stack.app, { username: 'bosco', password: 'a long password for bosco' });
    const boscoPhone = stack.push.subscribe();
    for (const [method, url, payload] of [
      ['POST', '/api/mod/on-call/phones', { subscription: boscoPhone, lang: 'en' }],
      ['PATCH', '/api/mod/on-call', { on_duty: true }],
      ['POST', '/api/mod/on-call/areas', ENTEBBE],
    ] as const) {
      const res = await stack.app.inject({ method, url, headers: { cookie: bosco }, payload });
      assert.equal(res.statusCode, 200, res.body);
    }

    // Two newcomers report in Kawempe within the hour: the site budget (1) holds the second.
    for (const n of [1, 2]) {
      const res = await stack.app.inject({
        method: 'POST',
        url: '/api/spots',
        remoteAddress: `100.80.${n}.9`,
        headers: { 'user-agent': `Newcomer ${n}` },
        payload: report({ lat: 0.3792, lng: 32.5567, area: 'Kawempe', title: `Dark lane ${n}` }),
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().pending, n === 2);
    }

    /** Waits up to 5 s for the push service to hold `count` pages for the phone; how long it took. */
    const pagesWithin5s = async (endpoint: string, count: number) => {
      const started = performance.now();
      while (stack.push.to(endpoint).length < count && performance.now() - started < 5000)
        await new Promise((r) => setTimeout(r, 50));
      assert.equal(stack.push.to(endpoint).length, count, `${count} page(s) within 5 s`);
      return Math.round(performance.now() - started);
    };
    clock.advance(16 * MINUTE);
    const took = await pagesWithin5s(subscription.endpoint, 1);
    console.log(
      `# a held report's page reached the on-duty moderator's push service ${took} ms after it was due`,
    );
    assert.equal(stack.push.to(boscoPhone.endpoint).length, 0, "Entebbe's moderator is not paged first");
    const [paged] = stack.push.to(subscription.endpoint);
    assert.deepEqual(paged?.payload, {
      title: 'Hatari',
      body: 'Held reports waiting: 1, the oldest for 16 min, near Kawempe. Open the console to decide.',
      url: '/moderate#alarms',
      tag: 'hatari-alarm',
    });

    // The push service hands it to the service worker, which shows it; a tap opens its link.
    const { shown, workerErrors } = await showPushed(context, page, stack.url, paged?.payload);
    assert.deepEqual(workerErrors, []);
    assert.deepEqual(shown, [
      {
        title: 'Hatari',
        body: (paged?.payload as { body?: string } | undefined)?.body,
        url: '/moderate#alarms',
      },
    ]);
    await page.goto(`${stack.url}${shown[0]?.url}`);
    assert.equal(await page.getByRole('button', { name: /^Alarms/ }).getAttribute('aria-pressed'), 'true');
    await page.getByText('Reports held for review: 1').waitFor();
    await screenshot(page, 'on-call-02-opened-at-the-alarm');

    // Nobody acts: 30 minutes after the first page, every moderator is paged.
    clock.advance(30 * MINUTE);
    await pagesWithin5s(boscoPhone.endpoint, 1);
    assert.match(
      (stack.push.to(boscoPhone.endpoint)[0]?.payload as { body?: string } | undefined)?.body ?? '',
      /^Nobody has acted for 30 min\. Held reports waiting: 1, the oldest for 46 min, near Kawempe\./,
    );
    assert.deepEqual(stack.push.refused, []);

    // The moderator stops pages on this phone; the console offers them again.
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('button', { name: 'No more pages on this phone' }).click();
    await page.getByRole('button', { name: 'Page me on this phone' }).waitFor();
    assert.match(await page.locator('.on-call').innerText(), /Phones getting pages: 0/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
