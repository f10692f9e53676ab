import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Extension } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { createTar, parseTar } from 'nanotar';
import { cached, packageVersion } from './install-cache.ts';

/**
 * PostGIS for the embedded database, without the parts the map never loads.
 *
 * The packaged bundle (91 MB unpacked) holds three libraries, PostGIS itself, raster and topology,
 * 16 MB of WebAssembly each, and every upgrade script since PostGIS 2.0. PGlite unpacks the whole
 * bundle into its in-memory file system and compiles every library in it on each start, although
 * only `CREATE EXTENSION postgis` is ever run. The slim bundle keeps PostGIS's library, its install
 * script and control file, and PROJ's data: 34 MB unpacked, one library compiled. Measured here, an
 * embedded database opened from a migrated copy in 1.3 s instead of 2.3 s (CPU 1.8 s instead of
 * 3.2 s) and its process held 700 MB instead of 1,060 MB.
 */
const KEEP = [
  /^lib\/postgresql\/postgis-3\.so$/,
  /^share\/postgresql\/extension\/postgis(\.control|--\d+\.\d+\.\d+\.sql)$/,
  /^share\/proj\//,
];

/**
 * The packaged bundle's entries the map uses, as a new tar in gzip's stored form (not compressed):
 * PGlite reads extension bundles only gzipped, and inflating the 34 MB at level 1 took 0.13 s of each
 * start here; it is kept on disk once per install.
 */
export function slimPostgis(bundle: Uint8Array): Uint8Array {
  const kept = parseTar(gunzipSync(bundle)).filter(
    (entry) => entry.type === 'file' && KEEP.some((re) => re.test(entry.name)),
  );
  return gzipSync(createTar(kept.map(({ name, data, attrs }) => ({ name, data, attrs }))), { level: 0 });
}

/** The slim bundle's name: the package's version and what is kept, so an upgrade makes a new one. */
export function postgisBundleName(): string {
  const key = createHash('sha256')
    .update(`${packageVersion('@electric-sql/pglite-postgis')}:${KEEP.join(',')}:stored`)
    .digest('hex')
    .slice(0, 12);
  return `postgis-${packageVersion('@electric-sql/pglite-postgis')}-${key}.tar.gz`;
}

/** The PostGIS extension for PGlite, loading the slim bundle. */
export const slimPostgisExtension: Extension = {
  name: 'postgis',
  setup: async (pg, emscriptenOpts) => {
    const packaged = await postgis.setup(pg, emscriptenOpts);
    if (!packaged.bundlePath) throw new Error('the PostGIS package names no bundle');
    const packagedPath = fileURLToPath(packaged.bundlePath);
    const slim = await cached(postgisBundleName(), () => slimPostgis(readFileSync(packagedPath)));
    return { ...packaged, bundlePath: pathToFileURL(slim) };
  },
};
