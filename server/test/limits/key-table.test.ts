import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { KeyTable } from '../../src/limits/key-table.ts';

/** The limits' counts by key in typed arrays (key-table.ts), checked against a Map doing the same. */
describe('limits/key-table', () => {
  it('keeps each key’s fields through inserts, evictions and the moves they cause', () => {
    const table = new KeyTable(2, 3000);
    const model = new Map<string, number>();
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 60_000; i++) {
      const key = `read:${Math.floor(random() * 6000)}`;
      const kept = table.find(key) >= 0;
      const slot = table.claim(key);
      const at = slot * 2;
      // A key new or forgotten starts from zero; one kept has what was written for it.
      if (table.data[at] !== (kept ? model.get(key) : 0)) assert.fail(`${key}: ${table.data[at]}`);
      table.data[at] = (table.data[at] as number) + 1;
      table.data[at + 1] = i;
      model.set(key, table.data[at] as number);
      if (table.size > 3000) assert.fail(`${table.size} keys kept`);
    }
    assert.equal(table.size, 3000);
    let found = 0;
    for (const [key, count] of model) {
      const slot = table.find(key);
      if (slot < 0) continue;
      found++;
      assert.equal(table.data[slot * 2], count, key);
    }
    assert.equal(found, 3000, 'every key kept is found');
  });

  it('forgets the least recently claimed key first, exactly in a small table', () => {
    const table = new KeyTable(1, 3);
    for (const k of ['a', 'b', 'c', 'a', 'd']) table.claim(k);
    assert.deepEqual(
      ['a', 'b', 'c', 'd'].map((k) => table.find(k) >= 0),
      [true, false, true, true],
    );
  });

  it('grows rather than forget a key it is told must stay, and trims once they may go', () => {
    const table = new KeyTable(1, 50);
    const pinned = (slot: number) => table.data[slot] === 0;
    for (let i = 0; i < 500; i++) {
      const slot = table.claim(`k${i}`, pinned); // before reading `data`, which a claim may replace
      table.data[slot] = 1;
    }
    assert.equal(table.size, 500, 'nothing pinned is forgotten');
    for (let i = 0; i < 500; i++) assert.equal(table.data[table.find(`k${i}`)], 1);
    table.data.fill(0);
    table.trim(pinned);
    assert.equal(table.size, 50);
  });

  it('sweeps the keys it is told are done with', () => {
    const table = new KeyTable(1, 10_000);
    for (let i = 0; i < 5000; i++) {
      const slot = table.claim(`k${i}`);
      table.data[slot] = i % 2;
    }
    table.sweep((slot) => table.data[slot] === 1);
    assert.equal(table.size, 2500);
    for (let i = 0; i < 5000; i++) assert.equal(table.find(`k${i}`) >= 0, i % 2 === 0, `k${i}`);
  });

  it('keeps its keys out of the collected heap', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const table = new KeyTable(4, 200_000);
    // Grown to its full size first, so only what each key costs is measured below.
    for (let i = 0; i < 200_000; i++) table.claim(`visitor:warm${i}`);
    gc();
    const before = v8.getHeapStatistics().used_heap_size;
    for (let i = 0; i < 200_000; i++) table.claim(`visitor:${i}-a-salted-hash-of-forty-three-characters`);
    gc();
    const grew = v8.getHeapStatistics().used_heap_size - before;
    // As a Map of objects (memory-store.ts had them so), 200,000 keys held tens of megabytes.
    assert.ok(grew < 2_000_000, `the heap grew by ${grew} bytes for 200,000 keys`);
    assert.equal(table.size, 200_000);
    assert.ok(
      table.find('visitor:199999-a-salted-hash-of-forty-three-characters') >= 0,
      'the last key is kept',
    );
  });
});
