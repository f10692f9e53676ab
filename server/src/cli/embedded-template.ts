/**
 * Run by `npm install` (prepare): makes the template every new embedded data folder starts from
 * (server/src/db/pglite-template.ts), once per installed PGlite and PostGIS, so the first
 * `npm start` does not spend its time creating the database.
 */
import { embeddedTemplate } from '../db/pglite-template.ts';

const started = performance.now();
const file = await embeddedTemplate();
console.log(`embedded database template: ${file} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
