import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRedisStore } from '../../src/adapters/redis/index.js';
import { createDispatcher } from '../../src/boundary/create-dispatcher.js';
import type { ToolboundEvent } from '../../src/observe/events.js';
import { silentLogger } from '../../src/observe/logger.js';
import { correctable } from '../../src/outcome/constructors.js';
import { defineTool } from '../../src/tool/define-tool.js';
import { startRedisServer } from '../helpers/redis-server.js';

const RUNS = 5_000;
const CALLS_PER_RUN = 10;

const connect = (url: string) =>
  createClient({ url, disableOfflineQueue: true })
    .on('error', () => {})
    .connect();

/** Reads a number from a section of INFO. */
async function info(client: Awaited<ReturnType<typeof connect>>, section: string, pattern: RegExp) {
  const text = await client.info(section);
  const match = pattern.exec(text);
  return match === null ? 0 : Number(match[1]);
}

describe(`a burst of ${RUNS.toLocaleString('en-US')} runs × ${CALLS_PER_RUN} parallel calls on a real Redis`, () => {
  it('keeps every run count exact, from a cold script cache, with the store on its defaults', async () => {
    const redis = await startRedisServer();
    const client = await connect(redis.url);
    const events: ToolboundEvent[] = [];
    try {
      const store = createRedisStore({
        client,
        logger: silentLogger,
        onEvent: (event) => events.push(event),
      });
      const tool = defineTool({
        name: 'find_order',
        description: 'always fails',
        input: z.object({ run: z.number(), n: z.number() }),
        run: async ({ n }) => correctable({ error: 'unknown_order', message: `No order ${n}.` }),
      });
      const dispatcher = createDispatcher({
        tools: [tool],
        store,
        logger: silentLogger,
        breaker: false,
        policy: { maxFailedCalls: CALLS_PER_RUN, maxSameFailures: 2, escalateAfterSameError: 1_000 },
      });
      await store.drain();
      await client.scriptFlush(); // the cold cache that once cost 39,293 NOSCRIPT replies
      const latencies: number[] = [];
      const started = Date.now();
      const messages = await Promise.all(
        Array.from({ length: RUNS }, (_, run) =>
          Promise.all(
            Array.from({ length: CALLS_PER_RUN }, async (_, n) => {
              const begun = performance.now();
              const message = await dispatcher.dispatch(
                { id: `${run}-${n}`, name: 'find_order', arguments: { run, n } },
                { runId: `burst-${run}` },
              );
              latencies.push(performance.now() - begun);
              return message;
            }),
          ),
        ),
      );
      const burstMs = Date.now() - started;
      for (const run of messages)
        for (const message of run) expect(message.outcome).toMatchObject({ class: 'correctable' });

      // whatever had to wait is sent by now, and a degraded spell has been replayed
      await store.drain();
      const deadline = Date.now() + 30_000;
      while ((store.degraded || store.backlog > 0) && Date.now() < deadline) {
        await store.inspectRun('run:burst-0'); // gives a recovery check its turn
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(store.degraded).toBe(false);
      await store.drain();

      // read back through another client, as another process would
      const reader = await connect(redis.url);
      try {
        const other = createRedisStore({ client: reader, logger: silentLogger, operationTimeoutMs: 5_000 });
        const counts = new Map<number, number>();
        for (let start = 0; start < RUNS; start += 500) {
          const batch = await Promise.all(
            Array.from({ length: 500 }, (_, offset) => other.inspectRun(`run:burst-${start + offset}`)),
          );
          for (const record of batch) {
            const failed = record?.failedCalls ?? 0;
            counts.set(failed, (counts.get(failed) ?? 0) + 1);
            expect(record?.reservations ?? 0).toBe(0);
          }
        }
        expect([...counts]).toEqual([[CALLS_PER_RUN, RUNS]]);
        expect(other.degraded).toBe(false);
      } finally {
        await reader.quit().catch(() => {});
      }

      const noscript = await info(client, 'errorstats', /errorstat_NOSCRIPT:count=(\d+)/);
      expect(noscript).toBeLessThanOrEqual(64); // at most the operations in flight when it was flushed
      latencies.sort((a, b) => a - b);
      const p = (q: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(0);
      console.log(
        `burst: ${RUNS * CALLS_PER_RUN} dispatches in ${burstMs} ms; latency p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms; ` +
          `NOSCRIPT replies ${noscript}; store events ${JSON.stringify(events.map((event) => event.type))}`,
      );
    } finally {
      await client.quit().catch(() => {});
      await redis.stop();
    }
  }, 120_000);
});
