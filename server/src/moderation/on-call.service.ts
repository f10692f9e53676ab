import type { z } from 'zod';
import type { onCallResponse } from '../../../common/api.ts';
import { dropModeratorPhone, keepModeratorPhone, normalisePhone } from '../channels/index.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import type { SessionUser } from './auth.service.ts';
import { MAX_AREAS } from './moderation.schema.ts';
import { type AreaRow, deleteArea, insertArea, onCallOf, updateOnCall, userIdOf } from './on-call.sql.ts';

/**
 * A moderator's on call (docs/moderators.md, "On call"): on duty or not, quiet hours, the phones and
 * number pages go to, and the areas they cover. The pager (pager.ts) reads them.
 */
type OnCall = z.output<typeof onCallResponse>;

/** Whether the site sends SMS: a gateway, and the key numbers are sealed with. */
const smsAvailable = (deps: Deps) => Boolean(deps.config.channels.sms && deps.channels.cipher);

/** "••••••••567": a number shown back to its owner, all but its last three digits hidden. */
function masked(deps: Deps, sealed: string | null): string | null {
  if (!sealed || !deps.channels.cipher) return null;
  try {
    const phone = deps.channels.cipher.decrypt(sealed);
    return `${'•'.repeat(Math.max(phone.length - 3, 0))}${phone.slice(-3)}`;
  } catch {
    return null;
  }
}

/** The signed-in moderator's id (a session outlives no deleted account: 401 all the same). */
async function idOf(deps: Deps, user: SessionUser): Promise<number> {
  const id = await userIdOf(deps.db, user.username);
  if (id === undefined) throw new HttpError(401, 'Not signed in');
  return id;
}

export async function onCall(deps: Deps, user: SessionUser): Promise<OnCall> {
  const row = await onCallOf(deps.db, await idOf(deps, user));
  if (!row) throw new HttpError(401, 'Not signed in');
  return {
    on_duty: row.on_duty,
    quiet_hours:
      row.quiet_from !== null && row.quiet_to !== null ? { from: row.quiet_from, to: row.quiet_to } : null,
    phones: row.phone_keys,
    sms: { available: smsAvailable(deps), number: masked(deps, row.phone_enc) },
    push_public_key: deps.channels.push.publicKey,
    areas: row.areas,
  };
}

export interface OnCallInput {
  on_duty?: boolean | undefined;
  quiet_hours?: { from: number; to: number } | null | undefined;
  phone?: string | null | undefined;
}

export async function changeOnCall(deps: Deps, user: SessionUser, input: OnCallInput): Promise<OnCall> {
  let phoneEnc: string | null | undefined;
  if (input.phone === null) phoneEnc = null;
  else if (input.phone !== undefined) {
    const cipher = deps.channels.cipher;
    if (!smsAvailable(deps) || !cipher) throw new HttpError(409, 'This site sends no SMS');
    const phone = normalisePhone(input.phone);
    if (!phone) throw new HttpError(400, 'phone is not a phone number');
    phoneEnc = cipher.encrypt(phone);
  }
  await updateOnCall(deps.db, await idOf(deps, user), {
    onDuty: input.on_duty,
    quiet: input.quiet_hours,
    phoneEnc,
  });
  return onCall(deps, user);
}

export async function addPhone(
  deps: Deps,
  user: SessionUser,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  lang: string,
): Promise<OnCall> {
  await keepModeratorPhone(
    deps.db,
    deps.config.push.services,
    { ...subscription, lang },
    await idOf(deps, user),
  );
  return onCall(deps, user);
}

export async function removePhone(deps: Deps, user: SessionUser, endpoint: string): Promise<OnCall> {
  if (!(await dropModeratorPhone(deps.db, await idOf(deps, user), endpoint)))
    throw new HttpError(404, 'This phone gets no pages for you');
  return onCall(deps, user);
}

export async function addArea(deps: Deps, user: SessionUser, area: Omit<AreaRow, 'id'>): Promise<OnCall> {
  if ((await insertArea(deps.db, await idOf(deps, user), area, MAX_AREAS)) === undefined)
    throw new HttpError(409, `You already cover ${MAX_AREAS} areas; remove one first`);
  return onCall(deps, user);
}

export async function removeArea(deps: Deps, user: SessionUser, id: number): Promise<OnCall> {
  if (!(await deleteArea(deps.db, await idOf(deps, user), id)))
    throw new HttpError(404, 'No such area of yours');
  return onCall(deps, user);
}
