import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { currentCode } from '../../server/src/moderation/two-factor.ts';
import { axeViolations, browserSuite, openPhone, PHONE, screenshot } from './browser.ts';

/** What an authenticator app shows now (or `steps` of 30 s later), by the clock of the server under test. */
const authenticator = (secret: string, steps = 0) =>
  // biome-ignore lint/plugin: the console's server runs as a process on the machine's clock
  currentCode(secret, Date.now() + steps * 30_000);

async function signIn(page: Page, password = 'correct-horse-battery') {
  await page.getByLabel('Username').fill('amina');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A screenshot of a state of the console (or the map), which axe-core must find nothing wrong with. */
async function checked(page: Page, name: string) {
  await screenshot(page, name);
  assert.deepEqual(
    await axeViolations(page, { targetSize: true }),
    [],
    `axe-core finds nothing wrong: ${name}`,
  );
}

/** The admin's session for API calls beside the browser, as headers. */
async function apiSignIn(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'amina', password: 'correct-horse-battery' }),
  });
  assert.equal(res.status, 200);
  const cookie = /hatari_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
  return { 'content-type': 'application/json', cookie };
}

const publicTitles = async (url: string) => {
  const res = await fetch(`${url}/api/spots`);
  return ((await res.json()) as { spots: { title: string }[] }).spots.map((s) => s.title);
};

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
    await visitor.page.reload();
    await visitor.page.getByRole('button', { name: 'List' }).click();
    await visitor.page.getByRole('button', { name: /Unlit path behind the stage/ }).click();
    await assert.doesNotReject(
      visitor.page.locator('.spot-detail').getByText('Verified by moderators').waitFor(),
    );
    await checked(visitor.page, '23-approved-verified');

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
    const sent = visitor.page.waitForRequest((r) => r.url().endsWith(`/api/spots/${again}/flag`));
    await visitor.page.getByRole('button', { name: 'Send to moderators' }).click();
    assert.deepEqual((await sent).postDataJSON(), { reason: 'duplicate', note: '', duplicate_of: first });
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
    await assert.doesNotReject(
      page.locator('.opblock-summary-path', { hasText: '/api/spots/{id}/vote' }).waitFor(),
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
