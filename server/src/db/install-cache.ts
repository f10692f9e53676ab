import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../root.ts';

/**
 * Files the embedded database makes once per install from the installed packages (the slim PostGIS
 * bundle, the template of a new data folder), kept where build tools keep theirs:
 * node_modules/.cache/hatari, or the temporary folder where that cannot be written. Each name
 * carries the versions it was made from, so an upgrade makes a new one.
 */
const DIRS = [path.join(ROOT, 'node_modules/.cache/hatari'), tmpdir()];

/** The cached file of this name, if one was made. */
function findCached(name: string): string | undefined {
  return DIRS.map((dir) => path.join(dir, name)).find((file) => existsSync(file));
}

/** The cached file of this name, made now if none was. */
export async function cached(name: string, make: () => Uint8Array | Promise<Uint8Array>): Promise<string> {
  const found = findCached(name);
  if (found) return found;
  const bytes = await make();
  for (const dir of DIRS) {
    const file = path.join(dir, name);
    try {
      mkdirSync(dir, { recursive: true });
      // Written aside and renamed, so a process starting at the same time never reads half of it.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
      return file;
    } catch {
      // Not writable here (a read-only install): the next place.
    }
  }
  throw new Error(`could not write ${name} in ${DIRS.join(' or ')}`);
}

/** The installed version of a package, read from the package.json above its entry point. */
export function packageVersion(specifier: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve(specifier)));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}
