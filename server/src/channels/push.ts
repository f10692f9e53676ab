import type { PushWatch } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { ALERT_RULES } from './alerts.ts';
import { upsertWatch } from './channels.sql.ts';
import type { PushWatchInput } from './push.schema.ts';
import {
  dropPushWatch,
  forgetSubscription,
  type PushWatchRow,
  pushRecipient,
  pushWatches,
  subscriptionId,
  upsertSubscription,
} from './push.sql.ts';
import { allowedEndpoint } from './push-endpoints.ts';

/**
 * Web Push alerts (docs/channels.md, "Push alerts"): the page's watches, kept like a number's and
 * alerted through the same outbox. A subscription names its push service; the server sends only to
 * the configured services (PUSH_SERVICES), so a made-up subscription cannot aim it at another site.
 */

/** Places and trips one subscription may watch, as a number may. */
export const MAX_PUSH_WATCHES = 3;

function checkEndpoint(deps: Deps, endpoint: string): void {
  if (!allowedEndpoint(endpoint, deps.config.push.services))
    throw new HttpError(400, "The subscription's endpoint is not a known browser push service");
}

const toWatch = (r: PushWatchRow): PushWatch => ({
  id: r.id,
  place: r.place,
  lat: r.lat,
  lng: r.lng,
  radius_m: r.radius_m,
  hours: r.from_hour !== null && r.to_hour !== null ? { from: r.from_hour, to: r.to_hour } : null,
  trip: r.trip,
});

/**
 * Adds a watch for the subscription (kept, or renewed, with it). A trip is watched along the way the
 * route check finds between its ends. A fourth place is refused (409). A subscription not seen before
 * first spends one of the new subscriptions of its wide network and of the site (`spendNew` throws
 * the 429 when none is left).
 */
export async function addPushWatch(
  deps: Deps,
  input: PushWatchInput,
  spendNew: () => Promise<void>,
): Promise<PushWatch> {
  checkEndpoint(deps, input.subscription.endpoint);
  if ((await subscriptionId(deps.db, input.subscription.endpoint)) === undefined) await spendNew();
  const route = input.to && (await deps.routePlanner.way(input, input.to, 'driving'));
  if (input.to && !route)
    throw new HttpError(502, 'No way was found between the two places; try again, or watch each place');
  const place = input.to ? `${input.place} - ${input.to.place}` : input.place;
  const radiusM = input.radius_m ?? (input.to ? ALERT_RULES.tripRadiusM : ALERT_RULES.radiusM);
  const watch = await deps.db.transaction(async (tx) => {
    const pushId = await upsertSubscription(tx, { ...input.subscription, lang: input.lang });
    const added = await upsertWatch(
      tx,
      {
        phoneHash: pushRecipient(pushId),
        pushId,
        place: place.slice(0, 80),
        lat: input.lat,
        lng: input.lng,
        radiusM,
        hours: input.hours,
        route: route || undefined,
      },
      MAX_PUSH_WATCHES,
    );
    if (added.result === 'full') return undefined;
    return (await pushWatches(tx, pushId)).find((w) => w.id === added.id);
  });
  if (!watch)
    throw new HttpError(409, `This phone already watches ${MAX_PUSH_WATCHES} places; remove one first`);
  return toWatch(watch);
}

export async function listPushWatches(deps: Deps, endpoint: string): Promise<PushWatch[]> {
  const id = await subscriptionId(deps.db, endpoint);
  return id === undefined ? [] : (await pushWatches(deps.db, id)).map(toWatch);
}

/** Removes one watch; with the last, the subscription goes too. False when it was not this subscription's. */
export async function removePushWatch(deps: Deps, endpoint: string, watchId: number): Promise<boolean> {
  const id = await subscriptionId(deps.db, endpoint);
  return id !== undefined && (await dropPushWatch(deps.db, id, watchId));
}

/** Unsubscribing: the subscription, its watches and its alerts not yet sent are deleted. */
export async function forgetPush(deps: Deps, endpoint: string): Promise<void> {
  const id = await subscriptionId(deps.db, endpoint);
  if (id !== undefined) await forgetSubscription(deps.db, id);
}
