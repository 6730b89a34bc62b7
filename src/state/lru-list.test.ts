import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruList } from './lru-list.js';

describe('LruList', () => {
  it('behaves like a map in use order, whatever the sequence of operations', () => {
    // twelve keys: a list holds up to eight in a flat array and then moves to its map and nodes
    const key = fc.constantFrom('a', 'b', 'c', '', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k');
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        key,
        value: fc.nat(),
      }),
      fc.record({ kind: fc.constant('set' as const), key, value: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), key }),
      fc.record({ kind: fc.constant('touch' as const), key }),
      fc.record({ kind: fc.constant('get' as const), key }),
      fc.record({ kind: fc.constant('shift' as const) }),
      fc.record({ kind: fc.constant('clear' as const) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 80 }), (operations) => {
        const list = new LruList<number>();
        // the model: a Map re-inserted on use keeps use order
        const model = new Map<string, number>();
        for (const step of operations) {
          if (step.kind === 'set') {
            list.set(step.key, step.value);
            model.delete(step.key);
            model.set(step.key, step.value);
          } else if (step.kind === 'delete') {
            expect(list.delete(step.key)).toBe(model.delete(step.key));
          } else if (step.kind === 'get') {
            expect(list.get(step.key)).toBe(model.get(step.key));
            expect(list.has(step.key)).toBe(model.has(step.key));
          } else if (step.kind === 'touch') {
            const value = model.get(step.key);
            expect(list.touch(step.key)).toBe(value);
            if (value !== undefined) {
              model.delete(step.key);
              model.set(step.key, value);
            }
          } else if (step.kind === 'shift') {
            const first = model.entries().next();
            expect(list.shift()).toEqual(
              first.done ? undefined : { key: first.value[0], value: first.value[1] },
            );
            if (!first.done) model.delete(first.value[0]);
          } else {
            list.clear();
            model.clear();
          }
          expect(list.size).toBe(model.size);
          expect([...list.entries()]).toEqual([...model.entries()]);
          expect(list.oldestValue()).toBe(model.values().next().value);
          const first = model.entries().next();
          expect(list.oldest()).toEqual(
            first.done ? undefined : { key: first.value[0], value: first.value[1] },
          );
        }
      }),
    );
  });
});
