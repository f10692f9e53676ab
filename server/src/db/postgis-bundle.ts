import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Extension, postgresMod } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { parseTar } from 'nanotar';
import { type CachedFile, cachedFolder, packageVersion } from './install-cache.ts';

/**
 * PostGIS for the embedded database, without the parts the map never loads, and with its data
 * files read from disk.
 *
 * The packaged bundle (91 MB unpacked) holds three libraries, PostGIS itself, raster and topology,
 * 16 MB of WebAssembly each, and every upgrade script since PostGIS 2.0. PGlite unpacks the whole
 * bundle into its in-memory file system and compiles every library in it on each start, although
 * only `CREATE EXTENSION postgis` is ever run. The slim bundle keeps PostGIS's library, its install
 * script and control file, and PROJ's data: 34 MB unpacked, one library compiled. Measured here, an
 * embedded database opened from a migrated copy in 1.3 s instead of 2.3 s (CPU 1.8 s instead of
 * 3.2 s) and its process held 700 MB instead of 1,060 MB.
 *
 * PGlite would unpack the slim bundle into its in-memory file system and keep all of it there,
 * beside the compiled library, after copies made while unpacking: a script opening a migrated
 * folder held 393 MB of RSS that way, 273 MB now. The slim bundle is instead unpacked once per
 * install into a folder, which the database mounts from disk (Emscripten's NODEFS): PostgreSQL
 * reads the install script only when the extension is created, PROJ its database when a geography
 * is first transformed, and the library is compiled as the database opens, from the file.
 */
const KEEP = [
  /^lib\/postgresql\/postgis-3\.so$/,
  /^share\/postgresql\/extension\/postgis(\.control|--\d+\.\d+\.\d+\.sql)$/,
  /^share\/proj\//,
];

/** The packaged bundle's files the map uses, by their paths in the bundle. */
export function slimPostgis(packaged: Uint8Array): CachedFile[] {
  return parseTar(gunzipSync(packaged))
    .filter((entry) => entry.type === 'file' && KEEP.some((re) => re.test(entry.name)))
    .map(({ name, data }) => ({ name, data: data ?? new Uint8Array(0) }));
}

/** The folder's name: the package's version and what is kept, so an upgrade makes a new one. */
export function postgisFilesName(): string {
  const key = createHash('sha256')
    .update(`${packageVersion('@electric-sql/pglite-postgis')}:${KEEP.join(',')}:files`)
    .digest('hex')
    .slice(0, 12);
  return `postgis-${packageVersion('@electric-sql/pglite-postgis')}-${key}`;
}

/** Where the files on disk appear inside the database's file system. */
const MOUNT = '/postgis-files';

/** PostgreSQL's folders of libraries and of extension files, under the bundle's root and PGlite's. */
const LIBRARY_DIR = 'lib/postgresql';
const EXTENSION_DIR = 'share/postgresql/extension';

/** The PostGIS extension for PGlite, its files read from disk. */
export const slimPostgisExtension: Extension = {
  name: 'postgis',
  setup: async (pg, emscriptenOpts) => {
    const packaged = await postgis.setup(pg, emscriptenOpts);
    if (!packaged.bundlePath) throw new Error('the PostGIS package names no bundle');
    const packagedPath = fileURLToPath(packaged.bundlePath);
    const folder = await cachedFolder(postgisFilesName(), () => slimPostgis(readFileSync(packagedPath)));
    const linked = [LIBRARY_DIR, EXTENSION_DIR].flatMap((dir) =>
      readdirSync(path.join(folder, dir)).map((file) => `${dir}/${file}`),
    );
    const libraries = linked.filter((file) => file.endsWith('.so'));
    const opts = packaged.emscriptenOpts ?? emscriptenOpts;
    // No bundle: PGlite has nothing of PostGIS to unpack.
    return {
      emscriptenOpts: {
        ...opts,
        // PROJ looks for its database where this says (the package pointed it into the bundle).
        PGLITE_ENV: { ...opts.PGLITE_ENV, PROJ_DATA: `${MOUNT}/share/proj` },
        preRun: [
          ...(opts.preRun ?? []),
          ({ FS, WASM_PREFIX }: postgresMod.PostgresMod) => {
            FS.mkdir(MOUNT);
            FS.mount(FS.filesystems.NODEFS, { root: folder }, MOUNT);
            // PostgreSQL looks for the library, control file and install script beside its own.
            for (const file of linked) {
              FS.mkdirTree(path.posix.dirname(`${WASM_PREFIX}/${file}`));
              FS.symlink(`${MOUNT}/${file}`, `${WASM_PREFIX}/${file}`);
            }
            // Compiled now (the runtime starts once it is), under the name PostgreSQL opens it by,
            // from the file read once; nothing of it goes into the in-memory file system. Were this
            // to fail, PostgreSQL's first use would compile it then, through the link.
            for (const file of libraries) {
              const [dir, name] = [path.posix.dirname(file), path.posix.basename(file)];
              FS.createPreloadedFile(
                `${WASM_PREFIX}/${dir}`,
                name,
                readFileSync(path.join(folder, file)),
                true,
                true,
                undefined,
                undefined,
                true,
              );
            }
          },
        ],
      },
    };
  },
};
