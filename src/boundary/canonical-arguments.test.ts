import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callKey, canonicalArgumentsKey, canonicalJson } from './canonical-arguments.js';

/** The first version's writer: signed paused-run states depend on its output, byte for byte. */
function reference(value: unknown, depth = 0): string {
  if (depth > 100) return '"…"';
  if (Array.isArray(value)) return `[${value.map((item) => reference(item, depth + 1)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${reference((value as Record<string, unknown>)[key], depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const anything = fc.anything({
  withSparseArray: true,
  withNullPrototype: true,
  withObjectString: true,
  withDate: true,
  withMap: true,
  maxDepth: 4,
  values: [fc.jsonValue(), fc.constant(undefined), fc.double(), fc.string({ unit: 'binary' })],
});

/** The same object with its keys written in the reverse order, all the way down. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((key) => [key, reversed((value as Record<string, unknown>)[key])]),
  );
}

describe('canonicalJson', () => {
  it('writes exactly what the first version wrote, so signed states and hashes never change', () => {
    fc.assert(
      fc.property(anything, (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
  });

  it('writes objects that JSON.stringify would write otherwise by their keys, like the first version', () => {
    const odd = [
      new Date(0),
      new String('ab'),
      Object.assign(Object.create({ toJSON: () => 'x' }), { a: 1 }),
    ];
    for (const value of odd) expect(canonicalJson({ value })).toBe(reference({ value }));
    const ownProto = JSON.parse('{"z":1,"__proto__":{"b":2},"a":"x"}') as unknown;
    expect(canonicalJson(ownProto)).toBe(reference(ownProto));
    expect(canonicalJson(JSON.parse('{"z":1,"__proto__":2,"a":"x"}'))).toBe('{"__proto__":2,"a":"x","z":1}');
    expect(canonicalJson(new Date(0))).toBe('{}');
  });

  it('does not depend on key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(reversed(value))).toBe(canonicalJson(value));
      }),
    );
  });

  it('cuts off past a hundred levels instead of overflowing the stack', () => {
    let deep: unknown = 1;
    for (let index = 0; index < 10_000; index++) deep = [deep];
    expect(canonicalJson(deep)).toContain('"…"');
  });
});

describe('canonicalArgumentsKey', () => {
  it('is the hash of the canonical JSON', () => {
    const args = { b: [1, { d: 2, c: 3 }], a: 'x' };
    const expected = createHash('sha256').update(reference(args)).digest('base64url').slice(0, 22);
    expect(canonicalArgumentsKey(args)).toBe(expected);
  });
});

describe('callKey', () => {
  it('keeps short arguments as their canonical JSON and hashes long ones', () => {
    expect(callKey({ b: 2, a: 1 })).toBe('={"a":1,"b":2}');
    const long = { text: 'x'.repeat(100) };
    expect(callKey(long)).toBe(canonicalArgumentsKey(long));
  });

  it('gives equal keys exactly to arguments with the same canonical JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (first, second) => {
        const same = canonicalJson(first) === canonicalJson(second);
        expect(callKey(first) === callKey(second)).toBe(same);
        expect(callKey(reversed(first))).toBe(callKey(first));
      }),
    );
  });
});
