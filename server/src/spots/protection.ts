/**
 * Which spots the community signal cannot take off the map, in one place (docs/api.md, "Protected
 * spots and site-wide budgets"). A protected spot is verified by moderators, seeded with its public
 * source, or restored by a moderator (flags dismissed, a dispute cleared, a burst reverted) in the
 * last RESTORE_PROTECTION_DAYS: flags and votes on it go to the moderators' review queue instead of
 * hiding it or taking it out of route dangers, statistics and alerts.
 *
 * These are SQL expressions over a spots row aliased `s`: a restore lapses with time, which a
 * generated column cannot read.
 */
const RESTORE_PROTECTION_DAYS = 30;

export const PROTECTED = `(s.moderator_verified OR (s.seeded AND s.source_url IS NOT NULL) OR coalesce(s.restored_until > now(), false))`;

/** A public spot counts as a danger unless the community disputed it and it is not protected. */
export const COUNTS_AS_DANGER = `(s.status <> 'disputed' OR ${PROTECTED})`;

/** The assignment that protects a restored spot from now on. */
export const RESTORE = `restored_until = now() + make_interval(days => ${RESTORE_PROTECTION_DAYS})`;
