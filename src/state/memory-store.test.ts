import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test/helpers/fake-clock.js';
import { CONTRACT_SETTINGS, runStoreContract } from '../../test/redis/run-store-contract.js';
import { createMemoryStore } from './memory-store.js';

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

  it('rejects a nonsense bound', () => {
    expect(() => createMemoryStore({ maxRecords: 0 })).toThrow(RangeError);
  });
});
