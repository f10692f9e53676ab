import type { Spot } from '../../../common/api.ts';

/**
 * A spot as the database gives it, and the public Spot made of it: the one row shape every
 * feature's SQL selects spots in (spots' public module for other features' queries).
 */
/** The public Spot fields, in the order of the API's answers (docs/api.md). */
export const SPOT_COLUMNS = `s.id, s.title, s.description, s.lat, s.lng, s.area, s.category, s.severity,
  s.time_of_day, s.incident_date::text AS incident_date, s.source_url, s.created_at, s.last_confirmed_at,
  s.confirmations, s.denials, s.status, s.moderator_verified, s.seeded, s.confidence,
  s.publication = 'archived' AS archived`;

/**
 * When a spot was last confirmed, else reported (a seeded spot: its incident): common/confidence.ts's
 * lastWordOn in SQL, on alias `s`.
 */
export const LAST_WORD = `coalesce(s.last_confirmed_at, CASE WHEN s.seeded THEN s.incident_date::timestamptz END, s.created_at)`;

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds), over the caller's SQL. */
export const isoSql = (ts: string) => `to_char(${ts} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Each public field's value on alias `s`, in the order of the API's answers (as toSpot writes them). */
const SPOT_JSON_FIELDS: { [K in keyof Spot]: string } = {
  id: 's.id',
  title: 's.title',
  description: 's.description',
  lat: 's.lat',
  lng: 's.lng',
  area: 's.area',
  category: 's.category',
  severity: 's.severity',
  time_of_day: 's.time_of_day',
  incident_date: 's.incident_date::text',
  source_url: 's.source_url',
  created_at: isoSql('s.created_at'),
  last_confirmed_at: isoSql('s.last_confirmed_at'),
  confirmations: 's.confirmations',
  denials: 's.denials',
  status: 's.status',
  moderator_verified: 's.moderator_verified',
  seeded: 's.seeded',
  confidence: 's.confidence',
  archived: "s.publication = 'archived'",
};

/**
 * The public Spot on alias `s` as JSON text, byte for byte what JSON.stringify(toSpot(row)) writes:
 * for a database function that answers a spot and hands the same text to partners (spots/report.sql.ts).
 */
export const SPOT_JSON = `'{' || ${Object.entries(SPOT_JSON_FIELDS)
  .map(([key, value]) => `'"${key}":' || coalesce(to_json(${value})::text, 'null')`)
  .join(" || ',' || ")} || '}'`;

export interface SpotRow extends Omit<Spot, 'created_at' | 'last_confirmed_at'> {
  created_at: Date | string;
  last_confirmed_at: Date | string | null;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function toSpot(row: SpotRow): Spot {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    lat: row.lat,
    lng: row.lng,
    area: row.area,
    category: row.category,
    severity: row.severity,
    time_of_day: row.time_of_day,
    incident_date: row.incident_date,
    source_url: row.source_url,
    created_at: iso(row.created_at),
    last_confirmed_at: row.last_confirmed_at === null ? null : iso(row.last_confirmed_at),
    confirmations: row.confirmations,
    denials: row.denials,
    status: row.status,
    moderator_verified: row.moderator_verified,
    seeded: row.seeded,
    confidence: Number(row.confidence),
    archived: row.archived,
  };
}

export type Publication = 'approved' | 'pending' | 'rejected' | 'archived';
