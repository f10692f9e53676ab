import { useEffect, useState } from 'preact/hooks';
import { DATA_CACHE, SAVED_AT_HEADER, SPOT_LIST_URL } from '../lib/spot-list.ts';

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
 * Saves the spot list the page loaded where the service worker keeps it, when no service worker
 * controls the page (the first visit): the map then opens offline from the first visit on, without
 * downloading the list twice.
 */
export async function keepListForOffline(body: unknown): Promise<void> {
  if (!('caches' in window) || navigator.serviceWorker?.controller) return;
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
