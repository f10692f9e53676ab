import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PageSettings } from '../../../common/page-settings.ts';
import { type EncodedBody, encodedBody } from '../http/encoded-body.ts';

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

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full, base) : [full];
  });
}

function asset(urlPath: string, body: Buffer): EncodedBody {
  const ext = path.extname(urlPath);
  return encodedBody(body, {
    type: TYPES[ext] ?? 'application/octet-stream',
    cacheControl: cacheControl(urlPath),
    text: COMPRESSIBLE.has(ext),
    // Built files never change while the server runs: compress them as small as Brotli can, once.
    brotliQuality: 11,
  });
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
    const urlPath = `/${path.relative(dir, file).split(path.sep).join('/')}`;
    let body = readFileSync(file);
    if (urlPath.endsWith('.html')) {
      body = Buffer.from(
        body.toString('utf8').replace('<meta name="hatari-config" content="{}">', configTag),
      );
    }
    assets.set(urlPath, asset(urlPath, body));
  }
  return assets;
}
