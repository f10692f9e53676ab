import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { slimPostgis } from '../../src/db/postgis-bundle.ts';

const packaged = readFileSync(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite-postgis')),
    'postgis.tar.gz',
  ),
);

describe('the embedded PostGIS files', () => {
  it('keeps PostGIS, its install script and PROJ, and drops raster, topology and the upgrade scripts', () => {
    const names = slimPostgis(packaged).map((e) => e.name);
    const libraries = names.filter((n) => n.endsWith('.so'));
    assert.deepEqual(libraries, ['lib/postgresql/postgis-3.so']);
    assert.deepEqual(names.filter((n) => n.startsWith('share/postgresql/')).sort(), [
      'share/postgresql/extension/postgis--3.6.2.sql',
      'share/postgresql/extension/postgis.control',
    ]);
    assert.ok(names.includes('share/proj/proj.db'), `PROJ's database kept: ${names.join(', ')}`);
  });
});
