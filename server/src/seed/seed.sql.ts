import type { Queryable } from '../db/db.ts';
import type { SeedSpot } from './seed.schema.ts';

/**
 * A sourced seed spot: public, confirmed by three confirmations. The three votes are stored as rows
 * (visitor `seed-N`) so vote counts always equal vote rows.
 */
export async function insertSeedSpot(tx: Queryable, s: SeedSpot, confirmations: number): Promise<void> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO spots (seed_key, title, description, area, lat, lng, category, severity, time_of_day,
       incident_date, source_url, confirmations, denials, last_confirmed_at, seeded, publication)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, now(), true, 'approved')
     ON CONFLICT (seed_key) DO NOTHING RETURNING id`,
    [
      s.key,
      s.title,
      s.description,
      s.area,
      s.lat,
      s.lng,
      s.category,
      s.severity,
      s.time_of_day,
      s.incident_date,
      s.source_url,
      confirmations,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) return;
  await tx.query(
    `INSERT INTO votes (spot_id, visitor, value) SELECT $1, 'seed-' || n, 1 FROM generate_series(1, $2::int) n`,
    [id, confirmations],
  );
}
