import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test/helpers/fake-clock.js';
import { CONTRACT_SETTINGS, runStoreContract } from '../../test/redis/run-store-contract.js';
import { createMemoryStore, updateRunNow } from './memory-store.js';
import type { RunCommand, RunSettings } from './state-store.js';

const failure = (call: string) =>
  ({ kind: 'settle', id: '', call, failure: { error: 'e', class: 'k', fatal: false } }) as const;

describe('createMemoryStore: the run-record contract', () => {
  const store = createMemoryStore();
  runStoreContract(() => store);
});

describe('createMemoryStore', () => {
  it('never holds more than maxRecords, dropping the least recently written', async () => {
    const store = createMemoryStore({ maxRecords: 3 });
    for (const scope of ['a', 'b', 'c']) await store.updateRun(scope, failure('x'), CONTRACT_SETTINGS);
    await store.updateRun('a', failure('y'), CONTRACT_SETTINGS); // a is now the most recent
    await store.updateRun('d', failure('x'), CONTRACT_SETTINGS);
    expect(store.size).toBe(3);
    expect(await store.inspectRun('b')).toBeUndefined();
    expect(await store.inspectRun('a')).toMatchObject({ failedCalls: 2 });
  });

  it('expires a record after its idle time to live, counted from the last write', async () => {
    const clock = createFakeClock();
    const store = createMemoryStore({ clock });
    const settings = { ...CONTRACT_SETTINGS, idleTtlMs: 100 };
    await store.updateRun('run:a', failure('x'), settings);
    clock.advance(60);
    await store.updateRun('run:a', failure('y'), settings);
    clock.advance(60);
    expect(await store.inspectRun('run:a')).toMatchObject({ failedCalls: 2 });
    clock.advance(41);
    expect(await store.inspectRun('run:a')).toBeUndefined();
  });

  it('drops expired records as writes arrive, and sweep() drops the rest', async () => {
    const clock = createFakeClock();
    const store = createMemoryStore({ clock });
    const settings = { ...CONTRACT_SETTINGS, idleTtlMs: 50 };
    for (let index = 0; index < 500; index++) await store.updateRun(`run:${index}`, failure('x'), settings);
    expect(store.size).toBe(500);
    clock.advance(51);
    for (let index = 0; index < 100; index++) await store.updateRun(`fresh:${index}`, failure('x'), settings);
    expect(store.size).toBeLessThanOrEqual(500 + 100 - 200);
    clock.advance(51);
    store.sweep();
    expect(store.size).toBe(0);
  });

  it('does not create a record for a success that held no reservation', async () => {
    const store = createMemoryStore();
    await store.updateRun('run:ok', { kind: 'settle', id: '', call: 'c' }, CONTRACT_SETTINGS);
    expect(store.size).toBe(0);
  });

  it('keeps no record for a run whose calls all succeeded, and keeps one with a failure', async () => {
    const store = createMemoryStore();
    const reserve = (id: string) =>
      ({ kind: 'reserve', id, call: 'c', unavailable: 'u', leaseMs: 1_000 }) as const;
    expect(await store.updateRun('run:ok', reserve('1'), CONTRACT_SETTINGS)).toEqual({ kind: 'admitted' });
    expect(await store.updateRun('run:ok', reserve('2'), CONTRACT_SETTINGS)).toEqual({ kind: 'admitted' });
    expect(await store.inspectRun('run:ok')).toMatchObject({ reservations: 2 });
    await store.updateRun('run:ok', { kind: 'settle', id: '1', call: 'c' }, CONTRACT_SETTINGS);
    expect(await store.inspectRun('run:ok')).toMatchObject({ reservations: 1 });
    await store.updateRun('run:ok', { kind: 'settle', id: '2', call: 'c' }, CONTRACT_SETTINGS);
    expect(store.size).toBe(0);
    await store.updateRun('run:bad', reserve('3'), CONTRACT_SETTINGS);
    await store.updateRun('run:bad', { ...failure('c'), id: '3' }, CONTRACT_SETTINGS);
    expect(await store.inspectRun('run:bad')).toMatchObject({ failedCalls: 1, reservations: 0 });
    await store.updateRun('run:bad', reserve('4'), CONTRACT_SETTINGS);
    await store.updateRun('run:bad', { kind: 'settle', id: '4', call: 'c' }, CONTRACT_SETTINGS);
    expect(await store.inspectRun('run:bad')).toMatchObject({ failedCalls: 1, reservations: 0 });
  });

  it('holds a lone call without a record, and answers every command as a store holding its record would', async () => {
    // the reference store's lone place is taken for good by a run nobody touches, so each of its
    // runs has an ordinary record; the store under test holds lone calls in that place
    type Step =
      | { op: 'reserve'; scope: number; call: number; leaseMs: number }
      | {
          op: 'succeed' | 'fail';
          scope: number;
          call: number;
          held: number;
          fatal: boolean;
          unavailable: boolean;
        }
      | { op: 'clear'; scope: number }
      | { op: 'advance'; ms: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        op: fc.constant('reserve' as const),
        scope: fc.nat(2),
        call: fc.nat(1),
        leaseMs: fc.constantFrom(10, 1_000),
      }),
      fc.record({
        op: fc.constantFrom('succeed' as const, 'fail' as const),
        scope: fc.nat(2),
        call: fc.nat(1),
        held: fc.nat(6),
        fatal: fc.boolean(),
        unavailable: fc.boolean(),
      }),
      fc.record({ op: fc.constant('clear' as const), scope: fc.nat(2) }),
      fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(0, 5, 50, 2_000) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom(100, 5_000),
        async (steps, maxFailedCalls, maxSameFailures, idleTtlMs) => {
          const clock = createFakeClock();
          const settings: RunSettings = { ...CONTRACT_SETTINGS, maxFailedCalls, maxSameFailures, idleTtlMs };
          const tested = createMemoryStore({ clock });
          const reference = createMemoryStore({ clock });
          const testedNow = updateRunNow(tested)!;
          const referenceNow = updateRunNow(reference)!;
          const pinned = { kind: 'reserve', id: 'pin', call: 'p', unavailable: 'u', leaseMs: 1e15 } as const;
          referenceNow('run:pinned', pinned, { ...settings, idleTtlMs: 1e15, maxLifetimeMs: 1e15 });
          const ids: string[] = [];
          const snapshots = async () =>
            Promise.all(
              [0, 1, 2].flatMap((scope) => [
                tested.inspectRun(`run:${scope}`),
                reference.inspectRun(`run:${scope}`),
              ]),
            );
          for (const [index, next] of steps.entries()) {
            if (next.op === 'advance') clock.advance(next.ms);
            else if (next.op === 'clear') {
              await tested.clear(`run:${next.scope}`);
              await reference.clear(`run:${next.scope}`);
            } else {
              let command: RunCommand;
              if (next.op === 'reserve') {
                const id = `id-${index}`;
                ids.push(id);
                command = {
                  kind: 'reserve',
                  id,
                  call: `c${next.call}`,
                  unavailable: 'u',
                  leaseMs: next.leaseMs,
                };
              } else {
                const id = ids[next.held] ?? '';
                command =
                  next.op === 'succeed'
                    ? { kind: 'settle', id, call: `c${next.call}` }
                    : {
                        kind: 'settle',
                        id,
                        call: `c${next.call}`,
                        failure: {
                          error: 'e',
                          class: 'k',
                          fatal: next.fatal,
                          ...(next.unavailable ? { unavailable: { key: 'u', value: '{}' } } : {}),
                        },
                      };
              }
              const scope = `run:${next.scope}`;
              expect(testedNow(scope, command, settings)).toEqual(referenceNow(scope, command, settings));
            }
            const [t0, r0, t1, r1, t2, r2] = await snapshots();
            expect([t0, t1, t2]).toEqual([r0, r1, r2]);
            expect(tested.size).toBe(reference.size - 1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers the run policy without a promise, as updateRun answers', async () => {
    const store = createMemoryStore();
    const now = updateRunNow(store);
    expect(now).toBeTypeOf('function');
    expect(now?.('run:a', failure('x'), CONTRACT_SETTINGS)).toMatchObject({ kind: 'settled', failed: 1 });
    expect(await store.inspectRun('run:a')).toMatchObject({ failedCalls: 1 });
    expect(updateRunNow({ ...store })).toBeUndefined(); // a wrapper may do more: it gets its own calls
  });

  it('rejects a nonsense bound', () => {
    expect(() => createMemoryStore({ maxRecords: 0 })).toThrow(RangeError);
  });
});
