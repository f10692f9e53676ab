import assert from 'node:assert/strict';
import net from 'node:net';
import { after, describe, it } from 'node:test';
import { migrate } from '../../src/db/migrate.ts';
import { createPgDb } from '../../src/db/pg.ts';
import { createPgliteDb } from '../../src/db/pglite.ts';
import { checkHealth } from '../../src/health/health.service.ts';
import { healthAnswer, STALE_MS } from '../../src/health/health-answer.ts';
import { HealthPort } from '../../src/health/health-port.ts';
import { createLogger } from '../../src/http/logger.ts';
import { report } from '../factories.ts';
import { waitFor } from '../processes.ts';
import { buildAppOn, startTestApp } from '../test-app.ts';
import { createFreshDatabase, onPostgres } from '../test-db.ts';

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A TCP proxy in front of PostgreSQL that a test can cut (as if the database went away) and restore. */
class CuttableProxy {
  private readonly sockets = new Set<net.Socket>();
  private up = true;
  readonly server = net.createServer((client) => {
    if (!this.up) return client.destroy();
    const upstream = net.connect(this.target.port, this.target.host);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  private readonly target: { host: string; port: number };

  constructor(target: { host: string; port: number }) {
    this.target = target;
  }
  cut() {
    this.up = false;
    for (const s of this.sockets) s.destroy();
  }
  restore() {
    this.up = true;
  }
}

describe('GET /api/health', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('answers 200 with ok and the checks when the database answers', async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { ok: true, checks: { database: 'ok', counters: 'database' } });
    assert.equal(res.headers['ratelimit-limit'], undefined);
  });

