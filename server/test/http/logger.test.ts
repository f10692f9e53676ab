import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createLogger } from '../../src/http/logger.ts';
import { startServer, stop, waitFor } from '../processes.ts';
import { LogCapture, startTestApp } from '../test-app.ts';

type Line = {
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
};
const lines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);

describe('the logger', () => {
  it('logs an error by its message, code and stack, never the objects a library hangs on it', () => {
    const logs = new LogCapture();
    const err = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
      // What pg puts on a pool error: the client, with its connection settings.
      client: { connectionParameters: { host: '10.0.0.5', user: 'hatari', password: 's3cret-password' } },
    });
    createLogger('info', logs).error({ err }, 'database connection lost');
    const line = JSON.parse(logs.text) as { err: Record<string, unknown> };
    assert.equal(line.err.message, 'terminating connection due to administrator command');
    assert.equal(line.err.code, '57P01');
    assert.equal(line.err.severity, 'FATAL');
    assert.match(String(line.err.stack), /administrator command/);
    assert.doesNotMatch(logs.text, /s3cret-password|10\.0\.0\.5|connectionParameters/);
  });

  it("logs a request by its path: a route check's start and end and a search stay out", async () => {
    const t = await startTestApp();
    try {
      await t.inject({ method: 'GET', url: '/api/route?from=0.31234,32.56789&to=0.34567,32.59876' });
      await t.inject({ method: 'GET', url: '/api/search?q=my%20aunt%20in%20Ntinda&places=0' });
      assert.match(t.logs.text, /"url":"\/api\/route"/);
      assert.match(t.logs.text, /"url":"\/api\/search"/);
      assert.doesNotMatch(t.logs.text, /0\.31234|32\.59876|aunt|Ntinda/);
    } finally {
      await t.close();
    }
  });

  it('logs each request once, as its answer leaves: its id, method, path, status and time', async () => {
    const t = await startTestApp();
    try {
      assert.equal((await t.inject({ method: 'GET', url: '/api/spots?limit=1' })).statusCode, 200);
      assert.equal((await t.inject({ method: 'GET', url: '/api/spots/999999' })).statusCode, 404);
      const logged = lines(t.logs.text).filter((l) => l.req);
      assert.deepEqual(
        logged.map((l) => [l.msg, l.req?.method, l.req?.url, l.res?.statusCode]),
        [
          ['request completed', 'GET', '/api/spots', 200],
          ['request completed', 'GET', '/api/spots/999999', 404],
        ],
      );
      for (const l of logged) {
        assert.match(String(l.reqId), /^req-/);
        assert.equal(typeof l.responseTime, 'number');
      }
      assert.doesNotMatch(t.logs.text, /incoming request/);
    } finally {
      await t.close();
    }
  });

  it("writes the server's log without blocking: a line as soon as a request leaves, the last one as it exits", async () => {
    // Embedded storage of its own, not the checkout's data folder.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hatari-log-'));
    const server = await startServer({ DATA_DIR: dataDir });
    let out = '';
    server.proc.stdout?.on('data', (chunk: string) => {
      out += chunk;
    });
    try {
      assert.equal((await fetch(`${server.url}/api/spots?limit=1`)).status, 200);
      // An idle server's line is not held back for others to join it.
      await waitFor(
        async () => lines(out).some((l) => l.req?.url === '/api/spots'),
        5000,
        "the request's line",
      );
    } finally {
      await stop(server.proc);
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Logged just before process.exit: written by the flush at exit.
    assert.equal(lines(out).at(-1)?.msg, 'stopped');
  });

  it('lets the process exit when the log has lines left and its reader is gone', async () => {
    // What a server run as `npm start | …`, or by a parent that ended first, meets at its exit: its
    // standard output's reader is gone (EPIPE) while an asynchronous write of lines is under way.
    const logger = new URL('../../src/http/logger.ts', import.meta.url).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { createLogger, stdoutLog } from ${JSON.stringify(logger)};
         process.stdin.once('data', () => {
           const log = createLogger('info', stdoutLog());
           for (let i = 0; i < 100; i++) log.info({ i }, 'a line the reader will never take');
           process.stderr.write('exiting\\n');
           process.exit(0);
         });`,
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // The reader goes first, then the child logs and exits.
    child.stdout.destroy();
    child.stdin.end('go\n');
    const outcome = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(r, 15_000, 'hung'))]);
    if (outcome === 'hung') child.kill('SIGKILL');
    assert.match(err, /exiting/, 'the child logged its lines and asked to exit');
    assert.equal(outcome, 0, `the process exits (stderr: ${err})`);
  });
});
