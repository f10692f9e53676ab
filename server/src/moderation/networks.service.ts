import type { ModSpot, NetworkActivity } from '../../../common/api.ts';
import { networkName } from '../../../common/domain.ts';
import { flagsReachAutoHide } from '../community/index.ts';
import type { Db } from '../db/db.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { readSiteSettings } from '../settings/index.ts';
import { refreshConfidence } from '../spots/index.ts';
import type { SessionUser } from './auth.service.ts';
import { appendLog } from './log.sql.ts';
import { reload } from './mod-spots.service.ts';
import {
  clearReview,
  lockSpot,
  resolveOpenFlags,
  restoreClearedDisputes,
  restoreSpot,
  setPublication,
} from './mod-spots.sql.ts';
import type { VoidTarget } from './moderation.schema.ts';
import {
  deleteNetworkVotesInPeriod,
  deleteNetworkVotesOnSpot,
  lockSpotsVotedBy,
  networkActivity,
} from './networks.sql.ts';

export { BURST } from './networks.sql.ts';

const spotNotFound = () => notFound('Spot not found');
const iso = (v: Date | string) => new Date(v).toISOString();

/** Who voted on and flagged a spot, grouped by network in order of arrival, each by its one name. */
export async function spotNetworks(db: Db, id: number): Promise<NetworkActivity[]> {
  const rows = await networkActivity(db, id);
  return rows.map((r) => ({
    key: r.network,
    label: networkName(r.network),
    up: r.up,
    down: r.down,
    flags: r.flags,
    open_flags: r.open_flags,
    voidable: r.voidable,
    agents: r.agents,
    top_agent_share: r.total ? Math.round((r.top_agent / r.total) * 100) / 100 : 0,
    with_device: r.with_device,
    first_at: iso(r.first_at),
    last_at: iso(r.last_at),
    burst: r.burst,
  }));
}

/**
 * Voids one network's votes but a reporter's own (counts and status follow) or open flags (a spot they hid comes back
 * when the networks left no longer reach the threshold) on one spot, with its log entry, in one
 * transaction. A spot it brings back, or whose dispute it clears, is restored (protected 30 days).
 */
export async function voidNetworkOnSpot(
  db: Db,
  actor: SessionUser,
  id: number,
  target: VoidTarget,
  now: Date,
): Promise<{ spot: ModSpot; voided: number }> {
  return db.transaction(async (tx) => {
    const spot = await lockSpot(tx, id);
    if (!spot) throw spotNotFound();
    let voided: number;
    const detail: Record<string, unknown> = { network: target.network.slice(0, 8), what: target.what };
    if (target.what === 'votes') {
      const gone = await deleteNetworkVotesOnSpot(tx, id, target.network);
      voided = gone.up + gone.down;
      Object.assign(detail, gone);
      if (spot.status === 'disputed' && (await restoreClearedDisputes(tx, [id])).length)
        detail.restored = true;
      await refreshConfidence(tx, [id], now);
    } else {
      voided = await resolveOpenFlags(tx, id, 'voided', target.network);
      detail.flags = voided;
      const { autoHideFlagThreshold } = await readSiteSettings(tx);
      const stillHidden = await flagsReachAutoHide(tx, id, autoHideFlagThreshold);
      if (spot.auto_hidden && spot.publication === 'pending' && !stillHidden) {
        await setPublication(tx, id, 'approved');
        await restoreSpot(tx, id);
        detail.shownAgain = true;
        detail.restored = true;
      }
    }
    await clearReview(tx, id);
    await appendLog(tx, { actor: actor.username, action: `void-${target.what}`, spotId: id, detail });
    return { spot: await reload(tx, id), voided };
  });
}

/**
 * Voids a network's votes on every spot over a period: each spot's counts and log entry follow, and
 * a spot whose dispute it clears is restored.
 */
export async function voidNetworkVotes(
  db: Db,
  actor: SessionUser,
  network: string,
  from: Date,
  to: Date,
  now: Date,
): Promise<{ spots: number; votes: number }> {
  if (from > to) throw new HttpError(400, 'from must not be after to');
  return db.transaction(async (tx) => {
    const locked = await lockSpotsVotedBy(tx, network, from, to);
    const per = await deleteNetworkVotesInPeriod(tx, network, from, to);
    const disputed = locked.filter((s) => s.status === 'disputed').map((s) => s.id);
    const restored = new Set(await restoreClearedDisputes(tx, disputed));
    await refreshConfidence(
      tx,
      per.map((p) => p.spot_id),
      now,
    );
    for (const p of per) {
      await appendLog(tx, {
        actor: actor.username,
        action: 'void-votes',
        spotId: p.spot_id,
        detail: {
          network: network.slice(0, 8),
          up: p.up,
          down: p.down,
          from: iso(from),
          to: iso(to),
          ...(restored.has(p.spot_id) && { restored: true }),
        },
      });
    }
    return { spots: per.length, votes: per.reduce((n, p) => n + p.up + p.down, 0) };
  });
}
