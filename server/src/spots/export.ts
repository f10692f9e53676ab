import { Readable } from 'node:stream';
import { type Spot, type SpotFeature, spotSchema } from '../../../common/api.ts';
import type { Queryable } from '../db/db.ts';
import { type PublicSpotConditions, publicSpotsInIdOrder } from './spots.sql.ts';

/** The licence the open data is published under (also in docs/api.md and the OpenAPI document). */
export const DATA_LICENCE = {
  name: 'Open Database License (ODbL) 1.0',
  url: 'https://opendatacommons.org/licenses/odbl/1-0/',
  attribution: 'Hatari contributors',
};

/** Rows per query: memory stays bounded by one batch, whatever the number of spots. */
const BATCH = 2000;

/**
 * Public spots matching the filters, archived ones too (`archived: true`), in id order, fetched a
 * batch at a time (keyset on id).
 */
async function* publicSpotBatches(db: Queryable, f: PublicSpotConditions): AsyncGenerator<Spot[]> {
  for (let after = 0; ; ) {
    const rows = await publicSpotsInIdOrder(db, { ...f, includeArchived: true }, { after, limit: BATCH });
    if (rows.length === 0) return;
    yield rows;
    after = (rows[rows.length - 1] as Spot).id;
    if (rows.length < BATCH) return;
  }
}

/** Every Spot field but the coordinates (the geometry holds them), in the schema's order. */
const PROPERTIES = (Object.keys(spotSchema.shape) as (keyof Spot)[]).filter(
  (k) => k !== 'lat' && k !== 'lng',
);

/** A spot as a GeoJSON Point feature (RFC 7946): its id, its place, its other fields as properties. */
export function spotFeature(spot: Spot): SpotFeature {
  return {
    type: 'Feature',
    id: spot.id,
    geometry: { type: 'Point', coordinates: [spot.lng, spot.lat] },
    properties: Object.fromEntries(PROPERTIES.map((k) => [k, spot[k]])) as SpotFeature['properties'],
  };
}

/** A GeoJSON FeatureCollection (RFC 7946), written feature by feature. */
function geojsonStream(db: Queryable, f: PublicSpotConditions): Readable {
  return Readable.from(
    (async function* () {
      yield `{"type":"FeatureCollection","licence":${JSON.stringify(DATA_LICENCE)},"features":[`;
      let first = true;
      for await (const batch of publicSpotBatches(db, f)) {
        const features = batch.map((spot) => JSON.stringify(spotFeature(spot)));
        yield (first ? '' : ',') + features.join(',');
        first = false;
      }
      yield ']}\n';
    })(),
  );
}

/**
 * A cell as CSV (RFC 4180) that a spreadsheet will not run: text starting with =, +, - or @ (a
 * formula) gets a leading apostrophe, as OWASP advises against CSV injection.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvStream(db: Queryable, f: PublicSpotConditions): Readable {
  const columns: (keyof Spot)[] = ['id', 'lat', 'lng', ...PROPERTIES.filter((k) => k !== 'id')];
  return Readable.from(
    (async function* () {
      yield `${columns.join(',')}\r\n`;
      for await (const batch of publicSpotBatches(db, f)) {
        yield batch.map((spot) => `${columns.map((c) => csvCell(spot[c])).join(',')}\r\n`).join('');
      }
    })(),
  );
}

/** The open-data formats and what writes each. */
export const EXPORT_WRITERS = { geojson: geojsonStream, csv: csvStream } as const;
export type ExportFormat = keyof typeof EXPORT_WRITERS;
export const EXPORT_FORMATS = Object.keys(EXPORT_WRITERS) as ExportFormat[];
