import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../root.ts';

/**
 * Files the embedded database makes once per install from the installed packages (the slim PostGIS
 * bundle and its files, the template of a new data folder), kept where build tools keep theirs:
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
  return keep(name, (partial) => writeFileSync(partial, bytes));
}

/** A file of a cached folder: its path in the folder and its bytes. */
export interface CachedFile {
  name: string;
  data: Uint8Array;
}

/** The cached folder of this name, made now from these files if none was. */
export async function cachedFolder(
  name: string,
  make: () => CachedFile[] | Promise<CachedFile[]>,
): Promise<string> {
  const found = findCached(name);
  if (found) return found;
  const files = await make();
  return keep(name, (partial) => {
    for (const file of files) {
      const target = path.join(partial, file.name);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, file.data);
    }
  });
}

/**
 * Writes a cached file or folder in the first place that takes it: aside, then renamed, so a
 * process starting at the same time never reads half of it.
 */
function keep(name: string, write: (partial: string) => void): string {
  for (const dir of DIRS) {
    const file = path.join(dir, name);
    const partial = `${file}.${process.pid}`;
    try {
      mkdirSync(dir, { recursive: true });
      write(partial);
      renameSync(partial, file);
      return file;
    } catch {
      rmSync(partial, { recursive: true, force: true });
      // Made by another process at the same time (theirs is as good), or not writable here.
      if (existsSync(file)) return file;
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