  it('stays 200 while every pooled connection is taken by public work', {
    skip: onPostgres ? false : 'needs TEST_DATABASE_URL (PostgreSQL)',
  }, async () => {
    const fresh = await createFreshDatabase();
    cleanups.push(() => fresh.dropDatabase());
    // One pooled connection, held by a transaction until the test lets it go: every query queues.
    const db = createPgDb({
      connectionString: fresh.url,
      shares: { reads: 1, writes: 1 },
      connectionTimeoutMillis: 5000,
    });
    const app = await buildAppOn(db);
    cleanups.push(() => app.close());
    // The transaction may wait for the connection behind the app's own start-up queries: the test goes
    // on once it holds it, so that releasing it is never a call made before there is anything to release.
    let release = () => {};
    let holding = () => {};
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const held = db.transaction(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
          holding();
        }),
    );
    await holds;
    const queued = db.query('SELECT 1');
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().checks.database, 'ok');
    } finally {
      release();
      await Promise.all([held, queued]);
    }
  });

  it('on embedded storage answers between queued statements, without joining their queue', async () => {
    const db = await createPgliteDb(undefined);
    const app = await buildAppOn(db);
    cleanups.push(() => app.close());
    const total = 200;
    let finished = 0;
    const queue = Array.from({ length: total }, () =>
      db.query('SELECT count(*) FROM generate_series(1, 100)').then(() => finished++),
    );
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const finishedBeforeHealth = finished;
    await Promise.all(queue);
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(finishedBeforeHealth < total / 2, `health answered after ${finishedBeforeHealth} of ${total}`);
  });

  it('answers /api/live while the database is unreachable', async () => {
    const db = createPgDb({ connectionString: 'postgres://hatari@127.0.0.1:9/nowhere' });
    const app = await buildAppOn(db);
    cleanups.push(() => app.close());
    const live = await app.inject({ method: 'GET', url: '/api/live' });
    assert.equal(live.statusCode, 200);
    assert.deepEqual(live.json(), { ok: true });
    assert.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 503);
  });

  it('answers 503 when nothing listens where the database should be', async () => {
    const db = createPgDb({ connectionString: 'postgres://hatari@127.0.0.1:9/nowhere' });
    const app = await buildAppOn(db);
    cleanups.push(() => app.close());
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(res.statusCode, 503);
    const body = res.json();
    assert.equal(body.ok, false);
    assert.equal(typeof body.error, 'string');
    assert.equal(body.checks.database, 'unreachable');
  });

  it('answers 503 by its own ping timeout (1.5 s) when the database hangs', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s)); // accepts, never answers
    const port = await listen(silent);
    cleanups.push(async () => {
      for (const s of sockets) s.destroy();
      silent.close();
    });
    const db = createPgDb({ connectionString: `postgres://hatari@127.0.0.1:${port}/hang` });
    const app = await buildAppOn(db);
    cleanups.push(() => app.close());
    // Only the health check's own ping timeout (1.5 s) can end this: the database never answers.
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(res.statusCode, 503);
  });

  /** A fresh database reached through a proxy the test can cut; `via` is its URL through the proxy. */
  async function freshDatabaseBehindProxy() {
    const fresh = await createFreshDatabase();
    cleanups.push(() => fresh.dropDatabase());
    const target = new URL(fresh.url);
    const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const port = await listen(proxy.server);
    cleanups.push(async () => {
      proxy.cut();
      proxy.server.close();
    });
    const via = new URL(fresh.url);
    via.port = String(port);
    via.hostname = '127.0.0.1';
    return { proxy, via };
  }

  it('survives the connection dropping in the middle of a transaction, and the next one works', {
    skip: onPostgres ? false : 'needs TEST_DATABASE_URL (PostgreSQL)',
  }, async () => {
    const { proxy, via } = await freshDatabaseBehindProxy();
    const lost: Error[] = [];
    const db = createPgDb({ connectionString: via.toString(), onError: (err) => lost.push(err) });
    cleanups.push(() => db.close());
    await db.exec('CREATE TABLE t (n int)');

    // Cut between two statements, while the client is checked out but has no query running: an
    // unhandled 'error' event here would end the test process.
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        proxy.cut();
        await new Promise((r) => setTimeout(r, 200));
        await tx.query('INSERT INTO t VALUES (2)');
      })
      .then(
        () => undefined,
        (err: Error) => err,
      );
    assert.ok(failed instanceof Error, 'the transaction fails');
    // The transaction's connection, and the reads' idle one the cut took too.
    assert.ok(
      lost.length >= 1 && lost.length <= 2,
      `the lost connections are reported to onError (${lost.length})`,
    );

    proxy.restore();
    await db.transaction((tx) => tx.query('INSERT INTO t VALUES (3)'));
    assert.deepEqual(await db.query('SELECT n FROM t ORDER BY n'), [{ n: 3 }], 'nothing half-written');
  });

  it('goes 503 when PostgreSQL goes away and back to 200 by itself when it returns', {
    skip: onPostgres ? false : 'needs TEST_DATABASE_URL (PostgreSQL)',
  }, async () => {
    const { proxy, via } = await freshDatabaseBehindProxy();
    const db = createPgDb({ connectionString: via.toString() });
    await migrate(db);
    const app = await buildAppOn(db);
    cleanups.push(() => app.close());
    const health = () => app.inject({ method: 'GET', url: '/api/health' });

    assert.equal((await health()).statusCode, 200);
    proxy.cut();
    const down = await health();
    assert.equal(down.statusCode, 503);
    const failedReport = await app.inject({ method: 'POST', url: '/api/spots', payload: report() });
    assert.equal(failedReport.statusCode, 500);
    assert.equal(failedReport.body, 'Internal Server Error');

    proxy.restore();
    const up = await health();
    assert.equal(up.statusCode, 200);
    const saved = await app.inject({ method: 'POST', url: '/api/spots', payload: report() });
    assert.equal(saved.statusCode, 201);
  });
});

