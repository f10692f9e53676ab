import type { Queryable } from '../db/db.ts';

/**
 * Synthetic spots for benchmarks: clustered around Ugandan towns (weighted by size, spread in a
 * rough bell around each centre), every category, severity and time of day, with place-like titles
 * so search has realistic text, and a share with votes. Always marked `synthetic`, never seeded.
 */
const TOWNS = `(VALUES
  ('Kampala', 0.3136, 32.5811, 0.06, 40), ('Wakiso', 0.4044, 32.4594, 0.06, 12), ('Mukono', 0.3533, 32.7553, 0.04, 6),
  ('Entebbe', 0.0512, 32.4637, 0.03, 5), ('Jinja', 0.4244, 33.2042, 0.04, 6), ('Mbarara', -0.6072, 30.6545, 0.04, 5),
  ('Gulu', 2.7724, 32.2881, 0.04, 5), ('Lira', 2.2499, 32.8998, 0.03, 4), ('Mbale', 1.0827, 34.1754, 0.03, 4),
  ('Masaka', -0.3338, 31.7341, 0.03, 4), ('Arua', 3.0201, 30.9111, 0.03, 3), ('Fort Portal', 0.6710, 30.2750, 0.03, 3),
  ('Hoima', 1.4331, 31.3527, 0.03, 2), ('Soroti', 1.7146, 33.6111, 0.03, 2)
) AS t(name, lat, lng, spread, weight)`;

export async function insertSyntheticSpots(db: Queryable, count: number): Promise<void> {
  const before = await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM spots');
  await db.query(
    `WITH towns AS (
       SELECT name, lat, lng, spread,
         sum(weight) OVER (ORDER BY name)::float8 / sum(weight) OVER () AS upto
       FROM ${TOWNS}
     ),
     picks AS (
       SELECT g, random() AS r, random() AS a, random() AS b, random() AS c, random() AS d FROM generate_series(1, $1::int) g
     )
     INSERT INTO spots (title, description, area, lat, lng, category, severity, time_of_day, created_at,
       last_confirmed_at, confirmations, denials, synthetic)
     SELECT
       (ARRAY['Dark lane', 'Unlit junction', 'Boda stage', 'Footbridge', 'Taxi stage', 'Market alley',
              'Back road', 'Bus park corner', 'Swamp path', 'Quiet stretch'])[1 + floor(p.a * 10)::int]
         || ' near ' || t.name || ' ' || (ARRAY['market', 'church', 'school', 'stage', 'roundabout', 'mosque',
              'trading centre', 'hospital'])[1 + floor(p.b * 8)::int],
       'Synthetic spot for benchmarks.',
       t.name,
       least(4.3, greatest(-1.6, t.lat + (p.c + random() - 1) * t.spread)),
       least(35.1, greatest(29.5, t.lng + (p.d + random() - 1) * t.spread)),
       (ARRAY['murder', 'mob_action', 'boda_gang', 'robbery', 'stabbing', 'kidnapping', 'other'])[1 + floor(random() * 7)::int],
       1 + floor(random() * 5)::int,
       (ARRAY['day', 'night', 'any'])[1 + floor(random() * 3)::int],
       now() - random() * interval '730 days',
       NULL, 0, 0, true
     FROM picks p
     CROSS JOIN LATERAL (SELECT * FROM towns WHERE towns.upto >= p.r ORDER BY towns.upto LIMIT 1) t`,
    [count],
  );
  await addSyntheticVotes(db, before[0]?.id ?? 0);
}

/**
 * About a fifth of the new spots get one to six votes (seven in ten "still dangerous") from
 * synthetic visitors, and their counts are set from those vote rows, so counts always equal votes.
 */
async function addSyntheticVotes(db: Queryable, afterId: number): Promise<void> {
  await db.query(
    `WITH voted AS (
       SELECT id FROM spots WHERE synthetic AND id > $1 AND random() < 0.2
     ),
     cast_votes AS (
       INSERT INTO votes (spot_id, visitor, value, created_at, updated_at)
       SELECT v.id, 'synthetic-' || md5(v.id || ':' || k), CASE WHEN random() < 0.7 THEN 1 ELSE -1 END, at, at
       FROM voted v
       CROSS JOIN LATERAL generate_series(1, 1 + v.id % 6) k
       CROSS JOIN LATERAL (SELECT now() - (k * 37 % 365) * interval '1 day' AS at) t
       RETURNING spot_id, value, created_at
     )
     UPDATE spots s SET
       confirmations = a.yes, denials = a.no, last_confirmed_at = a.last_yes
     FROM (SELECT spot_id, count(*) FILTER (WHERE value = 1)::int AS yes, count(*) FILTER (WHERE value = -1)::int AS no,
                  max(created_at) FILTER (WHERE value = 1) AS last_yes
           FROM cast_votes GROUP BY spot_id) a
     WHERE s.id = a.spot_id`,
    [afterId],
  );
}

export async function countSyntheticSpots(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM spots WHERE synthetic');
  return rows[0]?.n ?? 0;
}

export async function removeSyntheticSpots(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM spots WHERE synthetic RETURNING 1) SELECT count(*)::int AS n FROM gone',
  );
  return rows[0]?.n ?? 0;
}

/** Deletes the newest synthetic spots beyond the first `keep`. */
export async function trimSyntheticSpots(db: Queryable, keep: number): Promise<void> {
  if (keep < 1) {
    await removeSyntheticSpots(db);
    return;
  }
  await db.query(
    `DELETE FROM spots WHERE synthetic AND id > (
       SELECT id FROM spots WHERE synthetic ORDER BY id OFFSET $1::int - 1 LIMIT 1)`,
    [keep],
  );
}

/**
 * Spots a statement adds: a batch must end well inside the statement timeout (db/pg.ts, 15 s). At
 * 1,000,000 spots a batch of 50,000 took 13 to 15 s here and failed on a busy machine.
 */
const BATCH = 20_000;

/** Makes the synthetic spots exactly `total`: trims the newest, or adds in batches with progress. */
export async function ensureSyntheticSpots(
  db: Queryable,
  total: number,
  say: (s: string) => void = () => {},
) {
  let have = await countSyntheticSpots(db);
  if (have > total) {
    await trimSyntheticSpots(db, total);
    have = total;
  }
  const started = Date.now();
  while (have < total) {
    const n = Math.min(BATCH, total - have);
    await insertSyntheticSpots(db, n);
    have += n;
    say(`  ${have.toLocaleString('en')} synthetic spots (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await db.query('ANALYZE spots');
  return have;
}
