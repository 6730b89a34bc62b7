import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toJsonSafe } from './to-json-safe.js';

const limits = { maxDepth: 64, maxNodes: 200_000, maxStringCharacters: 1_000 };

describe('toJsonSafe', () => {
  it('copies plain JSON unchanged', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 10 }), (value) => {
        // -0 is a JSON value the copy and JSON.stringify legitimately disagree on, and an own
        // __proto__ key is dropped on purpose (tested on its own below)
        fc.pre(!Object.is(value, -0) && !JSON.stringify(value).includes('"__proto__"'));
        expect(JSON.stringify(toJsonSafe(value, { ...limits, maxStringCharacters: 1e9 }))).toBe(
          JSON.stringify(value),
        );
      }),
    );
  });

  it('turns what JSON cannot hold into something it can, without throwing', () => {
    const circular: Record<string, unknown> = { name: 'loop' };
    circular['self'] = circular;
    const throwingGetter = {
      ok: 1,
      get secret() {
        throw new Error('getter');
      },
    };
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(
      toJsonSafe(
        {
          big: 12345678901234567890n,
          circular,
          fn: () => 1,
          sym: Symbol('s'),
          nan: Number.NaN,
          date: new Date('2026-08-01T00:00:00Z'),
          map: new Map([['a', 1]]),
          set: new Set([1, 2]),
          throwingGetter,
          hostile,
          badJson: {
            toJSON() {
              throw new Error('toJSON');
            },
          },
          list: [undefined, () => 1],
        },
        limits,
      ),
    ).toEqual({
      big: '12345678901234567890',
      circular: { name: 'loop', self: '[circular]' },
      nan: null,
      date: '2026-08-01T00:00:00.000Z',
      map: { a: 1 },
      set: [1, 2],
      throwingGetter: { ok: 1, secret: '[unreadable]' },
      hostile: '[unreadable]',
      badJson: '[unreadable]',
      list: [null, null],
    });
  });

  it('caps depth, node count and string length', () => {
    let deep: unknown[] = [];
    const root = deep;
    for (let level = 0; level < 10_000; level++) {
      const next: unknown[] = [];
      deep.push(next);
      deep = next;
    }
    expect(JSON.stringify(toJsonSafe(root, limits))).toContain('[too deep]');
    expect(toJsonSafe('x'.repeat(5_000), limits)).toHaveLength(1_000);
    const many = toJsonSafe(
      Array.from({ length: 500 }, (_, index) => index),
      { ...limits, maxNodes: 100 },
    );
    expect((many as unknown[]).length).toBeLessThanOrEqual(100);
  });

  it('never carries a __proto__ key over', () => {
    const copied = toJsonSafe(JSON.parse('{"__proto__":{"polluted":true},"a":1}'), limits) as object;
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(copied).toEqual({ a: 1 });
  });
});
