/*
 * Hatari's service worker. It keeps the map page's shell, the last public spot list and the map
 * tiles last seen, the dangers' and the background's (within a byte budget), on the phone, so the map opens without a connection,
 * and answers tiles from the areas the page keeps offline. (On the first visit, which it does not control,
 * the page saves the list it loaded into the same cache.) It never queues or replays anything the user sends:
 * a report, vote or flag made offline fails in the page, which says so. It shows the push alerts the
 * server sends (at the end of this file).
 */
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
const SHELL_CACHE = `hatari-shell-${VERSION}`;
const DATA_CACHE = '__DATA_CACHE__';
const SAVED_AT = '__SAVED_AT__';
const SPOT_LIST = '__SPOT_LIST__';
/** On a slow connection, show the saved list after this long and keep loading the fresh one. */
const NETWORK_PATIENCE_MS = 6000;
/** Map tiles kept for offline use: the most recently loaded, up to this many bytes in all. */
const TILE_CACHE = 'hatari-tiles';
const TILE_BUDGET_BYTES = 2 * 1024 * 1024;
/** The kept tiles' addresses and sizes, oldest first (the Cache API tells no sizes). */
const TILE_INDEX = '/__hatari-tile-index__';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('hatari-shell-') && k !== SHELL_CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function withHeaders(response, extra) {
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(extra)) headers.set(k, v);
  return response
    .blob()
    .then(
      (body) => new Response(body, { status: response.status, statusText: response.statusText, headers }),
    );
}

async function spotList(request) {
  const cache = await caches.open(DATA_CACHE);
  const fromNetwork = fetch(request).then(async (response) => {
    if (response.ok) {
      const saved = await withHeaders(response.clone(), { [SAVED_AT]: new Date().toISOString() });
      await cache.put(SPOT_LIST, saved);
    }
    return response;
  });
  const fromCache = async () => {
    const saved = await cache.match(SPOT_LIST);
    return saved ? withHeaders(saved, { 'x-hatari-offline': '1' }) : undefined;
  };
  const slow = new Promise((resolve) => setTimeout(resolve, NETWORK_PATIENCE_MS, 'slow'));
  try {
    const first = await Promise.race([fromNetwork, slow]);
    if (first !== 'slow') return first;
    return (await fromCache()) ?? (await fromNetwork);
  } catch {
    const saved = await fromCache();
    if (saved) return saved;
    return new Response(JSON.stringify({ error: 'You are offline.' }), {
      status: 503,
      headers: { 'content-type': 'application/json', 'x-hatari-offline': '1' },
    });
  }
}

/** Keeps a loaded tile, then drops the oldest kept ones while the budget is exceeded. */
async function keepTile(url, response) {
  const cache = await caches.open(TILE_CACHE);
  const body = await response.blob();
  await cache.put(url, new Response(body, { status: 200, headers: response.headers }));
  const saved = await cache.match(TILE_INDEX);
  const index = (saved ? await saved.json() : []).filter((e) => e.url !== url);
  index.push({ url, bytes: body.size });
  let total = index.reduce((n, e) => n + e.bytes, 0);
  while (total > TILE_BUDGET_BYTES && index.length > 1) {
    const oldest = index.shift();
    total -= oldest.bytes;
    await cache.delete(oldest.url);
  }
  await cache.put(TILE_INDEX, new Response(JSON.stringify(index)));
}

/** The header the page sets on the tiles it saves for an area kept offline (offline-areas.ts). */
const AREA_HEADER = '__AREA_HEADER__';

/**
 * Tiles come from the network (through the phone's HTTP cache); offline, from the tiles last seen or
 * from an area kept offline (the page saves those in a cache of their own).
 */
let tileWrites = Promise.resolve();
async function tile(event) {
  try {
    const response = await fetch(event.request);
    if (response.ok && !event.request.headers.has(AREA_HEADER)) {
      const copy = response.clone();
      // One write at a time, so the index is never read and written by two at once.
      tileWrites = tileWrites.then(() => keepTile(event.request.url, copy)).catch(() => undefined);
      event.waitUntil(tileWrites);
    }
    return response;
  } catch {
    const saved = await caches.match(event.request, { ignoreVary: true });
    if (saved) return withHeaders(saved, { 'x-hatari-offline': '1' });
    return new Response(JSON.stringify({ error: 'You are offline.' }), {
      status: 503,
      headers: { 'content-type': 'application/json', 'x-hatari-offline': '1' },
    });
  }
}

async function page(request) {
  try {
    return await fetch(request);
  } catch {
    const shell = await caches.match('/');
    if (shell) return shell;
    throw new Error('offline and no saved page');
  }
}

async function cacheFirst(request) {
  const hit = await caches.match(request);
  return hit ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname + url.search === SPOT_LIST) event.respondWith(spotList(request));
  else if (url.pathname.startsWith('/api/spots/tiles/') || url.pathname.startsWith('/api/basemap/'))
    event.respondWith(tile(event));
  else if (request.mode === 'navigate' && (url.pathname === '/' || /^\/spots\/\d+$/.test(url.pathname)))
    event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname))
    event.respondWith(cacheFirst(request));
});

// Push alerts (docs/channels.md, "Push alerts"): the server's alert shown as it is sent; a tap
// opens the spot, in the map already open when there is one.
self.addEventListener('push', (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof alert.url === 'string' && alert.url.startsWith('/') ? alert.url : '/';
  event.waitUntil(
    self.registration.showNotification(alert.title || 'Hatari', {
      body: alert.body || '',
      tag: alert.tag,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      if (open) return open.navigate(url).then((w) => (w || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
