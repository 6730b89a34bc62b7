import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStore, type RedisStore } from '../../src/adapters/redis/index.js';
import { silentLogger } from '../../src/observe/logger.js';
import { resolveBreakerOptions } from '../../src/policy/breaker-options.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import type { BreakerCommand, StateStore } from '../../src/state/state-store.js';
import { type RedisServer, startRedisServer } from '../helpers/redis-server.js';

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

  it('increments, writes, reads and clears one record atomically, under a hash-tagged key with a TTL', async () => {
    expect(
      await store.increment(
        'run:a',
        [
          ['x', 1],
          ['y', 2],
        ],
        60_000,
      ),
    ).toEqual([1, 2]);
    expect(await store.increment('run:a', [['x', 1]], 60_000)).toEqual([2]);
    await store.write('run:a', { halted: 'fatal' }, 60_000);
    expect(await store.read('run:a', ['x', 'y', 'halted', 'z'])).toEqual(['2', '2', 'fatal', undefined]);
    expect(await client.exists('tb:{run:a}')).toBe(1);
    const ttl = await client.pTTL('tb:{run:a}');
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await store.clear('run:a');
    expect(await store.read('run:a', ['x'])).toEqual([undefined]);
  });

  it('counts exactly under concurrent increments', async () => {
    await Promise.all(Array.from({ length: 200 }, () => store.increment('run:busy', [['n', 1]], 60_000)));
    expect(await store.read('run:busy', ['n'])).toEqual(['200']);
  });

  it('gives a lease to one holder at a time, and only the holder can release it', async () => {
    expect(await store.acquireLease('probe', 'a', 60_000)).toBe(true);
    expect(await store.acquireLease('probe', 'b', 60_000)).toBe(false);
    await store.releaseLease('probe', 'b');
    expect(await store.acquireLease('probe', 'b', 60_000)).toBe(false);
    await store.releaseLease('probe', 'a');
    expect(await store.acquireLease('probe', 'b', 60_000)).toBe(true);
  });

  it('falls back to EVAL when Redis has forgotten its scripts', async () => {
    await client.scriptFlush();
    const before = store.roundTrips;
    expect(await store.increment('run:flushed', [['n', 1]], 60_000)).toEqual([1]);
    expect(store.roundTrips - before).toBe(2);
    expect(await store.increment('run:flushed', [['n', 1]], 60_000)).toEqual([2]);
    expect(store.roundTrips - before).toBe(3);
    expect(store.degraded).toBe(false);
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
