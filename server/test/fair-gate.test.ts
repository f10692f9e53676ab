import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { FairGate, GateBusyError } from '../src/util/fair-gate.ts';

/** A task that runs until the test ends it. */
function held() {
  let end = () => {};
  const done = new Promise<void>((resolve) => (end = resolve));
  return { task: () => done, end };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('FairGate: uncached work bounded in all and shared between networks', () => {
  it('runs at most its limit at once, and one network at most a quarter of it', async () => {
    const gate = new FairGate({ limit: 8, maxWaiting: 40 });
    const crowd = held();
    const started: string[] = [];
    const run = (key: string, h: ReturnType<typeof held>) =>
      gate.run(key, () => {
        started.push(key);
        return h.task();
      });
    const crowdRuns = Array.from({ length: 10 }, () => run('crowd', crowd));
    await settle();
    assert.equal(started.length, 2, 'one network runs 2 of 8 places');
    const others = Array.from({ length: 6 }, () => held());
    const otherRuns = others.map((h, i) => run(`phone${i}`, h));
    await settle();
    assert.equal(started.length, 8, 'six other networks start at once beside the crowd');
    assert.deepEqual(gate.load, { running: 8, waiting: 8 });
    // The crowd's part of the queue is a quarter of it: 10 waiting places; two more are refused.
    let refused = 0;
    const extra = Array.from({ length: 4 }, () =>
      run('crowd', crowd).catch((err) => {
        assert.ok(err instanceof GateBusyError, String(err));
        refused++;
      }),
    );
    await settle();
    assert.equal(refused, 2, 'two of four more from the crowd refused');
    for (const h of others) h.end();
    crowd.end();
    await Promise.all([...crowdRuns, ...otherRuns, ...extra]);
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
