import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createFreshDatabase, report, TEST_REDIS_URL } from './helpers.ts';
import { freePort, startServer, stop, waitFor } from './processes.ts';

const NGINX = '/usr/sbin/nginx';
const PROXY_SNIPPET = path.resolve('deploy/nginx/hatari-proxy.conf');
const skip = !existsSync(NGINX)
  ? 'needs nginx (Debian package nginx)'
  : TEST_REDIS_URL
    ? false
    : 'needs TEST_REDIS_URL (Redis)';
if (process.env.CI && skip) throw new Error(`CI must run the proxy test: ${skip}`);

/** nginx in front of the given app ports, with the project's own proxy snippet. */
async function startNginx(appPorts: number[]): Promise<{ url: string; proc: ChildProcess; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hatari-nginx-'));
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream hatari { ${appPorts.map((p) => `server 127.0.0.1:${p};`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    location / { include ${PROXY_SNIPPET}; proxy_pass http://hatari; }
  }
}
`,
  );
  const proc = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/api/health`)).ok, 15_000, 'nginx');
  return { url, proc, dir };
}

describe('behind nginx, two instances on one PostgreSQL and one Redis', { skip }, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it('hold per-visitor limits across both instances, and a spoofed X-Forwarded-For buys nothing', async () => {
    const fresh = await createFreshDatabase();
    cleanups.push(fresh.dropDatabase);
    const env = { DATABASE_URL: fresh.url, REDIS_URL: TEST_REDIS_URL as string, TRUST_PROXY: '127.0.0.1' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    cleanups.push(
      () => stop(a.proc),
      () => stop(b.proc),
    );
    const ports = [a.url, b.url].map((u) => Number(new URL(u).port));
    const nginx = await startNginx(ports);
    cleanups.push(async () => {
      await stop(nginx.proc);
      rmSync(nginx.dir, { recursive: true, force: true });
    });

    const postVia = (ua: string, spoof: string) =>
      fetch(`${nginx.url}/api/spots`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': ua, 'x-forwarded-for': spoof },
        body: JSON.stringify(report()),
      });
    // Round robin spreads these over both instances; each claims to come from somewhere else.
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await postVia('phone-behind-proxy', `192.0.2.${i}`)).status);
    assert.deepEqual(statuses, [201, 201, 201, 201, 201, 429]);

    // Round robin gave each instance about half; with one instance gone, the other still refuses:
    // it counts what the stopped one admitted, because the counters are shared through Redis.
    await stop(a.proc);
    assert.equal((await postVia('phone-behind-proxy', '192.0.2.50')).status, 429);

    // Another phone on the same network still has its own quota.
    assert.equal((await postVia('another-phone', '192.0.2.99')).status, 201);
  });
});
