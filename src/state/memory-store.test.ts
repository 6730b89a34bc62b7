import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test/helpers/fake-clock.js';
import { createMemoryStore } from './memory-store.js';

describe('createMemoryStore', () => {
  it('increments atomically per field and reads back', async () => {
    const store = createMemoryStore();
    expect(
      await store.increment(
        'run:a',
        [
          ['x', 1],
          ['y', 2],
        ],
        1000,
      ),
    ).toEqual([1, 2]);
    expect(await store.increment('run:a', [['x', 5]], 1000)).toEqual([6]);
    expect(await store.read('run:a', ['x', 'y', 'z'])).toEqual(['6', '2', undefined]);
  });

  it('keeps scopes apart', async () => {
    const store = createMemoryStore();
    await store.increment('run:a', [['failed', 3]], 1000);
    expect(await store.read('run:b', ['failed'])).toEqual([undefined]);
  });

  it('expires a record after its time to live, counted from the last write', async () => {
    const clock = createFakeClock();
    const store = createMemoryStore({ clock });
    await store.write('run:a', { halted: 'fatal' }, 100);
    clock.advance(60);
    await store.increment('run:a', [['failed', 1]], 100);
    clock.advance(60);
    expect(await store.read('run:a', ['halted'])).toEqual(['fatal']);
    clock.advance(41);
    expect(await store.read('run:a', ['halted', 'failed'])).toEqual([undefined, undefined]);
  });

  it('never holds more than maxRecords, dropping the least recently written', async () => {
    const store = createMemoryStore({ maxRecords: 3 });
    for (const scope of ['a', 'b', 'c']) await store.write(scope, { v: scope }, 10_000);
    await store.write('a', { v: 'a2' }, 10_000); // a is now the most recent
    await store.write('d', { v: 'd' }, 10_000);
    expect(store.size).toBe(3);
    expect(await store.read('b', ['v'])).toEqual([undefined]);
    expect(await store.read('a', ['v'])).toEqual(['a2']);
  });

  it('sweeps expired records so memory returns to empty', async () => {
    const clock = createFakeClock();
    const store = createMemoryStore({ clock });
    for (let index = 0; index < 500; index++) await store.increment(`run:${index}`, [['f', 1]], 50);
    expect(store.size).toBe(500);
    clock.advance(51);
    store.sweep();
    expect(store.size).toBe(0);
  });

  it('grants a lease to one holder until it expires or is released', async () => {
    const clock = createFakeClock();
    const store = createMemoryStore({ clock });
    expect(await store.acquireLease('probe', 'p1', 100)).toBe(true);
    expect(await store.acquireLease('probe', 'p2', 100)).toBe(false);
    await store.releaseLease('probe', 'p2'); // not the holder: no effect
    expect(await store.acquireLease('probe', 'p2', 100)).toBe(false);
    await store.releaseLease('probe', 'p1');
    expect(await store.acquireLease('probe', 'p2', 100)).toBe(true);
    clock.advance(101);
    expect(await store.acquireLease('probe', 'p3', 100)).toBe(true);
  });

  it('rejects a nonsense bound', () => {
    expect(() => createMemoryStore({ maxRecords: 0 })).toThrow(RangeError);
  });

  it('sums any interleaving of concurrent increments exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: -5, max: 5 })), {
          maxLength: 60,
        }),
        async (ops) => {
          const store = createMemoryStore();
          await Promise.all(ops.map(([field, delta]) => store.increment('s', [[field, delta]], 10_000)));
          const expected = ['a', 'b', 'c'].map((field) =>
            ops.filter(([f]) => f === field).reduce((sum, [, d]) => sum + d, 0),
          );
          const actual = await store.read('s', ['a', 'b', 'c']);
          expect(actual.map((value) => Number(value ?? 0))).toEqual(expected);
        },
      ),
    );
  });
});
