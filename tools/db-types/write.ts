import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { QUERIES_DIR, querySnapshots } from './query-snapshots.ts';
import { SCHEMA_TYPES_FILE, schemaTypes } from './schema-types.ts';

/**
 * `npm run db:types`: writes the schema's types from the migrations, and the snapshots of the
 * typed statements. With `--check` (the type check runs it first) it writes nothing, and fails when
 * a committed file is not what the migrations and the statements make now. Either way it fails when
 * the migrated schema refuses a recorded statement (a raw one naming a renamed column, say).
 */
const root = new URL('../../', import.meta.url);
const files = await querySnapshots();
const { types, refused } = await schemaTypes();
files.set(SCHEMA_TYPES_FILE, types);
const check = process.argv.includes('--check');
const kept = readdirSync(new URL(QUERIES_DIR, root)).map((f) => `${QUERIES_DIR}/${f}`);
const stale = [
  ...[...files].filter(([file, text]) => readText(file) !== text).map(([file]) => file),
  ...kept.filter((file) => !files.has(file)),
];
function readText(file: string): string | undefined {
  try {
    return readFileSync(new URL(file, root), 'utf8');
  } catch {
    return undefined;
  }
}
if (refused.length) {
  console.error(`statements the migrated schema refuses:\n${refused.join('\n')}`);
  process.exit(1);
}
if (check) {
  if (stale.length) {
    console.error(
      `not what the migrations and statements make now: ${stale.join(', ')}. Run npm run db:types`,
    );
    process.exit(1);
  }
} else {
  mkdirSync(new URL(QUERIES_DIR, root), { recursive: true });
  for (const file of stale) {
    const text = files.get(file);
    if (text === undefined) rmSync(new URL(file, root));
    else writeFileSync(new URL(file, root), text);
  }
  console.log(stale.length ? `wrote ${stale.join(', ')}` : 'all up to date');
}
