import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { blockLocation, browserSuite, mapTool, openPhone, screenshot } from './browser.ts';

type Box = { x: number; y: number; width: number; height: number };
const box = async (page: Page, selector: string): Promise<Box> => {
  const b = await page.locator(selector).first().boundingBox();
  assert.ok(b, `${selector} is on the page`);
  return b;
};
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the map keeps its room on a small phone', () => {
  const suite = browserSuite();

  test('the tools fold into one button covering at most 15 % of a 360 px map in every language', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context, problems } = await openPhone(browser, stack.url);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const lang of ['en', 'lg', 'sw']) {
      await page.locator('#language').selectOption(lang);
      const map = await box(page, 'section.map');
      const tools = await box(page, '.map-tools');
      const share = (tools.width * tools.height) / (map.width * map.height);
      assert.ok(share <= 0.15, `${lang}: the tools cover ${(share * 100).toFixed(1)} % of the map`);
    }
    await page.locator('#language').selectOption('en');
    // Every tool is one tap away, and the menu goes once one is chosen.
    const legend = await mapTool(page, 'Legend');
    await screenshot(page, 'room-01-tools-open');
    await legend.click();
    await page.getByRole('region', { name: 'What the map shows' }).waitFor();
    assert.equal(await page.locator('#map-tools-menu').count(), 0, 'the menu closed');
    await page.keyboard.press('Escape');
    await (await mapTool(page, 'Heat view')).click();
    assert.equal(
      await page.getByRole('button', { name: 'Map tools' }).innerText(),
      '☰\n1',
      'one tool is on',
    );
    await (await mapTool(page, 'Heat view')).click();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a message over an open sheet stands clear of the zoom buttons and the tools', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    await page.setViewportSize({ width: 360, height: 740 });
    // Location blocked: switching nearby alerts on says so in a message.
    await blockLocation(page);
    await page.getByRole('button', { name: 'Filters' }).click();
    await (await mapTool(page, 'Nearby alerts')).click();
    const toast = page.locator('.toast');
    await toast.waitFor();
    const message = await box(page, '.toast');
    for (const control of ['.leaflet-control-zoom', '.map-tools'])
      assert.ok(!overlap(message, await box(page, control)), `the message stands clear of ${control}`);
    await screenshot(page, 'room-02-message-clear');
    await context.close();
  });
});
