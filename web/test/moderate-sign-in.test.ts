import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserSuite, openPhone } from './browser.ts';
import { signIn } from './console-helpers.ts';

describe('signing in to the console after guesses at the account', () => {
  // Forwarded addresses are believed, so the guesses come from many networks.
  const suite = browserSuite({ TRUST_PROXY: 'true' });

  test('the browser pays the work the account asks for, once, and the moderator is signed in', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    // Twelve wrong passwords from twelve /24s: past ten, the account asks every browser for work.
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${stack.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `41.${20 + i}.0.9` },
        body: JSON.stringify({ username: 'amina', password: `guess ${i}` }),
      });
      assert.equal(res.status, 401, `guess ${i}`);
    }
    const { page, context, problems } = await openPhone(browser, stack.url, { path: '/moderate' });
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/auth/login')) sent.push(req.postData() ?? '');
    });
    await signIn(page);
    await assert.doesNotReject(page.getByText('amina (admin)').waitFor({ timeout: 30_000 }), 'signed in');
    assert.equal(sent.length, 2, 'asked once, then again with the work done');
    assert.ok(!sent[0]?.includes('altcha'), 'the first attempt carries no work');
    assert.ok(sent[1]?.includes('altcha'), 'the second carries the work');
    assert.equal(
      await page.getByText('your browser is checking itself', { exact: false }).count(),
      0,
      'the check is over',
    );
    assert.deepEqual(problems, []);
    await context.close();
  });
});
