import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test/helpers/fake-clock.js';
import { CONTRACT_SETTINGS, runStoreContract } from '../../test/redis/run-store-contract.js';
import { createMemoryStore, updateRunNow } from './memory-store.js';

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
