import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Semaphore } from '../src/util/semaphore.ts';

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
