import { createReadStream, renameSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { cached, packageVersion } from './install-cache.ts';
import { openPglite } from './pglite-open.ts';

/**
 * What a new data folder starts from: a database in which initdb has run and PostGIS and pg_trgm
 * are created, dumped once per install (`npm install` makes it; the first start does where it was
 * not made). Those two steps are most of a first start in WebAssembly (measured: initdb 5.8 s,
 * `CREATE EXTENSION postgis` 6.6 s, every migration after them 0.2 s); unpacking the dump into the
 * folder takes 1.1 s (fillFromTemplate). The migrations then run as on any start.
 */
export async function embeddedTemplate(): Promise<string> {
  const { postgisFilesName } = await import('./postgis-bundle.ts');
  const name = `pglite-${packageVersion('@electric-sql/pglite')}-${postgisFilesName()}.tar.gz`;
  return cached(name, async () => {
    const pglite = await openPglite(undefined);
    try {
      await pglite.exec('CREATE EXTENSION IF NOT EXISTS postgis; CREATE EXTENSION IF NOT EXISTS pg_trgm;');
      return new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await pglite.close();
    }
  });
}

/**
 * Fills a new (empty) data folder with the template, unpacked from disk as a stream into a folder
 * beside it and then moved into place, so that a folder holds either no database or a whole one.
 * Handed to PGlite instead, the template (65 MB unpacked) passed whole through the database's
 * memory, and the server stayed about 95 MB larger for as long as it ran (422 MB after a first
 * start, against 323–331 MB).
 */
export async function fillFromTemplate(dataDir: string): Promise<void> {
  // The folder is claimed by this process alone: what a start that died left beside it goes first.
  const partial = `${dataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  try {
    await unpackInto(await embeddedTemplate(), partial);
    try {
      renameSync(partial, dataDir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOTEMPTY') throw err;
      throw new Error(
        `The data folder ${dataDir} holds files but no database: move them away (or set DATA_DIR to ` +
          'another folder) and start again.',
      );
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/** Unpacks a packed folder (`.tar.gz`: the template, a backup) into `target`, as a stream. */
export async function unpackInto(tarGz: string, target: string): Promise<void> {
  const { extract } = await import('tar-fs');
  await pipeline(createReadStream(tarGz), createGunzip(), extract(target));
}
