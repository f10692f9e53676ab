import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { currentCode } from '../../server/src/moderation/two-factor.ts';
import { axeViolations, screenshot } from './browser.ts';

/** What the moderator console's browser tests share: signing in, checked screenshots, the public list. */

/** What an authenticator app shows now (or `steps` of 30 s later), by the clock of the server under test. */
export const authenticator = (secret: string, steps = 0) =>
  // biome-ignore lint/plugin: the console's server runs as a process on the machine's clock
  currentCode(secret, Date.now() + steps * 30_000);

export async function signIn(page: Page, password = 'correct-horse-battery') {
  await page.getByLabel('Username').fill('amina');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A screenshot of a state of the console (or the map), which axe-core must find nothing wrong with. */
export async function checked(page: Page, name: string) {
  await screenshot(page, name);
  assert.deepEqual(
    await axeViolations(page, { targetSize: true }),
    [],
    `axe-core finds nothing wrong: ${name}`,
  );
}

/** The admin's session for API calls beside the browser, as headers. */
export async function apiSignIn(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'amina', password: 'correct-horse-battery' }),
  });
  assert.equal(res.status, 200);
  const cookie = /hatari_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
  return { 'content-type': 'application/json', cookie };
}

export const publicTitles = async (url: string) => {
  const res = await fetch(`${url}/api/spots`);
  return ((await res.json()) as { spots: { title: string }[] }).spots.map((s) => s.title);
};
