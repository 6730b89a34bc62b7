import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LeakRuleName } from '../sanitize/leak-rule-name.js';
import { forgetCleanCopy, redactValue } from '../sanitize/redact-value.js';
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

  it('keeps a copy made inside another (a getter that copies) apart from it', () => {
    // the copies share one stack of ancestors: the inner one must not take the outer one's path
    // (root, then outer) for its own, nor leave anything on it, and the outer one must still
    // find its real cycle
    const root: Record<string, unknown> = {};
    let inner: unknown;
    let inside = false;
    const outer: Record<string, unknown> = {
      get copiedInside() {
        if (!inside) {
          inside = true;
          inner = toJsonSafe({ back: root }, limits);
          inside = false;
        }
        return 'read';
      },
    };
    outer['self'] = outer;
    root['outer'] = outer;
    const expected = { outer: { copiedInside: 'read', self: '[circular]' } };
    expect(toJsonSafe(root, limits)).toEqual(expected);
    expect(inner).toEqual({ back: expected });
    // and nothing is left over for the next copy
    expect(toJsonSafe({ again: root }, limits)).toEqual({ again: expected });
  });

  it('drops fields JSON has no place for: symbol keys, functions, undefined', () => {
    const dropped = toJsonSafe({ a: 1, fn: () => 1, nothing: undefined, sym: Symbol('s') }, limits);
    expect(Object.keys(dropped as object)).toEqual(['a']);
    const tag = Symbol('row');
    const copied = toJsonSafe({ a: 1, [tag]: { internal: true }, nested: { b: 2, [tag]: 'x' } }, limits);
    expect(Object.getOwnPropertySymbols(copied)).toEqual([]);
    expect(Object.getOwnPropertySymbols((copied as { nested: object }).nested)).toEqual([]);
    expect(copied).toEqual({ a: 1, nested: { b: 2 } });
  });

  it('never takes a field from a polluted Object.prototype', () => {
    // read inside, asserted outside: the test runner's own objects see the pollution too
    let copied: Record<string, unknown>;
    Object.defineProperty(Object.prototype, 'polluted', {
      value: 'yes',
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      copied = toJsonSafe({ a: 1, rows: [{ b: 2 }, { b: 3 }] }, limits) as Record<string, unknown>;
    } finally {
      delete (Object.prototype as Record<string, unknown>)['polluted'];
    }
    expect(Object.keys(copied)).toEqual(['a', 'rows']);
    expect(Object.keys((copied['rows'] as object[])[1]!)).toEqual(['b']);
  });

  it('reads each field under its own key when a proxy lists its keys out of order', () => {
    // the engine puts integer keys first in a copy, where this proxy lists them last: a value
    // read under the wrong key would hide the password from the key-name check
    // (the first one, clean and with a symbol key, is copied key by key and leaves its keys'
    // strengths, in its order, for the next object with the same keys)
    const tag = Symbol('tag');
    const first = new Proxy({ password: '', 1: 1, [tag]: true }, { ownKeys: () => ['password', '1', tag] });
    expect(toJsonSafe(first, limits, true)).toEqual({ 1: 1, password: '' });
    forgetCleanCopy();
    const second = new Proxy(
      { password: 'hunter2-but-long-enough', 1: 1 },
      { ownKeys: () => ['password', '1'] },
    );
    const copied = toJsonSafe(second, limits, true);
    expect(copied).toEqual({ 1: 1, password: 'hunter2-but-long-enough' });
    expect(redactValue(copied, 'data').value).toEqual({ 1: 1, password: '[redacted]' });
    forgetCleanCopy();
  });

  it('copies what a getter leaves behind when it deletes a field while the object is read', () => {
    const source: Record<string, unknown> = {
      get first() {
        delete source['second'];
        return 'first';
      },
      second: 'gone before it is read',
      third: 3,
    };
    expect(toJsonSafe(source, limits)).toEqual({ first: 'first', third: 3 });
  });

  it('stops an object at the size cap, keeping its first fields in order', () => {
    const wide = Object.fromEntries(
      Array.from({ length: 200 }, (_, index) => [`k${index}`, 'v'.repeat(100)]),
    );
    const copied = toJsonSafe(wide, { ...limits, maxBytes: 2_000 }) as Record<string, string>;
    const kept = Object.keys(copied);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(40);
    expect(kept).toEqual(Object.keys(wide).slice(0, kept.length));
    expect(Object.values(copied).every((value) => value === 'v'.repeat(100))).toBe(true);
  });

  it('never carries a __proto__ key over', () => {
    const copied = toJsonSafe(JSON.parse('{"__proto__":{"polluted":true},"a":1}'), limits) as object;
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(copied).toEqual({ a: 1 });
  });
});

