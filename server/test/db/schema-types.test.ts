import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { querySnapshots, recordedStatements, unpreparable } from '../../../tools/db-types/query-snapshots.ts';
import { SCHEMA_TYPES_FILE, schemaTypesOf } from '../../../tools/db-types/schema-types.ts';
import { createTestDatabase, type TestDatabase } from '../test-db.ts';

const committed = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

describe('typed statements', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.drop());

  test('the schema types are what the migrations make, on this database as on the embedded one', async () => {
    // Stale types let a statement compile against a column the migrations renamed or dropped.
    assert.ok(
      (await schemaTypesOf(t.db)) === committed(SCHEMA_TYPES_FILE),
      `${SCHEMA_TYPES_FILE} is stale: run npm run db:types`,
    );
  });

  test('each statement snapshot is what its module sends now', async () => {
    for (const [file, text] of await querySnapshots())
      assert.ok(committed(file) === text, `${file} is stale: run npm run db:types`);
  });

  test('every snapshotted statement is valid against the migrated schema (its raw fragments too)', async () => {
    assert.ok((await recordedStatements()).length >= 100, 'the modules’ statements are recorded');
    assert.deepEqual(await t.db.transaction((tx) => unpreparable(tx)), []);
  });
});
