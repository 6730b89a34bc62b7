import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStore, type RedisStore } from '../../src/adapters/redis/index.js';
import type { ToolboundEvent } from '../../src/observe/events.js';
import { silentLogger } from '../../src/observe/logger.js';
import { resolveBreakerOptions } from '../../src/policy/breaker-options.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import type { BreakerCommand, StateStore } from '../../src/state/state-store.js';
import { type RedisServer, startRedisServer } from '../helpers/redis-server.js';
import { CONTRACT_SETTINGS, runStoreContract } from './run-store-contract.js';

const connect = (url: string) =>
  createClient({ url, disableOfflineQueue: true })
    .on('error', () => {})
    .connect();

describe('createRedisStore on a real Redis', () => {
  let redis: RedisServer;
  let client: Awaited<ReturnType<typeof connect>>;
  let store: RedisStore;

  beforeAll(async () => {
    redis = await startRedisServer();
    client = await connect(redis.url);
    store = createRedisStore({ client, logger: silentLogger });
  });

  afterAll(async () => {
    await client?.quit().catch(() => {});
    await redis?.stop();
  });

  describe('the run-record contract', () => {
    runStoreContract(() => store);
  });

  it('loads its scripts again after SCRIPT FLUSH, without degrading', async () => {
    await client.scriptFlush();
    const settle = {
      kind: 'settle',
      id: '',
      call: 'c',
      failure: { error: 'e', class: 'k', fatal: false },
    } as const;
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        store.updateRun('run:flushed', settle, {
          ...CONTRACT_SETTINGS,
          maxSameFailures: 100,
          maxFailedCalls: 100,
        }),
      ),
    );
    expect(
      replies.map((reply) => (reply.kind === 'settled' ? reply.failed : 0)).sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(store.degraded).toBe(false);
  });

  it('puts only the run whose key holds the wrong type on local state, names the key, and keeps every other run shared', async () => {
    const events: ToolboundEvent[] = [];
    const prefix = 'wrongtype:';
    const own = createRedisStore({
      client,
      logger: silentLogger,
      keyPrefix: prefix,
      onEvent: (event) => events.push(event),
    });
    const other = createRedisStore({ client, logger: silentLogger, keyPrefix: prefix });
    const settle = {
      kind: 'settle',
      id: '',
      call: 'c',
      failure: { error: 'e', class: 'k', fatal: false },
    } as const;
    const settings = { ...CONTRACT_SETTINGS, maxSameFailures: 100, maxFailedCalls: 100 };
    await own.updateRun('run:victim', settle, settings);
    // someone else's data lands on every key of that run: whatever the store calls them
    const keys = await client.keys(`${prefix}*victim*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      await client.del(key);
      await client.set(key, 'not a hash');
    }
    expect(await own.updateRun('run:victim', settle, settings)).toMatchObject({ kind: 'settled' });
    for (let index = 0; index < 5; index++) await own.updateRun(`run:healthy-${index}`, settle, settings);
    expect(own.degraded).toBe(false);
    // the healthy runs are in Redis, where another process sees them
    for (let index = 0; index < 5; index++)
      expect(await other.inspectRun(`run:healthy-${index}`)).toMatchObject({ failedCalls: 1 });
    const degraded = events.filter((event) => event.type === 'store.degraded');
    expect(degraded).toHaveLength(1);
    expect(degraded[0]).toMatchObject({ runId: 'victim' });
    expect(keys).toContain((degraded[0] as { key?: string }).key);
  });

  it('keeps a breaker and its probe lease in one Cluster hash slot', async () => {
    const settings = resolveBreakerOptions().settings;
    await store.updateBreaker!(
      'billing',
      { kind: 'admit', holder: 'h', leaseMs: 1_000, successes: 0 },
      settings,
    );
    expect(await client.keys('tb:{breaker:billing}*')).toEqual(['tb:{breaker:billing}']);
  });

  it('runs the breaker state machine exactly as the memory store does', async () => {
    const settings = resolveBreakerOptions({
      consecutiveFailures: 3,
      minimumCalls: 6,
      failureRatio: 0.5,
      openMs: 600_000,
    }).settings;
    const script: BreakerCommand[] = [
      { kind: 'record', holder: 'x', result: 'success', probe: false, successes: 2 },
      { kind: 'record', holder: 'x', result: 'failure', probe: false, successes: 0 },
      { kind: 'record', holder: 'x', result: 'neutral', probe: false, successes: 0 },
      { kind: 'record', holder: 'x', result: 'failure', probe: false, successes: 0 },
      { kind: 'admit', holder: 'x', leaseMs: 1_000, successes: 0 },
      { kind: 'record', holder: 'x', result: 'failure', probe: false, successes: 0 }, // 3 of 5, then 3 in a row
      { kind: 'admit', holder: 'y', leaseMs: 1_000, successes: 4 },
      { kind: 'record', holder: 'y', result: 'success', probe: true, successes: 0 },
    ];
    const run = async (target: StateStore, service: string) => {
      const replies = [];
      for (const command of script) {
        const { retryAfterMs, ...reply } = await target.updateBreaker!(service, command, settings);
        replies.push({ ...reply, waiting: retryAfterMs > 0 });
      }
      return replies;
    };
    const expected = await run(createMemoryStore(), 'twin');
    expect(expected.map((reply) => reply.transition)).toContain('opened');
    expect(await run(store, 'twin')).toEqual(expected);
  });
});
