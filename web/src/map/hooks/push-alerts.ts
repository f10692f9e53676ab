import { answer, client } from '../../lib/api.ts';
import { currentLang } from '../../lib/i18n.ts';
import type { PushWatch } from '../../lib/types.ts';

/**
 * Push alerts (docs/channels.md, "Push alerts"): this browser's push subscription, made with the
 * site's key through the service worker, and its watches on the server. The subscription's endpoint
 * names it to the server; it goes only in request bodies.
 */

/** Push needs the service worker (which shows the notifications) and the Push API. */
export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

/** This browser's subscription, if it has one. */
async function currentSubscription(): Promise<PushSubscription | undefined> {
  return (await (await registration())?.pushManager.getSubscription()) ?? undefined;
}

/**
 * Why push alerts cannot be set up: the browser has no push, the user blocked notifications, or the
 * browser could not reach its push service in time (it may never answer where that service is
 * blocked or the connection is poor).
 */
export type PushProblem = 'unsupported' | 'denied' | 'unreachable';

export class PushRefused extends Error {
  readonly why: PushProblem;
  constructor(why: PushProblem) {
    super(why);
    this.why = why;
  }
}

/** How long the browser's push service has to hand out a subscription before the page gives up. */
const SUBSCRIBE_TIMEOUT_MS = 15_000;

/** The subscription, asking for permission and making one when there is none. */
async function subscription(publicKey: string): Promise<PushSubscription> {
  const reg = await registration();
  if (!reg) throw new PushRefused('unsupported');
  if ((await Notification.requestPermission()) !== 'granted') throw new PushRefused('denied');
  const existing = await reg.pushManager.getSubscription();
  if (existing) return existing;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushRefused('unreachable')), SUBSCRIBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) }),
      late,
    ]);
  } catch (err) {
    // The push service refused or failed (Chromium: "Registration failed - push service error").
    throw err instanceof PushRefused ? err : new PushRefused('unreachable');
  } finally {
    clearTimeout(timer);
  }
}

function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  const raw = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function asJson(sub: PushSubscription) {
  const { endpoint, keys } = sub.toJSON();
  return { endpoint: endpoint ?? sub.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

/**
 * This browser's subscription for the site's key as the server takes it (the console's pages for a
 * moderator), registering the service worker first where this page has not. Throws PushRefused.
 */
export async function subscribeThisBrowser(publicKey: string) {
  if (!pushSupported()) throw new PushRefused('unsupported');
  await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  return asJson(await subscription(publicKey));
}

/** This browser's subscription's endpoint, if it has one. */
export const thisBrowserEndpoint = async () =>
  pushSupported() ? (await currentSubscription())?.endpoint : undefined;

/** The key a moderator's phone is known by in their on call: the SHA-256 of its endpoint, in hex. */
export async function phoneKey(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const pushInfo = () => answer(client.GET('/api/push'));

export interface WatchRequest {
  place: string;
  lat: number;
  lng: number;
  to?: { place: string; lat: number; lng: number };
  radius_m?: number;
  hours?: { from: number; to: number };
}

/** Subscribes if needed, then watches. Throws PushRefused when the browser or the user says no. */
export async function addWatch(publicKey: string, w: WatchRequest) {
  const sub = await subscription(publicKey);
  return answer(
    client.POST('/api/push/watches', { body: { ...w, subscription: asJson(sub), lang: currentLang() } }),
  );
}

export async function listWatches(): Promise<PushWatch[]> {
  const sub = await currentSubscription();
  if (!sub) return [];
  const res = await answer(client.POST('/api/push/watches/list', { body: { endpoint: sub.endpoint } }));
  return res.ok ? res.data.watches : [];
}

export async function stopWatch(id: number) {
  const sub = await currentSubscription();
  if (!sub) return;
  await answer(
    client.DELETE('/api/push/watches/{id}', {
      params: { path: { id } },
      body: { endpoint: sub.endpoint },
    }),
  );
}

/** One tap: the server forgets the subscription, and the browser drops it. */
export async function stopAll(): Promise<boolean> {
  const sub = await currentSubscription();
  if (!sub) return true;
  const res = await answer(client.DELETE('/api/push/subscription', { body: { endpoint: sub.endpoint } }));
  if (!res.ok) return false;
  await sub.unsubscribe();
  return true;
}