describe('the health port (HEALTH_PORT)', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  const ask = async (port: number, path: string, method = 'GET') => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  it("answers /api/health and /api/live on its own thread with the server's checks", async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    let databaseDown = false;
    const db = {
      ping: async (timeoutMs: number) => {
        if (databaseDown) throw new Error('the database went away');
        await t.db.ping(timeoutMs);
      },
    } as typeof t.db;
    const deps = { db, limiter: t.deps.limiter, outages: t.deps.outages };
    const logged: string[] = [];
    const log = createLogger('info', { write: (line: string) => logged.push(JSON.parse(line).msg) });
    let checks = 0;
    const check = () => {
      checks++;
      return checkHealth(deps, log);
    };
    const health = await HealthPort.open('127.0.0.1', 0, check, t.app.log, { beatMs: 10, checkMs: 10 });
    cleanups.push(() => health.close());

    const main = await t.inject({ method: 'GET', url: '/api/health' });
    const own = await ask(health.port, '/api/health?probe=1');
    assert.equal(own.status, 200);
    assert.deepEqual(JSON.parse(own.body), main.json(), "the same answer as the main port's");
    assert.equal(own.headers.get('cache-control'), 'no-store');
    assert.deepEqual(JSON.parse((await ask(health.port, '/api/live')).body), { ok: true });
    assert.equal((await ask(health.port, '/api/health', 'HEAD')).body, '', 'HEAD has no body');
    assert.equal((await ask(health.port, '/api/spots')).status, 404, 'health only');
    assert.equal((await ask(health.port, '/api/health', 'POST')).status, 405);

    databaseDown = true;
    const since = checks;
    await waitFor(async () => checks > since + 1, 5000, 'a check after the database went away');
    const down = await ask(health.port, '/api/health');
    assert.equal(down.status, 503, down.body);
    assert.equal(JSON.parse(down.body).checks.database, 'unreachable');
    assert.equal(down.headers.get('retry-after'), '5');
    assert.equal((await ask(health.port, '/api/live')).status, 200, 'the process still serves');

    databaseDown = false;
    const again = checks;
    await waitFor(async () => checks > again + 1, 5000, 'a check after the database came back');
    assert.equal((await ask(health.port, '/api/health')).status, 200);
    assert.deepEqual(
      logged.filter((msg) => msg.startsWith('health:')),
      ['health: database unreachable', 'health: database reachable again'],
      `the outage logged once as it began and once as it ended, not at each of ${checks} checks`,
    );

    await health.close();
    await assert.rejects(ask(health.port, '/api/live'), 'closed with the server');
  });

  it('holds at most 32 connections: a crowd of open sockets cannot grow its thread', async () => {
    const t = await startTestApp();
    cleanups.push(() => t.close());
    const health = await HealthPort.open('127.0.0.1', 0, () => checkHealth(t.deps, t.app.log), t.app.log);
    cleanups.push(() => health.close());
    const sockets = await Promise.all(
      Array.from(
        { length: 40 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(health.port, '127.0.0.1', () => resolve(socket));
            socket.on('error', () => {});
          }),
      ),
    );
    const closedByServer = sockets.map(
      (socket) => new Promise<boolean>((resolve) => socket.once('close', () => resolve(true))),
    );
    try {
      // Each socket asks in turn; those past the bound were closed at once, without an answer.
      const answered = await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<boolean>((resolve) => {
              let got = '';
              socket.on('data', (chunk) => {
                got += chunk;
                if (got.includes('\r\n\r\n')) resolve(got.startsWith('HTTP/1.1 200'));
              });
              socket.once('close', () => resolve(false));
              socket.write('GET /api/live HTTP/1.1\r\nHost: x\r\n\r\n');
            }),
        ),
      );
      assert.equal(answered.filter(Boolean).length, 32, 'answered: the bound');
    } finally {
      for (const socket of sockets) socket.destroy();
      await Promise.all(closedByServer);
    }
    // The thread counts a connection gone once it sees it close, a moment after this side does.
    await waitFor(
      async () => (await ask(health.port, '/api/live')).status === 200,
      5000,
      'the port to answer again once they leave',
    );
  });

  it("says 503 on both paths once the server's thread has not beaten for STALE_MS", () => {
    const last = { ok: true, checks: { database: 'ok', counters: 'redis' } } as const;
    const fresh = healthAnswer('GET', '/api/health', last, STALE_MS - 1);
    assert.deepEqual([fresh.status, JSON.parse(fresh.body)], [200, last]);
    const held = healthAnswer('GET', '/api/health', last, STALE_MS);
    assert.equal(held.status, 503);
    assert.deepEqual(JSON.parse(held.body), {
      ok: false,
      error: "The server's thread has not turned for 3 s",
      checks: last.checks,
    });
    assert.equal(healthAnswer('GET', '/api/live', last, STALE_MS - 1).status, 200);
    assert.equal(healthAnswer('GET', '/api/live', last, STALE_MS).status, 503);
  });
});
