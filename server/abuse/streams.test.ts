import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { type RunningServer, rssBytes, startServer, stop } from '../test/processes.ts';
import { TEST_REDIS_URL } from '../test/test-db.ts';
import { freshStorage, report } from './attacks.ts';

/**
 * The live stream (GET /api/events) against the real server behind a trusted proxy: one network
 * holding streams open by the hundred, from every address of its /24 and of its IPv6 /48, gets its
 * share and a 503 past it, while a phone on another network still gets its stream and its events,
 * health stays quick and the server's memory stays bounded.
 */
interface Open {
  status: Promise<number>;
  text: () => string;
  close(): void;
}

function openStream(base: string, address: string, ua: string): Open {
  let text = '';
  const req = http.get(`${base}/api/events`, {
    agent: false,
    headers: { 'x-forwarded-for': address, 'user-agent': ua },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      resolve(res.statusCode ?? 0);
    });
  });
  return { status, text: () => text, close: () => req.destroy() };
}

async function healthP99(base: string, n = 40): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.ceil(n * 0.99) - 1] as number;
}

const figures: Record<string, unknown> = {};

describe('live streams under attack (trusted proxy)', () => {
  let server: RunningServer;
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  before(async () => {
    const storage = await freshStorage();
    cleanups.push(storage.remove);
    const env: Record<string, string> = { LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ...storage.env };
    if (storage.env.DATABASE_URL && TEST_REDIS_URL) env.REDIS_URL = TEST_REDIS_URL;
    server = await startServer(env, process.env.ABUSE_SERVER_DIR);
    cleanups.push(() => stop(server.proc));
  });
  after(async () => {
    for (const clean of cleanups.reverse()) await clean();
    console.log('live-stream attack figures:', JSON.stringify(figures, null, 2));
  });

  for (const [name, address] of [
    ['every address of one IPv4 /24', (i: number) => `41.190.7.${i % 250}`],
    ['every /56 of one IPv6 /48', (i: number) => `2c0f:fe38:12:${(i % 256).toString(16)}00::1`],
  ] as const) {
    it(`${name}: 300 streams held, the rest refused; another network is served and hears a report`, async () => {
      const rssBefore = rssBytes(server.proc.pid as number);
      const flood = Array.from({ length: 400 }, (_, i) => openStream(server.url, address(i), `phone ${i}`));
      const statuses = await Promise.all(flood.map((s) => s.status));
      const held = statuses.filter((s) => s === 200).length;
      const refused = statuses.filter((s) => s === 503).length;
      const health = await healthP99(server.url);
      const other = openStream(server.url, '102.85.20.9', 'another phone');
      const otherStatus = await other.status;
      const posted = await fetch(`${server.url}/api/spots`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '102.85.30.4' },
        body: JSON.stringify(report({ title: `Heard while ${name} floods` })),
      });
      assert.equal(posted.status, 201, await posted.text());
      for (let i = 0; i < 100 && !other.text().includes('Heard while'); i++)
        await new Promise((r) => setTimeout(r, 50));
      const grewMb = (rssBytes(server.proc.pid as number) - rssBefore) / 1048576;
      figures[name] = {
        sent: 400,
        held,
        refused,
        healthP99Ms: Math.round(health),
        rssGrowthMb: Math.round(grewMb),
      };
      for (const s of [...flood, other]) s.close();
      assert.equal(held, 300, `held ${held}`);
      assert.equal(refused, 100, `refused ${refused}`);
      assert.equal(otherStatus, 200, 'another network still gets a stream');
      assert.ok(
        other.text().includes('Heard while'),
        `the other phone hears the report: ${other.text().slice(0, 200)}`,
      );
      assert.ok(health < 200, `health p99 ${health} ms while 300 streams are open`);
      assert.ok(grewMb < 60, `RSS grew ${grewMb} MB for 300 streams`);
    });
  }
});
