import { writeFileSync } from 'node:fs';
import { createPgDb } from '../../server/src/db/pg.ts';
import { buildAppOn } from '../../server/test/helpers.ts';
import { API_TYPES_FILE, apiTypes } from './to-types.ts';

/**
 * `npm run api:types`: builds the app (on a database it never reaches: the document needs no data),
 * takes its OpenAPI document and writes the page's API types from it.
 */
const app = await buildAppOn(
  createPgDb({ connectionString: 'postgres://127.0.0.1:9/unused', shares: { reads: 1, writes: 1 } }),
);
try {
  await app.ready();
  const types = await apiTypes(app.swagger());
  writeFileSync(new URL(`../../${API_TYPES_FILE}`, import.meta.url), types);
  console.log(`wrote ${API_TYPES_FILE} (${types.length} characters)`);
} finally {
  await app.close();
}
