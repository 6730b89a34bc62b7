/**
 * What every StateStore must do with run records, run against the in-memory store
 * (src/state/memory-store.test.ts) and a real redis-server (test/redis/redis-store.test.ts).
 * Only the public StateStore interface is used: no key names, no fields.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { RunCommand, RunSettings, StateStore } from '../../src/state/state-store.js';

export const CONTRACT_SETTINGS: RunSettings = {
  maxFailedCalls: 5,
  maxSameFailures: 2,
  shortCircuitUnavailable: true,
  idleTtlMs: 60_000,
  maxLifetimeMs: 3_600_000,
  maxKeys: 16,
};

const failure = (
  call: string,
  error = 'e',
  extra: Partial<Extract<RunCommand, { kind: 'settle' }>['failure']> = {},
) =>
  ({
    kind: 'settle',
    id: '',
    call,
    failure: { error, class: 'k-correctable', fatal: false, ...extra },
  }) as const;
const reserve = (id: string, call: string, leaseMs = 60_000) =>
  ({ kind: 'reserve', id, call, unavailable: 'u-tool', leaseMs }) as const;

let unique = 0;
const scope = () => `run:contract-${process.pid}-${Date.now()}-${++unique}`;

/** Registers the contract's tests; `store()` is read when each test runs. */
export function runStoreContract(store: () => StateStore): void {
  it('counts failures per call, per error and per class, and the failed calls of the run', async () => {
    const s = scope();
    const settings = { ...CONTRACT_SETTINGS, maxSameFailures: 10, maxFailedCalls: 10 };
    expect(await store().updateRun(s, failure('c1'), settings)).toEqual({
      kind: 'settled',
      failed: 1,
      sameCall: 1,
      sameError: 1,
      sameClass: 1,
    });
    expect(await store().updateRun(s, failure('c2'), settings)).toMatchObject({
      failed: 2,
      sameCall: 1,
      sameError: 2,
    });
    expect(await store().updateRun(s, failure('c1', 'other'), settings)).toMatchObject({
      failed: 3,
      sameCall: 2,
      sameError: 1,
      sameClass: 3,
    });
    expect(await store().inspectRun(s)).toMatchObject({
      failedCalls: 3,
      halted: undefined,
      keys: 5,
      reservations: 0,
    });
    expect(await store().inspectRun(`${s}-other`)).toBeUndefined();
  });

  it('admits calls only while the ones in flight cannot overshoot maxFailedCalls, and frees places as they settle', async () => {
    const s = scope();
    const replies = [];
    for (let index = 0; index < 7; index++)
      replies.push(await store().updateRun(s, reserve(`r${index}`, `c${index}`), CONTRACT_SETTINGS));
    expect(replies.map((reply) => reply.kind)).toEqual([
      'admitted',
      'admitted',
      'admitted',
      'admitted',
      'admitted',
      'wait',
      'wait',
    ]);
    expect(await store().inspectRun(s)).toMatchObject({ reservations: 5, failedCalls: 0 });
    // a success frees its place; a failure uses one up
    await store().updateRun(s, { kind: 'settle', id: 'r0', call: 'c0' }, CONTRACT_SETTINGS);
    expect((await store().updateRun(s, reserve('r5', 'c5'), CONTRACT_SETTINGS)).kind).toBe('admitted');
    await store().updateRun(s, { ...failure('c1'), id: 'r1' }, CONTRACT_SETTINGS);
    expect((await store().updateRun(s, reserve('r6', 'c6'), CONTRACT_SETTINGS)).kind).toBe('wait');
    expect(await store().inspectRun(s)).toMatchObject({ reservations: 4, failedCalls: 1 });
  });

  it('holds identical calls in flight to what maxSameFailures leaves', async () => {
    const s = scope();
    const settings = { ...CONTRACT_SETTINGS, maxFailedCalls: 100 };
    await store().updateRun(s, failure('same'), settings);
    expect((await store().updateRun(s, reserve('a', 'same'), settings)).kind).toBe('admitted');
    expect((await store().updateRun(s, reserve('b', 'same'), settings)).kind).toBe('wait');
    expect((await store().updateRun(s, reserve('c', 'different'), settings)).kind).toBe('admitted');
  });

  it('halts on a fatal failure and on the repeat limit, and then refuses without writing', async () => {
    const s = scope();
    expect(await store().updateRun(s, failure('x', 'e', { fatal: true }), CONTRACT_SETTINGS)).toMatchObject({
      halt: 'fatal',
    });
    expect(await store().updateRun(s, reserve('a', 'y'), CONTRACT_SETTINGS)).toEqual({
      kind: 'halted',
      reason: 'fatal',
    });
    const t = scope();
    await store().updateRun(t, failure('x'), CONTRACT_SETTINGS);
    expect(await store().updateRun(t, failure('x'), CONTRACT_SETTINGS)).toMatchObject({
      halt: 'repeated_failure',
      sameCall: 2,
    });
    const before = await store().inspectRun(t);
    expect(await store().updateRun(t, reserve('b', 'z'), CONTRACT_SETTINGS)).toEqual({
      kind: 'halted',
      reason: 'repeated_failure',
    });
    expect(await store().inspectRun(t)).toMatchObject({
      failedCalls: before?.failedCalls,
      keys: before?.keys,
      reservations: 0,
    });
  });

  it('refuses at the failure cap without writing anything', async () => {
    const s = scope();
    const settings = { ...CONTRACT_SETTINGS, maxFailedCalls: 3, maxSameFailures: 100 };
    for (let index = 0; index < 3; index++) await store().updateRun(s, failure(`c${index}`), settings);
    expect(await store().updateRun(s, reserve('a', 'c9'), settings)).toEqual({ kind: 'capped', failed: 3 });
    expect(await store().inspectRun(s)).toMatchObject({ failedCalls: 3, reservations: 0 });
  });

  it('short-circuits a tool whose unavailable outcome is cached, counting the refusal as a failed call but adding no key', async () => {
    const s = scope();
    await store().updateRun(
      s,
      failure('c1', 'down', { unavailable: { key: 'u-tool', value: '{"x":1}' } }),
      CONTRACT_SETTINGS,
    );
    const keys = (await store().inspectRun(s))?.keys;
    expect(await store().updateRun(s, reserve('a', 'c2'), CONTRACT_SETTINGS)).toEqual({
      kind: 'unavailable',
      cached: '{"x":1}',
      failed: 2,
      sameCall: 0,
    });
    expect(await store().inspectRun(s)).toMatchObject({ failedCalls: 2, keys, reservations: 0 });
    // the identical call that failed before is a repeat: with maxSameFailures 2 it halts the run
    expect(await store().updateRun(s, reserve('b', 'c1'), CONTRACT_SETTINGS)).toEqual({
      kind: 'unavailable',
      cached: '{"x":1}',
      failed: 3,
      sameCall: 2,
      halt: 'repeated_failure',
    });
    expect(await store().inspectRun(s)).toMatchObject({ failedCalls: 3, keys, halted: 'repeated_failure' });
    const t = scope();
    await store().updateRun(
      t,
      failure('c1', 'down', { unavailable: { key: 'u-tool', value: '{"x":1}' } }),
      CONTRACT_SETTINGS,
    );
    const off = { ...CONTRACT_SETTINGS, shortCircuitUnavailable: false };
    expect((await store().updateRun(t, reserve('b', 'c2'), off)).kind).toBe('admitted');
  });

  it('keeps at most maxKeys keyed counters, forgetting the least recently used', async () => {
    const s = scope();
    const settings = { ...CONTRACT_SETTINGS, maxFailedCalls: 1_000, maxSameFailures: 1_000 };
    await store().updateRun(s, failure('kept'), settings);
    for (let index = 0; index < 40; index++) {
      await store().updateRun(s, failure(`c${index}`, 'e'), settings);
      if (index % 3 === 0) await store().updateRun(s, failure('kept', 'e'), settings); // keeps it recent
    }
    const snapshot = await store().inspectRun(s);
    expect(snapshot?.keys).toBeLessThanOrEqual(settings.maxKeys);
    expect(snapshot?.failedCalls).toBe(1 + 40 + 14);
    expect(await store().updateRun(s, failure('kept'), settings)).toMatchObject({ sameCall: 16 });
    expect(await store().updateRun(s, failure('c0'), settings)).toMatchObject({ sameCall: 1 }); // forgotten
  });

  it('lets a reservation lapse after its lease, so a caller that died holds no place', async () => {
    const s = scope();
    const settings = { ...CONTRACT_SETTINGS, maxFailedCalls: 1 };
    expect((await store().updateRun(s, reserve('a', 'c', 30), settings)).kind).toBe('admitted');
    expect((await store().updateRun(s, reserve('b', 'c2'), settings)).kind).toBe('wait');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await store().updateRun(s, reserve('b', 'c2'), settings)).kind).toBe('admitted');
  });

  it('starts a run over after maxLifetimeMs, however busy it is', async () => {
    const s = scope();
    const lifetimeMs = 600;
    const settings = {
      ...CONTRACT_SETTINGS,
      maxLifetimeMs: lifetimeMs,
      maxFailedCalls: 100,
      maxSameFailures: 100,
    };
    const bornBy = Date.now();
    await store().updateRun(s, failure('c'), settings);
    expect((await store().inspectRun(s))?.ttlMs ?? 0).toBeLessThanOrEqual(lifetimeMs);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await store().updateRun(s, failure('c'), settings);
    // a write does not push the end past the lifetime: what is left is what the first write allowed
    const elapsed = Date.now() - bornBy;
    if (elapsed < lifetimeMs)
      expect((await store().inspectRun(s))?.ttlMs ?? 0).toBeLessThanOrEqual(lifetimeMs - 190);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lifetimeMs + 20 - (Date.now() - bornBy))));
    expect(await store().updateRun(s, failure('c'), settings)).toMatchObject({ failed: 1, sameCall: 1 });
  });

  it('clears a run', async () => {
    const s = scope();
    await store().updateRun(s, failure('c'), CONTRACT_SETTINGS);
    await store().clear(s);
    expect(await store().inspectRun(s)).toBeUndefined();
  });

  it('counts any interleaving of concurrent failures exactly, run by run', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b', 'c')), { maxLength: 40 }),
        async (operations) => {
          const base = scope();
          const settings = { ...CONTRACT_SETTINGS, maxFailedCalls: 1_000, maxSameFailures: 1_000 };
          await Promise.all(
            operations.map(([run, call]) => store().updateRun(`${base}-${run}`, failure(call), settings)),
          );
          for (let run = 0; run < 4; run++) {
            const expected = operations.filter(([r]) => r === run).length;
            const snapshot = await store().inspectRun(`${base}-${run}`);
            expect(snapshot?.failedCalls ?? 0).toBe(expected);
          }
        },
      ),
      { numRuns: 20 },
    );
  });
}