describe('toJsonSafe, checking the copy for the sanitiser', () => {
  // strings and keys that leak, or that a secret-named key makes secret, beside benign ones
  const text = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      'postgres://app:hunter2@db.internal:5432/shop',
      'connect ECONNREFUSED 10.0.3.7:5432',
      'at Object.run (/srv/app/orders.js:12:7)',
      'hunter2-but-long-enough',
      'north',
      'SKU-4411',
    ),
  );
  const key = fc.oneof(
    fc.constantFrom('sku', 'password', 'api_key', 'note', '10.0.3.7:5432', 'status'),
    text,
  );
  const value = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      text,
      fc.integer(),
      fc.constant(null),
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(key, tie('node'), { maxKeys: 4 }),
    ),
  })).node;

  it('lets the sanitiser find exactly what it finds in an unchecked copy', () => {
    fc.assert(
      fc.property(
        value,
        fc.constantFrom<LeakRuleName[]>([], ['credential'], ['internal-address']),
        (input, allowRules) => {
          const checked = redactValue(toJsonSafe(input, limits, true), 'data', allowRules);
          forgetCleanCopy();
          const unchecked = redactValue(toJsonSafe(input, limits), 'data', allowRules);
          expect(checked).toEqual(unchecked);
        },
      ),
    );
  });

  it('reuses the keys of an object met in an earlier copy, never what they held', () => {
    // the first copy finds `password` clean as a key, with an empty value; the next copy of the
    // same keys must still read its value as a secret's
    const first = toJsonSafe({ user: 'ana', password: '' }, limits, true);
    expect(redactValue(first, 'data').leaks).toEqual([]);
    const second = toJsonSafe({ user: 'ana', password: 'hunter2-but-long-enough' }, limits, true);
    expect(redactValue(second, 'data').value).toEqual({ user: 'ana', password: '[redacted]' });
    const third = toJsonSafe({ user: 'ana', password: 'connect ECONNREFUSED 10.0.3.7:5432' }, limits, true);
    expect(redactValue(third, 'data').leaks).not.toEqual([]);
  });

  it('takes a value found clean in a column as clean only in that column of that shape', () => {
    const phrase = 'hunter2-but-long-enough';
    // both shapes are met clean first, so later rows of either are known
    expect(redactValue(toJsonSafe([{ password: '', user: 'ana' }], limits, true), 'data').leaks).toEqual([]);
    const notes = toJsonSafe(
      [
        { note: phrase, user: 'ana' },
        { note: phrase, user: 'bo' },
      ],
      limits,
      true,
    );
    expect(redactValue(notes, 'data').leaks).toEqual([]);
    // the same place in another shape, where the value is a secret's
    const secrets = toJsonSafe(
      [
        { password: phrase, user: 'ana' },
        { password: phrase, user: 'bo' },
      ],
      limits,
      true,
    );
    expect(redactValue(secrets, 'data').value).toEqual([
      { password: '[redacted]', user: 'ana' },
      { password: '[redacted]', user: 'bo' },
    ]);
    // a getter that copies another shape while a row is read leaves each shape what it found
    const row = {
      note: phrase,
      get user() {
        toJsonSafe({ password: 'x', user: 'y' }, limits, true);
        return 'cy';
      },
    };
    expect(redactValue(toJsonSafe([row, { note: phrase, user: 'di' }], limits, true), 'data').leaks).toEqual(
      [],
    );
    toJsonSafe([{ password: '', user: 'ana' }], limits, true);
    const after = toJsonSafe([{ password: phrase, user: 'ana' }], limits, true);
    expect(redactValue(after, 'data').value).toEqual([{ password: '[redacted]', user: 'ana' }]);
  });

  it('answers for the copy it checked once, and then walks it like any value', () => {
    const copy = toJsonSafe({ rows: [{ sku: 'SKU-4411', status: 'north' }] }, limits, true) as {
      rows: Array<Record<string, string>>;
    };
    expect(redactValue(copy, 'data').leaks).toEqual([]);
    copy.rows[0]!['status'] = 'postgres://app:hunter2@db.internal:5432/shop';
    expect(redactValue(copy, 'data').leaks).not.toEqual([]);
  });
});
