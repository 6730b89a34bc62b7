import fc from 'fast-check';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../../src/adapters/redis/index.js';
import { silentLogger } from '../../src/observe/logger.js';
import type { ApprovalCommand } from '../../src/state/approval-records.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import type { StateStore } from '../../src/state/state-store.js';
import { type RedisServer, startRedisServer } from '../helpers/redis-server.js';

const command: fc.Arbitrary<ApprovalCommand> = fc.oneof(
  fc.record({
    kind: fc.constant('put' as const),
    value: fc.string({ maxLength: 20 }),
    ttlMs: fc.constant(60_000),
    replace: fc.boolean(),
  }),
  fc.constant({ kind: 'read' as const }),
  fc.record({ kind: fc.constant('claim' as const), holder: fc.constantFrom('a', 'b') }),
  fc.constant({ kind: 'delete' as const }),
);

describe('approval records: Redis and memory agree', () => {
  let redis: RedisServer;
  let client: Awaited<ReturnType<typeof connect>>;
  const connect = (url: string) =>
    createClient({ url, disableOfflineQueue: true })
      .on('error', () => {})
      .connect();

  beforeAll(async () => {
    redis = await startRedisServer();
    client = await connect(redis.url);
  });
  afterAll(async () => {
    await client?.quit().catch(() => {});
    await redis?.stop();
  });

  it('answers every sequence of commands on one key the same way', async () => {
    const shared: StateStore = createRedisStore({ client, logger: silentLogger, operationTimeoutMs: 2_000 });
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 12 }), async (commands) => {
        const key = `property-${round++}`;
        const local = createMemoryStore();
        for (const each of commands)
          expect(await shared.updateApproval!(key, each)).toEqual(await local.updateApproval!(key, each));
      }),
      { numRuns: 60 },
    );
  });

  it('lets exactly one of many concurrent claims win, and counts to the limit and no further', async () => {
    const stores: StateStore[] = [
      createRedisStore({ client, logger: silentLogger, operationTimeoutMs: 2_000 }),
      createRedisStore({ client: await connect(redis.url), logger: silentLogger, operationTimeoutMs: 2_000 }),
      createMemoryStore(),
    ];
    for (const [index, store] of stores.entries()) {
      const peer = index < 2 ? stores[1 - index]! : store;
      await store.updateApproval!(`claim-${index}`, { kind: 'put', value: 'v', ttlMs: 60_000 });
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          (n % 2 === 0 ? store : peer).updateApproval!(`claim-${index}`, { kind: 'claim', holder: `h${n}` }),
        ),
      );
      expect(claims.filter((reply) => reply.status === 'claimed')).toEqual([
        { status: 'claimed', value: 'v' },
      ]);
      expect(claims.filter((reply) => reply.status === 'used')).toHaveLength(19);
      const counts = await Promise.all(
        Array.from({ length: 9 }, (_, n) =>
          (n % 2 === 0 ? store : peer).updateApproval!(`count-${index}`, {
            kind: 'count',
            limit: 4,
            ttlMs: 60_000,
          }),
        ),
      );
      expect(counts.filter((reply) => reply.status === 'counted')).toHaveLength(4);
      expect(counts.filter((reply) => reply.status === 'exhausted')).toHaveLength(5);
    }
  });
});
