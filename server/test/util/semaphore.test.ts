import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QueueFullError, Semaphore } from '../../src/util/semaphore.ts';

test('a semaphore runs at most its limit at once, in arrival order, and frees on failure', async () => {
  const gate = new Semaphore(2);
  let running = 0;
  let peak = 0;
  const order: number[] = [];
  const task = (i: number, fail = false) =>
    gate.run(async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      order.push(i);
      if (fail) throw new Error(`task ${i}`);
      return i;
    });
  const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
  assert.equal(peak, 2);
  assert.deepEqual(order, [1, 2, 3, 4, 5]);
  assert.equal(results[1]?.status, 'rejected');
  assert.deepEqual(await Promise.all([task(6), task(7)]), [6, 7], 'a failure gave its place back');
  assert.equal(gate.queued, 0);
});

test('a semaphore with a bounded queue refuses at once when the queue is full', async () => {
  const gate = new Semaphore(1, 1);
  let release: () => void = () => {};
  const first = gate.run(() => new Promise<void>((r) => (release = r)));
  assert.equal(gate.full, false, 'one place taken, the queue empty');
  const second = gate.run(async () => 'second');
  assert.equal(gate.full, true);
  await assert.rejects(
    gate.run(async () => 'third'),
    QueueFullError,
  );
  release();
  await first;
  assert.equal(await second, 'second');
  assert.equal(gate.full, false);
});
