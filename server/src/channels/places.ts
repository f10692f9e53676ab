import { metresBetween } from '../../../common/geo.ts';
import type { Queryable } from '../db/db.ts';
import type { Identity } from '../identity/identify.ts';
import type { PlaceSearch } from '../search/index.ts';
import { MIN_PLACE_QUERY } from '../search/index.ts';
import { matchingAreas, type NamedPoint } from './channels.sql.ts';

const MAX_CHOICES = 5;
/** A found place this close to a spot area of the same name is that area. */
const SAME_PLACE_M = 3000;

/**
 * What a typed place name can mean: the areas of public spots that contain it, then the place
 * search's results (cached for 30 days, one upstream lookup a second for the whole app, counted
 * against the phone's place_lookup limit). Never more than five.
 */
export async function findPlaces(
  db: Queryable,
  places: PlaceSearch,
  typed: string,
  identity: Identity,
): Promise<NamedPoint[]> {
  const q = typed.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (q.length < MIN_PLACE_QUERY) return [];
  const found: NamedPoint[] = await matchingAreas(db, q, MAX_CHOICES);
  const looked = await places.find(q, identity);
  for (const p of 'places' in looked ? looked.places : []) {
    const named = p.name.toLowerCase();
    const same = found.some(
      (a) => a.name.toLowerCase().split(',')[0]?.trim() === named && metresBetween(a, p) <= SAME_PLACE_M,
    );
    if (!same) found.push({ name: p.name, detail: p.detail, lat: p.lat, lng: p.lng });
  }
  return found.slice(0, MAX_CHOICES);
}
