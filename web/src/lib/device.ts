/**
 * The page's device credential: an HttpOnly cookie the server sets on POST /api/device, so phones
 * sharing one carrier address and one browser version still vote, flag and report as themselves.
 * The page cannot read the cookie; it remembers when it last asked, and asks again after a week
 * (the server re-signs a credential once it is a month old). Writes wait for the first answer, so a
 * quick first vote is not counted under a different visitor than the ones after it.
 */
const ASKED_KEY = 'hatari.device-asked-at';
const ASK_EVERY_MS = 7 * 24 * 3600 * 1000;

let ready: Promise<void> | undefined;

function askedRecently(): boolean {
  try {
    const at = Number(localStorage.getItem(ASKED_KEY));
    return Number.isFinite(at) && Date.now() - at < ASK_EVERY_MS;
  } catch {
    return false;
  }
}

export function ensureDevice(): Promise<void> {
  ready ??= askedRecently()
    ? Promise.resolve()
    : fetch('/api/device', { method: 'POST', credentials: 'same-origin' })
        .then((res) => {
          if (!res.ok) return;
          try {
            localStorage.setItem(ASKED_KEY, String(Date.now()));
          } catch {}
        })
        // Offline or refused: this load counts as address + browser, and the next one asks again.
        .catch(() => {});
  return ready;
}

/** Resolves once the credential question of this page load is settled (at once if never asked). */
export const deviceSettled = (): Promise<void> => ready ?? Promise.resolve();
