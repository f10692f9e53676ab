/**
 * Builds the web page into dist/web: bundles the map page and the moderator console with esbuild,
 * writes the HTML with hashed asset names, the service worker with its precache list, the manifest
 * and the icons, and prints what the map page costs a phone (gzipped). Over budget fails the build.
 * When no file it was built from has changed since (each input's size and modification time, kept in
 * dist/web/.build-inputs.json), it says so and leaves dist/web as it is: `npm start` and `npm test`
 * run it first, and a start should not wait for a page that is already built.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { writePrecompressed } from '../server/src/page/page-assets.ts';
import { BUILD_RECORD, recordBuild, unchangedBuild } from '../tools/build-inputs.ts';
import { pngIcon } from './png.ts';
import { AREA_HEADER, DATA_CACHE, SAVED_AT_HEADER, SPOT_LIST_URL } from './src/lib/spot-list.ts';

const WEB = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.resolve(WEB, '../dist/web');
/** The issue's budget for the map page: JS + CSS, gzipped. */
const MAP_PAGE_BUDGET = 150 * 1024;

const pages = { app: 'index.html', moderate: 'moderate.html' } as const;
type Entry = keyof typeof pages;

const INPUTS = path.join(OUT, BUILD_RECORD);
const unchanged = unchangedBuild(INPUTS);
if (unchanged) {
  console.log(['web build (dist/web), unchanged since it was built:', ...unchanged.slice(1)].join('\n'));
  process.exit(0);
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

// The worker that solves a new device's challenge (src/lib/pow-worker.ts): a classic worker of its
// own, built first, so the page's bundle can name its hashed file.
const worker = await build({
  entryPoints: { 'pow-worker': path.join(WEB, 'src/lib/pow-worker.ts') },
  outdir: path.join(OUT, 'assets'),
  entryNames: '[name]-[hash]',
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2020',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const workerFile = `/assets/${path.basename(Object.keys(worker.metafile.outputs)[0] as string)}`;

const result = await build({
  entryPoints: { app: path.join(WEB, 'src/map/main.tsx'), moderate: path.join(WEB, 'src/moderate/main.tsx') },
  outdir: path.join(OUT, 'assets'),
  publicPath: '/assets',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  // ES2020 runs on Chrome 80+ (the Android WebView of old phones) and Safari 14+.
  target: 'es2020',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  loader: { '.png': 'file', '.svg': 'file' },
  define: { 'process.env.NODE_ENV': '"production"', __POW_WORKER_URL__: JSON.stringify(workerFile) },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

/**
 * The files a page loads at start: its entry, the chunks it imports statically, and its CSS; with
 * `lazy`, also the chunks it imports later (the vector basemap's), which the service worker keeps
 * but the page's budget does not count.
 */
function pageFiles(metafile: Metafile, entry: Entry, lazy = false): string[] {
  const outputs = metafile.outputs;
  const entryOut = Object.keys(outputs).find((o) =>
    outputs[o]?.entryPoint?.includes(`src/${entry === 'app' ? 'map' : 'moderate'}/main.tsx`),
  );
  if (!entryOut) throw new Error(`no output for ${entry}`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imp of outputs[file]?.imports ?? [])
      if (imp.kind === 'import-statement' || (lazy && imp.kind === 'dynamic-import')) visit(imp.path);
  };
  visit(entryOut);
  const css = outputs[entryOut]?.cssBundle;
  if (css) files.add(css);
  return [...files].map((f) => `/${path.relative(OUT, path.resolve(f))}`);
}

const gz = (urlPath: string) => gzipSync(readFileSync(path.join(OUT, urlPath)), { level: 9 }).length;

function writePage(entry: Entry): string[] {
  const files = pageFiles(result.metafile, entry);
  const js = files.filter((f) => f.endsWith('.js'));
  const tags = [
    ...files.filter((f) => f.endsWith('.css')).map((f) => `<link rel="stylesheet" href="${f}">`),
    ...js.slice(1).map((f) => `<link rel="modulepreload" href="${f}">`),
    `<script type="module" src="${js[0]}"></script>`,
  ].join('\n');
  const html = readFileSync(path.join(WEB, pages[entry]), 'utf8').replace('<!-- assets -->', tags);
  writeFileSync(path.join(OUT, pages[entry]), html);
  return files;
}

const appFiles = writePage('app');
const moderateFiles = writePage('moderate');

copyFileSync(path.join(WEB, 'public/manifest.webmanifest'), path.join(OUT, 'manifest.webmanifest'));
copyFileSync(path.join(WEB, 'public/icon.svg'), path.join(OUT, 'icon.svg'));
for (const size of [192, 512]) writeFileSync(path.join(OUT, `icon-${size}.png`), pngIcon(size));

// The service worker precaches the map page's shell; its version changes whenever any file does.
const shell = [
  '/',
  ...new Set([...appFiles, ...pageFiles(result.metafile, 'app', true)]),
  '/manifest.webmanifest',
  '/icon.svg',
  '/icon-192.png',
];
const version = createHash('sha256')
  .update(
    shell
      .slice(1)
      .map((f) => readFileSync(path.join(OUT, f)))
      .join('\n'),
  )
  .update(readFileSync(path.join(WEB, 'index.html')))
  .digest('hex')
  .slice(0, 12);
const sw = readFileSync(path.join(WEB, 'public/sw.js'), 'utf8')
  .replace('__VERSION__', version)
  .replace('__SHELL__', JSON.stringify(shell))
  .replace('__SPOT_LIST__', SPOT_LIST_URL)
  .replace('__DATA_CACHE__', DATA_CACHE)
  .replace('__SAVED_AT__', SAVED_AT_HEADER)
  .replace('__AREA_HEADER__', AREA_HEADER);
writeFileSync(path.join(OUT, 'sw.js'), sw);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const report = (name: string, files: string[]) => {
  let total = 0;
  for (const f of files.filter((x) => x.endsWith('.js') || x.endsWith('.css'))) {
    const size = gz(f);
    total += size;
    print(`  ${f.padEnd(40)} ${kb(size).padStart(9)} gzipped`);
  }
  print(`  ${`${name} JS + CSS`.padEnd(40)} ${kb(total).padStart(9)} gzipped`);
  return total;
};
const printed: string[] = [];
const print = (line: string) => {
  printed.push(line);
  console.log(line);
};
print('web build (dist/web):');
const mapTotal = report('map page', appFiles);
report('moderator console', moderateFiles);
print(`map page budget: ${kb(mapTotal)} of ${kb(MAP_PAGE_BUDGET)} gzipped`);
if (mapTotal > MAP_PAGE_BUDGET) {
  console.error('The map page is over its budget of 150 KB gzipped (JS + CSS).');
  process.exit(1);
}
writePrecompressed(OUT);

// What the page was built from: the bundles' inputs (sources and packages), and the rest of web/.
const besidesBundles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'test'
        ? []
        : besidesBundles(path.join(dir, e.name))
      : [path.join(dir, e.name)],
  );
const inputs = [
  ...Object.keys(result.metafile.inputs).map((f) => path.resolve(f)),
  ...Object.keys(worker.metafile.inputs).map((f) => path.resolve(f)),
  ...besidesBundles(WEB),
  fileURLToPath(import.meta.resolve('esbuild')),
  // How the built files are compressed (writePrecompressed).
  fileURLToPath(import.meta.resolve('../server/src/page/page-assets.ts')),
];
recordBuild(INPUTS, inputs, printed);
