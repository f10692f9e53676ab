import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserSuite, openPhone, screenshot } from './browser.ts';
import { apiSignIn, authenticator, checked, signIn } from './console-helpers.ts';

describe('the moderator console: bursts, alarms, two-step sign-in, the API reference', () => {
  const suite = browserSuite();

  test('a moderator sees a burst of votes by network and voids it in one action', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    // One address posing as a crowd: five "not anymore" from five user agents on a seeded spot
    // (reports may be held for review by an earlier test, so none is made here).
    const list = (await (await fetch(`${stack.url}/api/spots`)).json()) as {
      spots: { id: number; title: string }[];
    };
    const spot = list.spots.at(-1) as { id: number; title: string };
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${stack.url}/api/spots/${spot.id}/vote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `Bot/${i}` },
        body: JSON.stringify({ value: -1 }),
      });
      assert.equal(res.status, 200);
    }

    const { page, context } = await openPhone(browser, stack.url, { path: '/moderate' });
    await signIn(page);
    await page.getByRole('button', { name: /^From one network/ }).click();
    const card = page.locator('.mod-spot', { hasText: spot.title });
    await assert.doesNotReject(card.waitFor());
    await assert.doesNotReject(card.getByText('Burst from one network').first().waitFor());
    await card.getByText('Votes and flags by network').click();
    const row = card.locator('.network-list li', { hasText: '5 not anymore' });
    await assert.doesNotReject(row.waitFor());
    assert.match(await row.innerText(), /0 still dangerous · 5 not anymore/);
    assert.match(await row.innerText(), /5 user agents/);
    await checked(page, '27-mod-burst');
    const name = await row.locator('strong').innerText();
    assert.match(name, /^network [\w-]{6}$/, 'one name per network');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await row.getByRole('button', { name: 'Void its votes here' }).click();
    await assert.doesNotReject(card.getByText(`5 votes of ${name} voided.`).waitFor());
    assert.equal(asked, `Void 5 votes of ${name} on this spot? The reporter's own confirmation stays.`);
    const after = (await (await fetch(`${stack.url}/api/spots/${spot.id}`)).json()) as {
      spot: { confirmations: number; denials: number };
    };
    assert.deepEqual([after.spot.confirmations, after.spot.denials], [3, 0]);
    await checked(page, '28-mod-burst-voided');
    await context.close();
  });

  test('a burst shows as an alarm at once, and one action in the console reverts it', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const admin = await apiSignIn(stack.url);
    const settings = (body: unknown) =>
      fetch(`${stack.url}/api/mod/settings`, { method: 'PUT', headers: admin, body: JSON.stringify(body) });
    const before = await (await fetch(`${stack.url}/api/mod/settings`, { headers: admin })).json();
    // One flag hides a spot, and one hide an hour is all the site allows: the second waits.
    assert.equal(
      (await settings({ requireApproval: false, autoHideFlagThreshold: 1, autoHideBudgetPerHour: 1 })).status,
      200,
    );
    try {
      const ids: number[] = [];
      for (const title of ['Alarm target one', 'Alarm target two']) {
        const made = await fetch(`${stack.url}/api/spots`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': `alarm-reporter ${title}` },
          body: JSON.stringify({
            title,
            lat: 0.33,
            lng: 32.6,
            category: 'other',
            severity: 3,
            time_of_day: 'night',
          }),
        });
        ids.push(((await made.json()) as { spot: { id: number } }).spot.id);
      }
      const results = [];
      for (const id of ids) {
        const res = await fetch(`${stack.url}/api/spots/${id}/flag`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'alarm-flagger' },
          body: JSON.stringify({ reason: 'inaccurate' }),
        });
        results.push(((await res.json()) as { result: string }).result);
      }
      assert.deepEqual(results, ['hidden', 'flagged'], 'the second hide waits for a moderator');

      const { page, context } = await openPhone(browser, stack.url, { path: '/moderate' });
      await signIn(page);
      // The spot the flag hid says so in the queue, and is put back in those words, never "Pending"
      // like a new report.
      const hidden = page.locator('.mod-spot', { hasText: 'Alarm target one' });
      await assert.doesNotReject(hidden.waitFor());
      assert.equal(await hidden.locator('.badges').getByText('Hidden by flags').count(), 1);
      assert.doesNotMatch(await hidden.locator('.badges').innerText(), /Pending/);
      assert.equal(await hidden.getByRole('button', { name: 'Put it back on the map' }).count(), 1);
      await checked(page, '29-mod-hidden-by-flags');
      await assert.doesNotReject(page.getByText(/^Alarms waiting: 1\./).waitFor());
      assert.match(await page.getByRole('button', { name: /^Alarms/ }).innerText(), /Alarms\s+1/);
      await page.getByRole('button', { name: 'Open the alarms' }).click();
      const card = page.locator('.burst-card');
      await assert.doesNotReject(card.waitFor());
      assert.match(await card.innerText(), /hidden: 1/);
      assert.match(await card.innerText(), /kept on the map by the budget: 1/);
      assert.match(await page.locator('.budgets').innerText(), /Hidden by flags this hour: 1 of 1/);
      // One name for one thing: the alarms never call themselves bursts (a burst is one network's).
      assert.doesNotMatch(await page.locator('.alarms').innerText(), /burst/i);
      await checked(page, '29-mod-alarm');
      page.once('dialog', (d) => void d.accept());
      await card.getByRole('button', { name: 'Revert this alarm' }).click();
      await assert.doesNotReject(
        page.getByText(/flags dismissed: 2 · back on the map: 1 · protected for 30 days: 2\./).waitFor(),
      );
      await assert.doesNotReject(page.getByText('No alarms are waiting.').waitFor());
      // The console tells how soon alarms are acted on; this one was, at once.
      await assert.doesNotReject(
        page
          .getByText(/^Alarms: half acted on within 1 min, nine in ten within 1 min \(1 acted on\)\.$/)
          .waitFor(),
      );
      await checked(page, '30-mod-alarm-reverted');
      for (const id of ids) {
        const mod = (await (
          await fetch(`${stack.url}/api/mod/spots?state=all&limit=1000`, { headers: admin })
        ).json()) as {
          spots: { id: number; publication: string; protected: boolean }[];
        };
        const spot = mod.spots.find((s) => s.id === id);
        assert.deepEqual(
          [spot?.publication, spot?.protected],
          ['approved', true],
          `spot ${id} is back and protected`,
        );
      }
      await context.close();
    } finally {
      await settings(before);
    }
  });

  test('a moderator turns on two-step sign-in, then signs in with the code', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url, { path: '/moderate' });
    await signIn(page);
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    // The key in groups of four, none split across lines; a copy button and a link for an app on
    // the same phone, which cannot scan its own QR code.
    const grouped = await page.locator('code.secret').innerText();
    assert.match(grouped, /^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = grouped.replaceAll(' ', '');
    for (const group of await page.locator('code.secret span').all()) {
      const box = await group.boundingBox();
      assert.ok(box && box.height < 30, 'each group on one line');
    }
    const link = page.getByRole('link', { name: 'Open in the authenticator app on this phone' });
    assert.match((await link.getAttribute('href')) ?? '', /^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}/);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    await page.getByRole('button', { name: 'Copy the key' }).click();
    await assert.doesNotReject(page.getByText('Key copied.').waitFor());
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
    assert.ok(
      await page.getByRole('img', { name: 'QR code of the authenticator link' }).isVisible(),
      'a QR code to scan',
    );
    await checked(page, '31-mod-two-factor-setup');
    await page.getByLabel('Code').fill(authenticator(secret));
    await page.getByRole('button', { name: 'Turn it on' }).click();
    await assert.doesNotReject(page.getByText(/^On: you sign in with your password and a code/).waitFor());
    assert.equal(await page.locator('.recovery-codes li').count(), 10, 'ten recovery codes, shown once');
    const recovery = await page.locator('.recovery-codes li').first().innerText();
    await checked(page, '32-mod-two-factor-on');
    await page.getByRole('button', { name: 'Sign out' }).click();

    await signIn(page);
    await assert.doesNotReject(page.getByLabel('Code').waitFor());
    await page.getByLabel('Code').fill(authenticator(secret, 1));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await assert.doesNotReject(page.getByText('amina (admin)').waitFor());
    // Off again, with the password and a recovery code (the app's next code was just used), so the
    // other tests sign in as before.
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.locator('#off-password').fill('correct-horse-battery');
    await page.locator('#off-code').fill(recovery);
    await page.getByRole('button', { name: 'Turn two-step sign-in off' }).click();
    await assert.doesNotReject(page.getByText('Two-step sign-in is off.').waitFor());
    await context.close();
  });

  test('the API reference at /api/docs shows every operation of the generated document', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { context, page, problems } = await openPhone(browser, stack.url, { path: '/api/docs/' });
    // Swagger UI builds the whole reference in the browser: 4.5 s alone on a slow CI machine, over
    // 10 s there beside the fuzzing lane. A developers' page, not a phone's: given 30 s.
    await assert.doesNotReject(
      page.locator('.opblock-summary-path', { hasText: '/api/spots/{id}/vote' }).waitFor({ timeout: 30_000 }),
    );
    const doc = (await (await fetch(`${stack.url}/api/openapi.json`)).json()) as { paths: object };
    const shown = await page.locator('.opblock-summary-path').count();
    const documented = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    assert.equal(shown, documented);
    await screenshot(page, '29-api-docs');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
