import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSuite, openPhone, screenshot } from './browser.ts';

interface ApiSpot {
  id: number;
  title: string;
  seeded: boolean;
  incident_date: string | null;
  source_url: string | null;
  confirmations: number;
  denials: number;
}

/** The text a fact of the sheet shows, by its name. */
const fact = (page: Page, name: string) =>
  page.locator('.facts dt', { hasText: name }).locator('xpath=following-sibling::dd[1]').innerText();

describe("a spot's sheet says where it comes from and why it has its status", () => {
  const suite = browserSuite();

  test('a seeded spot says it was in the news (with its month where known), not that it was reported today', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { spots } = (await (await fetch(`${stack.url}/api/spots`)).json()) as { spots: ApiSpot[] };
    const dated = spots.find((s) => s.seeded && s.incident_date && s.source_url);
    const undated = spots.find((s) => s.seeded && !s.incident_date && s.source_url);
    assert.ok(dated && undated, 'the seed has spots with and without an incident date');
    const { page, context, problems } = await openPhone(browser, stack.url, { path: `/spots/${dated.id}` });
    await page.locator('.spot-detail').waitFor();
    const month = new Date(dated.incident_date as string).toLocaleString('en-GB', {
      month: 'long',
      year: 'numeric',
    });
    const site = new URL(dated.source_url as string).hostname;
    assert.equal(await fact(page, 'Reported'), `In the news, ${month} (${site})`);
    await screenshot(page, 'sheet-01-seeded-in-the-news');
    await page.goto(`${stack.url}/spots/${undated.id}`);
    await page.locator('.spot-detail').waitFor();
    assert.equal(
      await fact(page, 'Reported'),
      `In the news (${new URL(undated.source_url as string).hostname})`,
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('one "not anymore" on a seeded spot: the sheet says why it is no longer confirmed', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { spots } = (await (await fetch(`${stack.url}/api/spots`)).json()) as { spots: ApiSpot[] };
    const spot = spots.find(
      (s) => s.seeded && s.confirmations === 3 && s.denials === 0 && s.title !== 'Kajjansi',
    );
    assert.ok(spot, 'a seeded spot with its three confirmations');
    const { page, context, problems } = await openPhone(browser, stack.url, { path: `/spots/${spot.id}` });
    const why = page.locator('.spot-detail .status-why');
    assert.equal(await why.innerText(), '3 said still dangerous and 0 not anymore, so it is confirmed.');
    await page.getByRole('button', { name: 'Not anymore' }).click();
    await page.getByText('Thank you, your vote is counted.').waitFor();
    assert.equal(
      await why.innerText(),
      '3 said still dangerous and 1 not anymore. 1 more “still dangerous” would make it confirmed.',
    );
    assert.match(await page.locator('.spot-detail .badges').innerText(), /Unverified/);
    await screenshot(page, 'sheet-02-why-unverified');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
