import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Courier } from '../src/channels/couriers.ts';
import { type ClaimedMessage, enqueue } from '../src/channels/outbox.sql.ts';
import { OUTBOX_DEFAULTS, Outbox } from '../src/channels/outbox.ts';
import type { Db } from '../src/db/db.ts';
import { createPgDb } from '../src/db/pg.ts';
import { createLogger } from '../src/http/logger.ts';
import { createFreshDatabase, onPostgres } from '../test/test-db.ts';

/**
 * The sending worker dies with 40 alerts queued, one of them in the gateway's hands: the standby
 * takes over within its lease (seconds, not a minute), sends the rest, and sends the one in flight
 * again under the same idempotency key, so a gateway that honours it delivers each alert once.
 */

/** A gateway that delivers a key once, as one that honours Idempotency-Key does, and counts calls. */
class Gateway {
  readonly calls: string[] = [];
  readonly delivered = new Map<string, number>();
  send(key: string) {
    this.calls.push(key);
    if (!this.delivered.has(key)) this.delivered.set(key, performance.now());
  }
}

/** A way out through the gateway; `hang` makes every send stay in the gateway's hands forever. */
function courier(gateway: Gateway, hang = false): Courier {
  return {
    channel: 'sms',
    accepting: true,
    deliver: async (m: ClaimedMessage) => {
      gateway.send(`hatari-${m.send_key}`);
      if (hang) await new Promise(() => {});
      return { state: 'sent' } as const;
    },
  };
}

/** A process's storage that stops answering when the process dies (its renewals fail). */
function mortal(db: Db) {
  let dead = false;
  const guard =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    (...a: A) =>
      dead ? Promise.reject(new Error('Connection terminated')) : fn(...a);
  return {
    db: { ...db, query: guard(db.query.bind(db)), transaction: guard(db.transaction.bind(db)) } as Db,
    die: () => {
      dead = true;
    },
  };
}

describe('a dead sender’s messages', {
  skip: onPostgres ? false : 'needs TEST_DATABASE_URL (two instances)',
}, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('go out from the standby within seconds, each delivered once, the one in flight under its key', async () => {
    const fresh = await createFreshDatabase();
    cleanups.push(() => fresh.dropDatabase());
    const log = createLogger('silent');
    const [dbA, dbB] = [0, 1].map(() => createPgDb({ connectionString: fresh.url }));
    cleanups.push(
      () => (dbA as Db).close(),
      () => (dbB as Db).close(),
    );
    for (let i = 0; i < 40; i++)
      await enqueue(dbB as Db, {
        phoneHash: `hash-${i}`,
        phoneEnc: 'sealed',
        kind: 'alert',
        body: `Alert ${i}`,
      });
    const opts = { ...OUTBOX_DEFAULTS, leaseSeconds: 3, pollMs: 100 };

    // The worker takes a batch and hands the first alert to the gateway, which keeps it.
    const gateway = new Gateway();
    const a = mortal(dbA as Db);
    const worker = new Outbox(a.db, [courier(gateway, true)], log, opts);
    worker.start();
    const deadline = performance.now() + 5000;
    while (gateway.calls.length === 0 && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    assert.equal(gateway.calls.length, 1, 'one alert in the gateway’s hands');
    // Its leases are renewed while it lives: well past one lease, nothing is taken from it.
    await new Promise((r) => setTimeout(r, 4000));
    const [held] = await (dbB as Db).query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE state = 'sending' AND lease_until > now()`,
    );
    assert.equal(held?.n, 10, 'its batch is still its own');

    // It dies (kill -9): no more renewals. The standby starts.
    a.die();
    const died = performance.now();
    const standby = new Outbox(dbB as Db, [courier(gateway)], log, opts);
    standby.start();
    cleanups.push(() => standby.close());
    while (gateway.delivered.size < 40 && performance.now() < died + 15_000)
      await new Promise((r) => setTimeout(r, 50));
    const last = Math.max(...gateway.delivered.values());

    assert.equal(gateway.delivered.size, 40, 'every alert delivered');
    assert.ok(last - died < opts.leaseSeconds * 1000 + 2000, `the last within the lease (${last - died} ms)`);
    const keys = new Set(gateway.calls);
    assert.equal(keys.size, 40, 'never under a new key');
    assert.equal(gateway.calls.length, 41, 'the one in flight was handed over twice, under the same key');
    const [row] = await (dbB as Db).query<{ sent: number; in_flight: number }>(
      `SELECT count(*) FILTER (WHERE state = 'sent')::int AS sent, count(in_flight_at)::int AS in_flight FROM outbox`,
    );
    assert.deepEqual(row, { sent: 40, in_flight: 0 }, 'all finished, none left marked in flight');
  });
});
