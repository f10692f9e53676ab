import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserSuite, openPhone, PHONE } from './browser.ts';
import { apiSignIn, checked, publicTitles, signIn } from './console-helpers.ts';

describe('the moderator console', () => {
  const suite = browserSuite();

  test('a moderator holds reports for review and approves a held report onto the map', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const mod = await openPhone(browser, stack.url, { path: '/moderate' });
    await signIn(mod.page, 'not-the-password');
    await assert.doesNotReject(mod.page.getByText('Wrong username or password.').waitFor());
    await checked(mod.page, '19-mod-sign-in-refused');
    await signIn(mod.page);
    await assert.doesNotReject(mod.page.getByText('amina (admin)').waitFor());

    await mod.page.getByRole('button', { name: 'Settings' }).click();
    await mod.page.getByLabel('Hold new reports for review before they appear on the map').check();
    await mod.page.getByRole('button', { name: 'Save' }).click();
    await assert.doesNotReject(mod.page.getByText('Saved.').waitFor());
    await checked(mod.page, '20-mod-settings');

    // A visitor reports: the page says it is held, and the public list does not show it.
    const visitor = await openPhone(browser, stack.url);
    await visitor.page.getByRole('button', { name: 'Report' }).click();
    await visitor.page.locator('.map').click({ position: { x: PHONE.width / 2, y: 150 } });
    await visitor.page.getByLabel('Title').fill('Unlit path behind the stage');
    await visitor.page.getByLabel('Category').selectOption('robbery');
    await visitor.page.getByLabel('Severity', { exact: true }).selectOption('3');
    await visitor.page.getByLabel('When is it dangerous?').selectOption('night');
    await visitor.page.getByRole('button', { name: 'Send report' }).click();
    await assert.doesNotReject(
      visitor.page
        .getByText('Thank you. Moderators will check your report before it appears on the map.')
        .waitFor(),
    );
    await checked(visitor.page, '21-report-held');
    // The phone keeps what it sent: the held report is there, said to wait for a moderator.
    await visitor.page.getByRole('button', { name: 'Follow it in Your reports' }).click();
    const mine = visitor.page.locator('.sent-list li', { hasText: 'Unlit path behind the stage' });
    await assert.doesNotReject(
      mine.getByText('Not on the map: moderators check it first (or did not publish it).').waitFor(),
    );
    await checked(visitor.page, '21b-your-reports-held');
    assert.equal(
      (await publicTitles(stack.url)).includes('Unlit path behind the stage'),
      false,
      'held, the report is not on the public map',
    );

    await mod.page.getByRole('button', { name: 'Queue' }).click();
    const card = mod.page.locator('.mod-spot', { hasText: 'Unlit path behind the stage' });
    await assert.doesNotReject(card.waitFor());
    const pending = await stack.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM spots WHERE publication = 'pending'",
    );
    assert.match(
      await mod.page.getByRole('button', { name: /^Pending/ }).innerText(),
      new RegExp(`^Pending\\s+${pending[0]?.n}$`),
      'the Pending tab counts what waits',
    );
    assert.match(await card.innerText(), /Pending/);
    await checked(mod.page, '22-mod-queue');
    await card.getByRole('button', { name: 'Approve' }).click();
    await assert.doesNotReject(card.getByText('Approved: it is on the map.').waitFor());
    assert.equal(
      (await publicTitles(stack.url)).includes('Unlit path behind the stage'),
      true,
      'approved, it is on the public map',
    );

    await card.getByRole('button', { name: 'Mark verified' }).click();
    await assert.doesNotReject(card.getByText('Marked verified by moderators.').waitFor());
    // Approved, the same list says it is on the map, and opens it there.
    await visitor.page.reload();
    await visitor.page.getByRole('button', { name: 'Map tools' }).click();
    await visitor.page.getByRole('button', { name: 'Your reports' }).click();
    await assert.doesNotReject(mine.getByText('On the map.').waitFor());
    await mine.getByRole('button', { name: 'Unlit path behind the stage' }).click();
    await assert.doesNotReject(
      visitor.page.locator('.spot-detail').getByText('Verified by moderators').waitFor(),
    );
    await checked(visitor.page, '23-approved-verified');
    // A shared phone's list is forgotten in one tap, there and in its storage; #sent names the sheet.
    await visitor.page.goto(`${stack.url}/#sent`);
    await visitor.page.getByRole('button', { name: 'Forget this list' }).click();
    await assert.doesNotReject(
      visitor.page.getByText('No report has been sent from this phone yet.').waitFor(),
    );
    assert.equal(await visitor.page.evaluate(() => localStorage.getItem('hatari.sentReports')), null);

    await mod.page.getByRole('button', { name: 'Log' }).click();
    await assert.doesNotReject(mod.page.locator('.log-entry').first().waitFor());
    const entries = await mod.page.locator('.log-entry').allInnerTexts();
    // Every entry in words, one card each: what was done (and to which spot), when and by whom, and
    // what it changed, never codes or JSON.
    for (const entry of [
      /^Signed in\s+\S.* · amina$/,
      /^Changed the settings\s+\S.* · amina\s+new reports wait for moderators · /,
      /^Approved · Spot #\d+\s+\S.* · amina\s+was Pending$/,
      /^Marked verified · Spot #\d+\s+\S.* · amina\s+was On the map$/,
    ])
      assert.ok(
        entries.some((e) => entry.test(e.trim())),
        `${entry} among:\n${entries.slice(0, 8).join('\n--\n')}`,
      );
    assert.doesNotMatch(entries.join('\n'), /[{}"]|sign_in|requireApproval/);
    assert.equal(
      await mod.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
      true,
      'the log fits the phone: nothing to scroll sideways',
    );
    await checked(mod.page, '24-mod-log');
    await visitor.context.close();
    await mod.context.close();
  });

  test('a moderator sees flags, edits, dismisses, archives, restores and deletes; markup in reports stays text', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const created = await fetch(`${stack.url}/api/spots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'flag-test-reporter' },
      body: JSON.stringify({
        title: '<img src=x onerror="window.__xss=1">Stage',
        lat: 0.31,
        lng: 32.58,
        category: 'other',
        severity: 2,
        time_of_day: 'any',
      }),
    });
    const { spot } = (await created.json()) as { spot: { id: number } };
    // Publication may be held by the first test's setting; approve through the API if so.
    const flag = await fetch(`${stack.url}/api/spots/${spot.id}/flag`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'flag-test-flagger' },
      body: JSON.stringify({ reason: 'names_person', note: 'It names the stage chairman' }),
    });
    if (flag.status === 404) {
      const mod = await openPhone(browser, stack.url, { path: '/moderate' });
      await signIn(mod.page);
      const held = mod.page.locator('.mod-spot', { hasText: 'onerror' });
      await held.getByRole('button', { name: 'Approve' }).click();
      await held.getByText('Approved: it is on the map.').waitFor();
      await mod.context.close();
      const again = await fetch(`${stack.url}/api/spots/${spot.id}/flag`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'flag-test-flagger' },
        body: JSON.stringify({ reason: 'names_person', note: 'It names the stage chairman' }),
      });
      assert.equal(again.status, 200);
    }

    const { page, context, problems } = await openPhone(browser, stack.url, { path: '/moderate' });
    await signIn(page);
    await page.getByRole('button', { name: 'Flagged' }).click();
    const card = page.locator('.mod-spot', { hasText: 'onerror' });
    await assert.doesNotReject(card.waitFor());
    assert.match(await card.innerText(), /It names or describes a person/);
    assert.match(await card.innerText(), /It names the stage chairman/);
    assert.equal(await card.locator('h3 img').count(), 0, 'the title is text, not markup');
    assert.equal(await page.evaluate(() => (window as { __xss?: number }).__xss), undefined);
    await checked(page, '25-mod-flagged');

    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Title').fill('Boda stage by the market');
    await card.getByRole('button', { name: 'Save' }).click();
    const edited = page.locator('.mod-spot', { hasText: 'Boda stage by the market' });
    await assert.doesNotReject(edited.getByText('Saved.').waitFor());
    await edited.getByRole('button', { name: 'Dismiss flags' }).click();
    await assert.doesNotReject(edited.getByText('Flags dismissed.').waitFor());

    // Archived by hand: off the map, listed in its own tab, and restored from there.
    await edited.getByRole('button', { name: 'Archive' }).click();
    await assert.doesNotReject(
      edited.getByText('Archived: off the map until someone confirms it.').waitFor(),
    );
    const archived = (await (await fetch(`${stack.url}/api/spots/${spot.id}`)).json()) as {
      spot: { archived: boolean };
    };
    assert.equal(archived.spot.archived, true, 'archived, still open by its link');
    await page.getByRole('button', { name: /^Archived/ }).click();
    const inArchive = page.locator('.mod-spot', { hasText: 'Boda stage by the market' });
    await inArchive.getByRole('button', { name: 'Restore to the map' }).click();
    await assert.doesNotReject(inArchive.getByText('Restored: it is on the map again.').waitFor());
    const restored = (await (await fetch(`${stack.url}/api/spots/${spot.id}`)).json()) as {
      spot: { archived: boolean };
    };
    assert.equal(restored.spot.archived, false, 'back on the map');

    page.once('dialog', (d) => void d.accept());
    await inArchive.getByRole('button', { name: 'Delete' }).click();
    await assert.doesNotReject(inArchive.waitFor({ state: 'detached' }));
    const gone = await fetch(`${stack.url}/api/spots/${spot.id}`);
    assert.equal(gone.status, 404);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a duplicate flag names the other spot: linked, and both on the card's small map", async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const admin = await apiSignIn(stack.url);
    await fetch(`${stack.url}/api/mod/settings`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({ requireApproval: false }),
    });
    const create = async (title: string, lat: number, agent: string) => {
      const res = await fetch(`${stack.url}/api/spots`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': agent },
        body: JSON.stringify({
          title,
          lat,
          lng: 32.6012,
          category: 'other',
          severity: 3,
          time_of_day: 'night',
        }),
      });
      assert.equal(res.status, 201);
      return ((await res.json()) as { spot: { id: number } }).spot.id;
    };
    const first = await create('Open drain by the bus stage', 0.3401, 'dup-test-a');
    const again = await create('Drain at the bus stage', 0.3404, 'dup-test-b');

    const visitor = await openPhone(browser, stack.url, { path: `/spots/${again}` });
    await visitor.page.getByRole('button', { name: 'Report a mistake in this spot' }).click();
    await visitor.page.getByLabel('What is wrong?').selectOption('duplicate');
    const sameAs = visitor.page.getByLabel('Same as which spot?');
    await sameAs.waitFor();
    assert.deepEqual(
      await sameAs.locator('option').allInnerTexts(),
      ['Not sure', 'Open drain by the bus stage · 33 m'],
      'the spots right there are offered, the flagged one not',
    );
    await sameAs.selectOption(String(first));
    // Its answer, not only the request: the phone is closed next, which would cut a flag in flight.
    const answered = visitor.page.waitForResponse((r) => r.url().endsWith(`/api/spots/${again}/flag`));
    await visitor.page.getByRole('button', { name: 'Send to moderators' }).click();
    const flag = await answered;
    assert.deepEqual(flag.request().postDataJSON(), { reason: 'duplicate', note: '', duplicate_of: first });
    assert.ok(flag.ok(), `the flag is taken (${flag.status()})`);
    await visitor.context.close();

    const { page, context, problems } = await openPhone(browser, stack.url, { path: '/moderate' });
    await signIn(page);
    await page.getByRole('button', { name: /^Flagged/ }).click();
    const card = page.locator('.mod-spot', { hasText: 'Drain at the bus stage' });
    const link = card.getByRole('link', { name: `#${first} Open drain by the bus stage` });
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), `/spots/${first}`);
    assert.match(await card.locator('.flags').innerText(), /Duplicate of another spot · .* · Same as #\d+/);
    await card.locator('.mini-map').scrollIntoViewIfNeeded();
    await card.locator('.mini-map .leaflet-marker-icon').nth(1).waitFor();
    assert.equal(await card.locator('.mini-map .leaflet-marker-icon').count(), 2, 'both spots on its map');
    await checked(page, '27-mod-duplicate');
    assert.deepEqual(problems, []);
    await context.close();
    // Closed, so the tests after this one (which count flags of this network) start without it.
    const closed = await fetch(`${stack.url}/api/mod/spots/${again}/dismiss-flags`, {
      method: 'POST',
      headers: admin,
      body: '{}',
    });
    assert.equal(closed.status, 200);
  });

  test('an admin adds a moderator account, who can sign in', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url, { path: '/moderate' });
    await signIn(page);
    await page.getByRole('button', { name: 'Users' }).click();
    await page.locator('#new-username').fill('musa');
    await page.locator('#new-password').fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Add an account' }).click();
    await assert.doesNotReject(page.getByRole('cell', { name: 'musa' }).waitFor());
    await checked(page, '26-mod-users');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await assert.doesNotReject(page.getByRole('heading', { name: 'Sign in' }).waitFor());

    await page.getByLabel('Username').fill('musa');
    await page.getByLabel('Password').fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await assert.doesNotReject(page.getByText('musa (moderator)').waitFor());
    assert.equal(
      await page.getByRole('button', { name: 'Users' }).count(),
      0,
      'moderators do not manage accounts',
    );
    await context.close();
  });
});
