/**
 * Builds the server into dist/server: its entry (server/src/main.ts), the embedded database's
 * worker and the health port's thread, bundled by esbuild into plain JavaScript, the packages left
 * in node_modules. `npm start`, the systemd units and the Docker image run it; the tests and `npm
 * run dev` run the sources.
 * Run as TypeScript, Node strips each module's types at every start with a WebAssembly compiler it
 * loads for that (measured: the app's modules loaded as TypeScript left a process at 132 MB RSS,
 * bundled at 104–107 MB). Like the page's build, it leaves dist/server as it is when none of its
 * inputs changed since it ran.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUILD_RECORD, recordBuild, unchangedBuild } from '../tools/build-inputs.ts';

const SERVER = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(SERVER, '../dist/server');
const INPUTS = path.join(OUT, BUILD_RECORD);

const unchanged = unchangedBuild(INPUTS);
if (unchanged) {
  console.log(`${unchanged[0]}, unchanged since it was built`);
  process.exit(0);
}

rmSync(OUT, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    main: path.join(SERVER, 'src/main.ts'),
    'pglite-worker': path.join(SERVER, 'src/db/pglite-worker.ts'),
    'health-thread': path.join(SERVER, 'src/health/health-thread.ts'),
  },
  outdir: OUT,
  bundle: true,
  // Modules the server loads only when used (the database's drivers, the app behind the start)
  // stay apart, in chunks beside the entry.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node24',
  packages: 'external',
  metafile: true,
  logLevel: 'warning',
});
const report = `server build (dist/server): ${Object.keys(result.metafile.inputs).length} modules`;
console.log(report);
recordBuild(
  INPUTS,
  [
    ...Object.keys(result.metafile.inputs).map((f) => path.resolve(f)),
    fileURLToPath(import.meta.url),
    fileURLToPath(import.meta.resolve('esbuild')),
  ],
  [report],
);
