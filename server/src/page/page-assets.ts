import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { PageSettings } from '../../../common/page-settings.ts';
import { type EncodedBody, encodedBody, GZIP_LEVEL } from '../http/encoded-body.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.webmanifest']);

/** Hashed assets never change; everything else is revalidated so a new release shows at once. */
function cacheControl(urlPath: string) {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.png') || urlPath.endsWith('.svg')) return 'public, max-age=86400';
  return 'no-cache';
}

/** The built files, hidden ones (a build's own records) left out: they are never served. */
function walk(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full, base) : [full];
  });
}

/** Built files never change while the server runs: compressed as small as Brotli and gzip make them. */
const BROTLI_QUALITY = 11;

function asset(urlPath: string, body: Buffer): EncodedBody {
  const ext = path.extname(urlPath);
  return encodedBody(body, {
    type: TYPES[ext] ?? 'application/octet-stream',
    cacheControl: cacheControl(urlPath),
    text: COMPRESSIBLE.has(ext),
    brotliQuality: BROTLI_QUALITY,
  });
}

/** The HTML is sent with the page's settings written in (loadWebAssets): compressed as it is sent. */
const precompressed = (file: string) => COMPRESSIBLE.has(path.extname(file)) && !file.endsWith('.html');
const PRECOMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Writes each built file the server sends compressed in its two encodings beside it (`app-….js.br`,
 * `app-….js.gz`), at the qualities the server would use: `npm run build` compresses them once, and
 * no server does it again at its start or for its first visitors (Brotli at quality 11 takes about
 * 1.1 s of CPU for the page's 690 KB of scripts and styles, which every instance, and every test
 * app, paid before).
 */
export function writePrecompressed(dir: string): void {
  for (const file of walk(dir).filter(precompressed)) {
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: GZIP_LEVEL }));
  }
}

/** A built file's encodings written by writePrecompressed, where the build wrote them. */
function withPrecompressed(file: string, entry: EncodedBody): EncodedBody {
  if (!entry.compressible || !precompressed(file)) return entry;
  if (existsSync(`${file}.br`)) entry.br = Promise.resolve(readFileSync(`${file}.br`));
  if (existsSync(`${file}.gz`)) entry.gzip = Promise.resolve(readFileSync(`${file}.gz`));
  return entry;
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Reads the built page (dist/web) into memory, writing the page's settings into its HTML.
 * Undefined when the page has not been built.
 */
export function loadWebAssets(dir: string, pageConfig: PageSettings): Map<string, EncodedBody> | undefined {
  if (!existsSync(path.join(dir, 'index.html'))) return undefined;
  const configTag = `<meta name="hatari-config" content="${escapeAttribute(JSON.stringify(pageConfig))}">`;
  const assets = new Map<string, EncodedBody>();
  for (const file of walk(dir)) {
    if (PRECOMPRESSED_COPY.test(file)) continue;
    const urlPath = `/${path.relative(dir, file).split(path.sep).join('/')}`;
    let body = readFileSync(file);
    if (urlPath.endsWith('.html')) {
      body = Buffer.from(
        body.toString('utf8').replace('<meta name="hatari-config" content="{}">', configTag),
      );
    }
    assets.set(urlPath, withPrecompressed(file, asset(urlPath, body)));
  }
  return assets;
}
