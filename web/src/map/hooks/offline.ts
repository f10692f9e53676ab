import { useEffect, useState } from 'preact/hooks';
import { DATA_CACHE, SAVED_AT_HEADER, SPOT_LIST_URL } from '../../lib/spot-list.ts';

/** Installs the service worker that keeps the page and the last spot list for offline use. */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // The page works without it, just not offline.
    });
  });
}

/** Whether the phone says it is online; updated as that changes. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

/**
 * Whether a request the page sends now goes through the service worker (which then saves the spot
 * list itself). A request is handled by the worker that controlled the page when it was sent: on
 * the first visit the worker can take control while the list is on its way, and that list is then
 * the page's to save.
 */
export const sentThroughWorker = (): boolean => Boolean(navigator.serviceWorker?.controller);

/**
 * Saves a spot list the page loaded without the service worker (the first visit) where the worker
 * keeps it: the map then opens offline from the first visit on, without downloading the list twice.
 */
export async function keepListForOffline(body: unknown): Promise<void> {
  if (!('caches' in window)) return;
  try {
    const cache = await caches.open(DATA_CACHE);
    await cache.put(
      SPOT_LIST_URL,
      new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json', [SAVED_AT_HEADER]: new Date().toISOString() },
      }),
    );
  } catch {
    // storage full or blocked: the next visit's service worker saves it
  }
}
