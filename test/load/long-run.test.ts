import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRedisStore } from '../../src/adapters/redis/index.js';
import { createDispatcher } from '../../src/boundary/create-dispatcher.js';
import { silentLogger } from '../../src/observe/logger.js';
import { correctable } from '../../src/outcome/constructors.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import type { StateStore } from '../../src/state/state-store.js';
import { defineTool } from '../../src/tool/define-tool.js';
import { startRedisServer } from '../helpers/redis-server.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

// every call fails with new arguments and a new error code, the worst case for a run record
const tool = defineTool({
  name: 'search',
  description: 'always fails',
  input: z.object({ q: z.number() }),
  run: async ({ q }) => correctable({ error: `no_match_${q % 5_000}`, message: 'No match.' }),
});
const POLICY = {
  maxFailedCalls: 1_000_000_000,
  maxSameFailures: 1_000_000_000,
  escalateAfterSameError: 1_000_000_000,
  retries: { correctable: 1_000_000_000 },
};

async function drive(store: StateStore, calls: number, batch: number) {
  const dispatcher = createDispatcher({
    tools: [tool],
    store,
    logger: silentLogger,
    policy: POLICY,
    breaker: false,
  });
  for (let start = 0; start < calls; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, calls - start) }, (_, offset) =>
        dispatcher.dispatch(
          { id: `c${start + offset}`, name: 'search', arguments: { q: start + offset } },
          { runId: 'session' },
        ),
      ),
    );
  }
}

describe('one long-lived run (an MCP session used as the run id)', () => {
  it('keeps its record bounded in memory over 300,000 calls', async () => {
    const store = createMemoryStore();
    await drive(store, 1_000, 100); // compile and warm up before the baseline
    collectGarbage();
    const baseline = process.memoryUsage().heapUsed;
    await drive(store, 300_000, 200);
    collectGarbage();
    const grown = process.memoryUsage().heapUsed - baseline;
    const record = await store.inspectRun('run:session');
    expect(record?.failedCalls).toBe(301_000);
    expect(record?.keys).toBeLessThanOrEqual(256); // maxKeysPerRun
    expect(record?.reservations).toBe(0);
    // documented bound: one run record stays under 256 KB whatever the run does
    expect(grown).toBeLessThan(1024 * 1024);
  }, 120_000);

  it('keeps its record bounded in Redis', async () => {
    const redis = await startRedisServer();
    const client = await createClient({ url: redis.url, disableOfflineQueue: true })
      .on('error', () => {})
      .connect();
    try {
      const store = createRedisStore({
        client,
        logger: silentLogger,
        keyPrefix: 'long:',
        operationTimeoutMs: 5_000,
      });
      await drive(store, 20_000, 200);
      const record = await store.inspectRun('run:session');
      expect(record?.failedCalls).toBe(20_000);
      expect(record?.keys).toBeLessThanOrEqual(256);
      // every key the store made for it, whatever they are called, under the documented 128 KB
      let bytes = 0;
      for await (const keys of client.scanIterator({ MATCH: 'long:*', COUNT: 1_000 }))
        for (const key of keys) bytes += Number(await client.memoryUsage(key));
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThan(128 * 1024);
      console.log(`one run after 20,000 failed calls: ${bytes} bytes in Redis, ${record?.keys} keys`);
    } finally {
      await client.quit().catch(() => {});
      await redis.stop();
    }
  }, 120_000);
});
