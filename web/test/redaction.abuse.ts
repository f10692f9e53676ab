import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { call, freshStorage, loopbackNetwork, NO_REPORT_BUDGETS } from '../../server/abuse/attacks.ts';
import { shareCardSvg } from '../../server/src/page/share-card.ts';
import { DODGE_SEPARATORS } from '../../server/test/phone-dodges.ts';
import { type RunningServer, startServer, stop } from '../../server/test/processes.ts';
import { launchBrowser, openPhone } from './browser.ts';

/**
 * Phone numbers dressed up to slip past the redaction, reported through the API and then looked at
 * as people see them: the shared spot's page in Chromium, and the share card's text laid out by
 * Chromium. What is read is the order the digits are drawn in, left to right, line by line (so a
 * number written last group first, or reordered by a right-to-left mark or an Arabic sentence,
 * counts as shown). ABUSE_SERVER_DIR replays them against other code.
 */
const NUMBER = '0772123456';
/** The number's digits as drawn, whatever the country code or trunk: its nine last digits. */
const SHOWN = NUMBER.slice(1);

const DODGES: Array<[string, string]> = [
  ...DODGE_SEPARATORS.map((s): [string, string] => [
    `separator ${JSON.stringify(s)}`,
    `Call 0772${s}123${s}456 here`,
  ]),
  ['a letter O for the zero', 'Call O772 123 456 here'],
  ['right-to-left marks before each group', 'Call \u200f456 \u200f123 \u200f0772 here'],
  ['an Arabic sentence around the groups', 'اتصل على 456 123 0772 الآن'],
  ['a right-to-left override', 'Call \u202e654 321 2770\u202c here'],
];

/** The digits of the element's text in the order they are drawn: by line, then left to right. */
const drawnDigits = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const glyphs: Array<{ ch: string; x: number; y: number }> = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        if (r.width > 0) glyphs.push({ ch: text[i] as string, x: r.left, y: Math.round(r.top / 4) });
      }
    }
    glyphs.sort((a, b) => a.y - b.y || a.x - b.x);
    return glyphs
      .map((g) => g.ch)
      .join('')
      .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))
      .replace(/\D/g, '');
  });

/** The same for SVG text (the share card): each character's start position, by line then x. */
const drawnSvgDigits = (page: Page) =>
  page.evaluate(() => {
    const glyphs: Array<{ ch: string; x: number; y: number }> = [];
    for (const el of document.querySelectorAll('text, tspan')) {
      if (el.querySelector('tspan')) continue;
      const t = el as SVGTextContentElement;
      const text = t.textContent ?? '';
      for (let i = 0; i < t.getNumberOfChars(); i++) {
        const at = t.getStartPositionOfChar(i);
        const end = t.getEndPositionOfChar(i);
        glyphs.push({ ch: text[i] ?? '', x: Math.min(at.x, end.x), y: Math.round(at.y) });
      }
    }
    glyphs.sort((a, b) => a.y - b.y || a.x - b.x);
    return glyphs
      .map((g) => g.ch)
      .join('')
      .replace(/\D/g, '');
  });

describe('redaction holds for what people see', () => {
  let browser: Browser | undefined;
  let server: RunningServer;
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  before(async () => {
    browser = await launchBrowser();
    const storage = await freshStorage('embedded');
    cleanups.push(storage.remove);
    server = await startServer(
      // The reports pile at one place: the newcomer budgets would hold them (trust.test.ts attacks those).
      { ...storage.env, SEED: '0', LOG_LEVEL: 'warn', ...NO_REPORT_BUDGETS },
      process.env.ABUSE_SERVER_DIR,
    );
    cleanups.push(() => stop(server.proc));
  });
  after(async () => {
    await browser?.close();
    for (const clean of cleanups.reverse()) await clean();
  });

  it('a number dressed up in any of these ways is never drawn in order on the spot page or the card', async (t) => {
    if (!browser) return t.skip('no Chromium');
    const c = { base: server.url, proxy: false };
    const shown: string[] = [];
    const { page, context } = await openPhone(browser, server.url);
    const card = await context.newPage();
    for (const [i, [how, text]] of DODGES.entries()) {
      // Each report from a network of its own: five reports an hour is all one visitor has.
      const made = await call(c, { ip: loopbackNetwork(500 + i), ua: `Dodger ${i}` }, 'POST', '/api/spots', {
        title: text.slice(0, 80),
        description: `The boda man at the stage says: ${text}`,
        area: text.slice(0, 80),
        lat: 0.3136,
        lng: 32.5811,
        category: 'other',
        severity: 2,
        time_of_day: 'night',
      });
      assert.equal(made.status, 201, JSON.stringify(made.json));
      const spot = made.json.spot as { id: number; title: string; area: string; severity: number };
      await page.goto(`${server.url}/spots/${spot.id}`);
      await page.locator('#spot-title').waitFor();
      const pageDigits = [
        await drawnDigits(page, '#spot-title'),
        await drawnDigits(page, '.spot-detail .description'),
      ].join('|');
      await card.setContent(
        shareCardSvg({ ...spot, category: 'other', time_of_day: 'night' } as Parameters<
          typeof shareCardSvg
        >[0]),
      );
      const cardDigits = await drawnSvgDigits(card);
      if (pageDigits.includes(SHOWN) || cardDigits.includes(SHOWN)) shown.push(how);
    }
    await context.close();
    console.log(
      `\nredaction figures:\n${JSON.stringify({ tricks: DODGES.length, numbersShown: shown.length, shown }, null, 2)}`,
    );
    assert.deepEqual(shown, [], 'no trick shows the number');
  });
});
