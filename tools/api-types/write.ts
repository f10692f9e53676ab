import { writeFileSync } from 'node:fs';
import { apiDocument } from './document.ts';
import { API_TYPES_FILE, apiTypes } from './to-types.ts';

/**
 * `npm run api:types`: builds the app (on a database it never reaches: the document needs no data),
 * takes its OpenAPI document and writes the page's API types from it.
 */
const types = await apiTypes(await apiDocument());
writeFileSync(new URL(`../../${API_TYPES_FILE}`, import.meta.url), types);
console.log(`wrote ${API_TYPES_FILE} (${types.length} characters)`);
