/**
 * The page's device credential: an HttpOnly cookie the server sets on POST /api/device, so phones
 * sharing one carrier address and one browser version still vote, flag and report as themselves.
 * The page cannot read the cookie; it remembers when it last asked, and asks again after a week
 * (the server re-signs a credential once it is a month old). A new credential costs work: a
 * challenge the page solves in a Web Worker while the map loads. Writes wait for the first answer,
 * so a quick first vote is not counted under a different visitor than the ones after it.
 */
import createClient from 'openapi-fetch';
import type { paths } from './api-types.ts';
import { solveInWorker } from './pow.ts';

const ASKED_KEY = 'hatari.device-asked-at';
const ASK_EVERY_MS = 7 * 24 * 3600 * 1000;

let ready: Promise<void> | undefined;

/**
 * Typed from the API document as api.ts's client is, but without its wait: that client holds every
 * write until this very question is settled.
 */
const direct = createClient<paths>({ credentials: 'same-origin' });

function askedRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(ASKED_KEY));
    return Number.isFinite(at) && Date.now() - at < ASK_EVERY_MS;
  } catch {
    return false;
  }
}

/**
 * A credential the server keeps (renewed when old) needs no work; a new one costs a solved challenge
 * (docs/web.md, "Device credential"). Asked once a week.
 */
async function askForDevice(): Promise<void> {
  const post = (altcha?: string) => direct.POST('/api/device', { body: altcha ? { altcha } : {} });
  let res = await post();
  if (res.response.status === 400) {
    const challenge = await direct.GET('/api/device/challenge');
    if (!challenge.data) return;
    const altcha = await solveInWorker(challenge.data);
    if (!altcha) return;
    res = await post(altcha);
  }
  if (!res.response.ok) return;
  try {
    localStorage.setItem(ASKED_KEY, String(Date.now()));
  } catch {}
}

export function ensureDevice(): Promise<void> {
  // Offline or refused: this load counts as address + browser, and the next one asks again.
  ready ??= askedRecently() ? Promise.resolve() : askForDevice().catch(() => {});
  return ready;
}

/** Resolves once the credential question of this page load is settled (at once if never asked). */
export const deviceSettled = (): Promise<void> => ready ?? Promise.resolve();
