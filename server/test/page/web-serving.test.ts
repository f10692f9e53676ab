import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlib } from 'node:zlib';
import { pageRegion, UGANDA } from '../../../common/region.ts';
import { BUILD_RECORD } from '../../../tools/build-inputs.ts';
import { ConfigError } from '../../src/config.ts';
import { tileSource } from '../../src/http/security-headers.ts';
import { loadWebAssets, writePrecompressed } from '../../src/page/page-assets.ts';
import { channelEnv } from '../fake-gateway.ts';
import { startTestApp, type TestApp, testConfig } from '../test-app.ts';

const built = existsSync(new URL('../../../dist/web/index.html', import.meta.url));

describe('serving the web page', { skip: built ? false : 'the page is not built (npm run build)' }, () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({
      env: {
        TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        TILE_ATTRIBUTION: 'Tiles <b>Example</b>',
      },
    });
  });
  after(() => t.close());

  test('the map page carries the tile settings and loads only hashed assets', async () => {
    const res = await t.inject({ url: '/' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    const config = /<meta name="hatari-config" content="([^"]*)">/.exec(res.body)?.[1] ?? '';
    assert.deepEqual(
      JSON.parse(
        config
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, '<')
          .replace(/&amp;/g, '&'),
      ),
      {
        tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        tileAttribution: 'Tiles <b>Example</b>',
        // What the page needs of the region: Uganda's box, home, languages and emergency lines.
        region: pageRegion(UGANDA),
      },
    );
    assert.doesNotMatch(res.body, /<b>Example/, 'the attribution is escaped in the attribute');
    const scripts = [...res.body.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    assert.equal(scripts.length, 1);
    assert.doesNotMatch(res.body, /<script>|\son\w+=/, 'no inline script');
  });

  test("offers the site's SMS number to the page only where SMS commands are taken", async () => {
    const configOf = async (env: Record<string, string>) => {
      const app = await startTestApp({ env });
      try {
        const body = (await app.inject({ url: '/' })).body;
        const config = /<meta name="hatari-config" content="([^"]*)">/.exec(body)?.[1] ?? '';
        return JSON.parse(config.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { sms?: unknown };
      } finally {
        await app.close();
      }
    };
    const sms = { ...channelEnv('http://127.0.0.1:9'), SMS_NUMBER: '6767' };
    assert.deepEqual((await configOf(sms)).sms, { number: '6767' });
    assert.equal((await configOf({ SMS_NUMBER: '6767' })).sms, undefined, 'no number where SMS is off');
    // In production without the gateway's addresses, the channels stay off.
    const closed = { ...sms, NODE_ENV: 'production', PUBLIC_URL: 'https://hatari.example' };
    assert.equal((await configOf(closed)).sms, undefined, 'nor where SMS callbacks are not taken');
  });

  test('hashed assets are immutable, compressed and revalidate with their ETag', async () => {
    const page = await t.inject({ url: '/' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] as string;
    const res = await t.inject({ url: script, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(res.headers['content-type']), /^text\/javascript/);
    const plain = await t.inject({ url: script });
    assert.equal(brotliDecompressSync(res.rawPayload).toString(), plain.body);
    assert.ok(
      res.rawPayload.length < plain.rawPayload.length / 2,
      `brotli keeps under half: ${res.rawPayload.length} of ${plain.rawPayload.length} bytes`,
    );
    const again = await t.inject({ url: script, headers: { 'if-none-match': String(res.headers.etag) } });
    assert.equal(again.statusCode, 304);
  });

  test('the service worker, manifest, icons and moderator console are served', async () => {
    const sw = await t.inject({ url: '/sw.js' });
    assert.equal(sw.statusCode, 200);
    assert.equal(sw.headers['cache-control'], 'no-cache');
    assert.match(sw.body, /const SHELL = \["\/","\/assets\/app-/);
    const manifest = await t.inject({ url: '/manifest.webmanifest' });
    assert.equal(JSON.parse(manifest.body).start_url, '/');
    const icon = await t.inject({ url: '/icon-192.png' });
    assert.equal(icon.headers['content-type'], 'image/png');
    assert.deepEqual([...icon.rawPayload.subarray(1, 4)], [...Buffer.from('PNG')]);
    assert.equal(icon.rawPayload.readUInt32BE(16), 192, 'PNG width');
    const moderate = await t.inject({ url: '/moderate' });
    assert.equal(moderate.statusCode, 200);
    assert.match(moderate.body, /<title>Hatari moderators<\/title>/);
    assert.equal((await t.inject({ url: '/assets/nope.js' })).statusCode, 404);
    // The build's record of its inputs names the build machine's paths: never served.
    assert.equal((await t.inject({ url: `/${BUILD_RECORD}` })).statusCode, 404);
  });

  test('every response carries the security headers, the CSP admitting only the tile servers', async () => {
    for (const url of ['/', '/api/spots', '/api/health', '/api/nope']) {
      const res = await t.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      assert.match(csp, /script-src 'self'(;|$)/, url);
      assert.match(csp, /img-src 'self' data: https:\/\/\*\.tiles\.example\.org(;|$)/, url);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['x-frame-options'], 'DENY');
      assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.match(String(res.headers['permissions-policy']), /geolocation=\(self\)/);
      assert.equal(res.headers['strict-transport-security'], undefined, 'HSTS only over HTTPS');
    }
  });
});

test('the tile source named in the CSP follows TILE_URL', () => {
  assert.equal(
    tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    'https://tile.openstreetmap.org',
  );
  assert.equal(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png'), 'https://*.tile.example.org');
  assert.equal(tileSource('http://127.0.0.1:5502/{z}/{x}/{y}.png'), 'http://127.0.0.1:5502');
  assert.equal(tileSource('https://tiles-{s}.example.org/{z}/{x}/{y}.png'), 'https:');
  assert.equal(tileSource(''), undefined, 'no raster tiles: no source');
});

test('TILE_URL must be an http(s) template with {z}, {x} and {y}', () => {
  assert.equal(testConfig().tileUrl, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  for (const bad of [
    'ftp://tiles.example.org/{z}/{x}/{y}.png',
    'https://tiles.example.org/tile.png',
    'javascript:alert(1)//{z}{x}{y}',
  ])
    assert.throws(() => testConfig({ TILE_URL: bad }), ConfigError, bad);
});

describe('the built page, compressed by the build', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hatari-web-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const script = `console.log(${JSON.stringify('a place on the map '.repeat(200))});`;

  test('is sent as the build compressed it, never compressed again, and its copies are not pages', async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), `<html>${'<p>the map</p>'.repeat(200)}</html>`);
    writeFileSync(path.join(dir, 'assets/app-1.js'), script);
    writePrecompressed(dir);
    assert.ok(existsSync(path.join(dir, 'assets/app-1.js.gz')), 'gzip beside the script');
    assert.ok(!existsSync(path.join(dir, 'index.html.br')), 'the HTML gets its settings when sent');
    assert.equal(gunzipSync(readFileSync(path.join(dir, 'assets/app-1.js.gz'))).toString(), script);
    // Quality 1 is not what the server would make (11): what is sent is the file, not a compression.
    const fast = brotliCompressSync(script, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } });
    writeFileSync(path.join(dir, 'assets/app-1.js.br'), fast);
    writeFileSync(path.join(dir, BUILD_RECORD), '{"files":{"/home/builder/hatari/web/src/main.tsx":"1:2"}}');
    const assets = loadWebAssets(dir, {} as Parameters<typeof loadWebAssets>[1]);
    assert.deepEqual([...(assets?.keys() ?? [])].sort(), ['/assets/app-1.js', '/index.html']);
    assert.deepEqual(await assets?.get('/assets/app-1.js')?.br, fast);
    assert.equal(assets?.get('/index.html')?.br, undefined, 'the HTML is compressed when first sent');
  });
});
