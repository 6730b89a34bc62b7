import fc from 'fast-check';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStore, type RedisStore } from '../../src/adapters/redis/index.js';
import { silentLogger } from '../../src/observe/logger.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import type { BreakerCommand, BreakerReply, BreakerSettings } from '../../src/state/state-store.js';
import { type RedisServer, startRedisServer } from '../helpers/redis-server.js';

// The breaker exists twice: in TypeScript for the in-memory store and in Lua for Redis. This
// property runs random command sequences through both and requires the same replies, step by step.
// Times are chosen so that no answer depends on which clock read them: a window and a lease far
// longer than a test, and a breaker that stays open either "for ever" or for 0 ms.

const FOREVER_MS = 1_000_000_000;
const HOLDERS = ['p1', 'p2', 'p3'];

const command: fc.Arbitrary<BreakerCommand> = fc.oneof(
  fc.record({
    kind: fc.constant('admit' as const),
    holder: fc.constantFrom(...HOLDERS),
    leaseMs: fc.constant(FOREVER_MS),
    successes: fc.nat(2),
  }),
  fc.record({
    kind: fc.constant('record' as const),
    holder: fc.constantFrom(...HOLDERS),
    result: fc.constantFrom('success' as const, 'failure' as const, 'neutral' as const),
    probe: fc.boolean(),
    successes: fc.nat(2),
  }),
);

const settings: fc.Arbitrary<BreakerSettings> = fc.record({
  consecutiveFailures: fc.integer({ min: 1, max: 4 }),
  failureRatio: fc.constantFrom(0.25, 0.5, 1),
  minimumCalls: fc.integer({ min: 1, max: 6 }),
  windowMs: fc.constant(FOREVER_MS),
  openMs: fc.constantFrom(0, FOREVER_MS),
  ttlMs: fc.constant(FOREVER_MS),
});

/** What must agree; the wait may differ by the few milliseconds between the two clocks. */
const comparable = (reply: BreakerReply) => ({
  state: reply.state,
  admitted: reply.admitted,
  probe: reply.probe,
  transition: reply.transition,
  waiting: reply.retryAfterMs > 1_000,
});

const connect = (url: string) =>
  createClient({ url, disableOfflineQueue: true })
    .on('error', () => {})
    .connect();

describe('the Lua breaker and the TypeScript breaker', () => {
  let redis: RedisServer;
  let client: Awaited<ReturnType<typeof connect>>;
  let store: RedisStore;
  let service = 0;

  beforeAll(async () => {
    redis = await startRedisServer();
    client = await connect(redis.url);
    store = createRedisStore({ client, logger: silentLogger, operationTimeoutMs: 5_000 });
  });

  afterAll(async () => {
    await client?.quit().catch(() => {});
    await redis?.stop();
  });

  it('answer every command sequence the same way', async () => {
    await fc.assert(
      fc.asyncProperty(
        settings,
        fc.array(command, { minLength: 1, maxLength: 40 }),
        async (chosen, commands) => {
          const name = `parity-${service++}`;
          const memory = createMemoryStore();
          for (const [index, step] of commands.entries()) {
            const expected = await memory.updateBreaker!(name, step, chosen);
            const actual = await store.updateBreaker!(name, step, chosen);
            expect({ step: index, ...comparable(actual) }).toEqual({ step: index, ...comparable(expected) });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
