import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { CONNECTION_LIMITS } from '../src/app.ts';

import { type RunningServer, startServer, stop } from '../test/processes.ts';
import { freshStorage } from './attacks.ts';

/**
 * Slow clients against the real server: a body sent a byte at a time, headers sent a byte at a
 * time, and a shutdown while such a client is still connected. None may hold a connection (or the
 * process) open for long.
 */
interface Trickle {
  closedAfterMs: Promise<number>;
  answer: () => string;
  stop(): void;
}

/** Opens a connection, writes `head`, then one byte of `rest` every `everyMs` until closed. */
function trickle(port: number, head: string, rest: string, everyMs: number): Trickle {
  const started = performance.now();
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  let i = 0;
  const timer = setInterval(() => {
    if (i < rest.length && !socket.destroyed) socket.write(rest[i++] as string);
  }, everyMs);
  socket.on('connect', () => socket.write(head));
  socket.on('data', (d) => {
    text += d.toString();
  });
  socket.on('error', () => {});
  const closedAfterMs = new Promise<number>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve(performance.now() - started);
    }),
  );
  return { closedAfterMs, answer: () => text, stop: () => socket.destroy() };
}

describe('slow clients', () => {
  let server: RunningServer;
  let port: number;
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  before(async () => {
    const env: Record<string, string> = { LOG_LEVEL: 'warn' };
    const storage = await freshStorage();
    cleanups.push(storage.remove);
    Object.assign(env, storage.env);
    server = await startServer(env, process.env.ABUSE_SERVER_DIR);
    cleanups.push(() => stop(server.proc));
    port = Number(new URL(server.url).port);
  });
  after(async () => {
    for (const clean of cleanups.reverse()) await clean();
  });

  it('cuts off bodies and headers sent a byte at a time, while health stays fast', async () => {
    const body = `{"title":"${'x'.repeat(150)}"}`;
    const bodies = Array.from({ length: 5 }, () =>
      trickle(
        port,
        `POST /api/spots HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
        2_000,
      ),
    );
    const headers = trickle(
      port,
      'GET /api/spots HTTP/1.1\r\nHost: x\r\n',
      'X-Slow: '.padEnd(200, 'y'),
      2_000,
    );
    const started = performance.now();
    const health = await fetch(`${server.url}/api/health`);
    assert.equal(health.status, 200);
    assert.ok(performance.now() - started < 2_000, 'health answers at once');

    const headersClosed = await headers.closedAfterMs;
    assert.ok(
      headersClosed < CONNECTION_LIMITS.headersTimeoutMs + 3_000,
      `headers cut after ${headersClosed} ms`,
    );
    const closed = await Promise.all(bodies.map((b) => b.closedAfterMs));
    for (const ms of closed)
      assert.ok(ms < CONNECTION_LIMITS.requestTimeoutMs + 3_000, `body cut after ${ms} ms`);
    assert.match(bodies[0]?.answer() ?? '', /^HTTP\/1\.1 408/, 'told it took too long');
    console.log(`slow headers cut after ${headersClosed} ms; slow bodies after ${closed.join(', ')} ms`);
  });

  it('does not hold up shutdown', async () => {
    const slow = trickle(
      port,
      'POST /api/spots HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      '{'.padEnd(100, ' '),
      2_000,
    );
    await new Promise((r) => setTimeout(r, 1_000));
    const started = performance.now();
    await stop(server.proc);
    const took = performance.now() - started;
    assert.ok(took < 13_000, `shut down in ${took} ms`);
    assert.ok((await slow.closedAfterMs) < 15_000, '(await slow.closedAfterMs) < 15_000');
    console.log(`shut down with a slow client connected in ${took} ms`);
  });
});
