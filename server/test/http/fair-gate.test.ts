import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { FairGate, GateBusyError } from '../../src/util/fair-gate.ts';

/** A task that runs until the test ends it. */
function held() {
  let end = () => {};
  const done = new Promise<void>((resolve) => (end = resolve));
  return { task: () => done, end };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('FairGate: uncached work bounded in all and shared between networks', () => {
  it('runs at most its limit at once; while others wait, freed places go to them, not the crowd', async () => {
    const gate = new FairGate({ limit: 8, maxWaiting: 40 });
    const started: string[] = [];
    const tasks: ReturnType<typeof held>[] = [];
    const run = (key: string) => {
      const h = held();
      tasks.push(h);
      return gate.run(key, () => {
        started.push(key);
        return h.task();
      });
    };
    // Nobody else waits: the crowd may use every place.
    const crowd = Array.from({ length: 12 }, () => run('crowd'));
    await settle();
    assert.deepEqual(gate.load, { running: 8, waiting: 4 });
    const others = Array.from({ length: 6 }, (_, i) => run(`phone${i}`));
    await settle();
    assert.equal(started.length, 8, 'the others wait for places');
    // Six of the crowd's tasks end: each freed place goes to another network, though the crowd waited first.
    for (const h of tasks.slice(0, 6)) h.end();
    await settle();
    assert.deepEqual(started.slice(8), ['phone0', 'phone1', 'phone2', 'phone3', 'phone4', 'phone5']);
    // Alone, the crowd may fill the queue (40): 4 wait, 36 more join; the 37th is refused.
    const refusals: string[] = [];
    const refusedOf = (key: string) => (err: unknown) => {
      assert.ok(err instanceof GateBusyError, String(err));
      refusals.push(key);
    };
    const extra = Array.from({ length: 37 }, () => run('crowd').catch(refusedOf('crowd')));
    await settle();
    assert.deepEqual([gate.load.waiting, refusals], [40, ['crowd']]);
    // Another network's task at the full queue takes the place of the crowd's newest.
    extra.push(run('late phone').catch(refusedOf('late phone')));
    await settle();
    assert.deepEqual([gate.load.waiting, refusals], [40, ['crowd', 'crowd']]);
    // Every task, started or waiting, is let go (one that starts later ends at once).
    for (const h of tasks) h.end();
    await Promise.all([...crowd, ...others, ...extra]);
    assert.deepEqual(gate.load, { running: 0, waiting: 0 });
  });

  it('refuses at once when the queue is full, and a waiting task after maxWaitMs', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const gate = new FairGate({ limit: 4, maxWaiting: 4, share: 1, maxWaitMs: 2000 });
      const h = held();
      const running = Array.from({ length: 4 }, (_, i) => gate.run(`n${i}`, h.task));
      const waiting = Array.from({ length: 4 }, (_, i) => gate.run(`w${i}`, h.task));
      await assert.rejects(gate.run('late', h.task), GateBusyError);
      mock.timers.tick(1999);
      assert.equal(gate.load.waiting, 4);
      mock.timers.tick(1);
      for (const w of waiting) await assert.rejects(w, GateBusyError);
      assert.deepEqual(gate.load, { running: 4, waiting: 0 });
      h.end();
      await Promise.all(running);
    } finally {
      mock.timers.reset();
    }
  });

  it('starts waiting tasks in arrival order as places free, skipping a network at its share', async () => {
    const gate = new FairGate({ limit: 4, maxWaiting: 20 });
    const order: string[] = [];
    const tasks = new Map<string, ReturnType<typeof held>>();
    const run = (name: string, key: string) => {
      const h = held();
      tasks.set(name, h);
      return gate.run(key, () => {
        order.push(name);
        return h.task();
      });
    };
    const all = [run('a1', 'a'), run('b1', 'b'), run('c1', 'c'), run('d1', 'd')];
    all.push(run('a2', 'a'), run('e1', 'e'));
    await settle();
    assert.deepEqual(order, ['a1', 'b1', 'c1', 'd1']);
    tasks.get('b1')?.end();
    await settle();
    assert.deepEqual(order.slice(4), ['e1'], 'a2 waits: its network already runs one of its one place');
    tasks.get('a1')?.end();
    await settle();
    assert.deepEqual(order.slice(5), ['a2']);
    for (const h of tasks.values()) h.end();
    await Promise.all(all);
  });
});
