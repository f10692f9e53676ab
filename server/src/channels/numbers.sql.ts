import { sql } from 'kysely';
import type { Queryable } from '../db/db.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';

/** What a number chose (channel_numbers): its language, and where its list of dangers stopped. */

export interface NumberChoices {
  /** Null until the number chooses one. */
  lang: string | null;
  near: { place: string; lat: number; lng: number; shown: number } | undefined;
}

export async function numberChoices(db: Queryable, phoneHash: string): Promise<NumberChoices | undefined> {
  const rows = await rowsOf(
    db,
    qb
      .selectFrom('channel_numbers')
      .select(['lang', 'near_place', 'near_lat', 'near_lng', 'near_shown'])
      .where('phone_hash', '=', phoneHash),
  );
  const r = rows[0];
  if (!r) return undefined;
  const near =
    r.near_place !== null && r.near_lat !== null && r.near_lng !== null
      ? { place: r.near_place, lat: r.near_lat, lng: r.near_lng, shown: r.near_shown }
      : undefined;
  return { lang: r.lang, near };
}

/** Keeps the number's language. */
export async function rememberLang(db: Queryable, phoneHash: string, lang: string): Promise<void> {
  await rowsOf(
    db,
    qb
      .insertInto('channel_numbers')
      .values({ phone_hash: phoneHash, lang })
      .onConflict((oc) =>
        oc
          .column('phone_hash')
          .doUpdateSet((eb) => ({ lang: eb.ref('excluded.lang'), updated_at: sql`now()` })),
      ),
  );
}

/** Keeps where the number's list of dangers stopped (MORE goes on from there). */
export async function rememberNear(
  db: Queryable,
  phoneHash: string,
  near: { place: string; lat: number; lng: number; shown: number },
): Promise<void> {
  await rowsOf(
    db,
    qb
      .insertInto('channel_numbers')
      .values({
        phone_hash: phoneHash,
        near_place: near.place.slice(0, 80),
        near_lat: near.lat,
        near_lng: near.lng,
        near_shown: near.shown,
      })
      .onConflict((oc) =>
        oc.column('phone_hash').doUpdateSet((eb) => ({
          near_place: eb.ref('excluded.near_place'),
          near_lat: eb.ref('excluded.near_lat'),
          near_lng: eb.ref('excluded.near_lng'),
          near_shown: eb.ref('excluded.near_shown'),
          updated_at: sql`now()`,
        })),
      ),
  );
}
