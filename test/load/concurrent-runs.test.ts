import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher } from '../../src/boundary/create-dispatcher.js';
import { silentLogger } from '../../src/observe/logger.js';
import { correctable } from '../../src/outcome/constructors.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import { defineTool } from '../../src/tool/define-tool.js';
import { createFakeClock } from '../helpers/fake-clock.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const RUNS = 2_000;
const CALLS_PER_RUN = 10;

describe('2,000 concurrent runs of 10 calls on the in-memory store', () => {
  it('keeps every run counter exact, lets none bleed across runs, and frees memory after the TTL', async () => {
    const clock = createFakeClock();
    const store = createMemoryStore({ clock });
    const tool = defineTool({
      name: 'flaky',
      description: 'fails on odd numbers',
      input: z.object({ run: z.number(), n: z.number() }),
      run: async ({ n }) => {
        await new Promise((resolve) => setImmediate(resolve));
        return n % 2 === 1 ? correctable({ error: `odd_${n % 4}`, message: 'odd' }) : { n };
      },
    });
    const dispatcher = createDispatcher({
      tools: [tool],
      store,
      clock,
      logger: silentLogger,
      policy: {
        maxSameFailures: 3,
        maxFailedCalls: 100,
        escalateAfterSameError: 100,
        retries: { correctable: 100 },
        runTtlMs: 60_000,
      },
    });
    collectGarbage();
    const baseline = process.memoryUsage().heapUsed;

    let results:
      | Array<{ run: number; messages: Awaited<ReturnType<typeof dispatcher.dispatch>>[] }>
      | undefined = await Promise.all(
      Array.from({ length: RUNS }, async (_, run) => {
        // each run makes 10 distinct calls, so no run may ever reach the repeat limit of 3
        const messages = await Promise.all(
          Array.from({ length: CALLS_PER_RUN }, (_, n) =>
            dispatcher.dispatch(
              { id: `${run}-${n}`, name: 'flaky', arguments: { run, n } },
              { runId: `run-${run}` },
            ),
          ),
        );
        return { run, messages };
      }),
    );

    for (const { run, messages } of results ?? []) {
      expect(messages.map((message) => message.toolCallId)).toEqual(
        Array.from({ length: CALLS_PER_RUN }, (_, n) => `${run}-${n}`),
      );
      expect(messages.some((message) => message.halt)).toBe(false);
    }
    // exact counters: 5 failures per run, with 8 keyed counters (5 calls, 2 error codes, 1 class),
    // no reservation left behind, and nothing else
    for (let run = 0; run < RUNS; run++) {
      expect(await store.inspectRun(`run:run-${run}`)).toMatchObject({
        failedCalls: 5,
        keys: 8,
        reservations: 0,
      });
    }
    expect(store.size).toBe(RUNS);

    collectGarbage();
    const loaded = process.memoryUsage().heapUsed;
    results = undefined; // the test's own copy of the messages must not count as the store's memory
    clock.advance(60_001);
    store.sweep();
    expect(store.size).toBe(0);
    collectGarbage();
    const after = process.memoryUsage().heapUsed;
    // back near the baseline: a few MB of slack for compiled code and vitest's own bookkeeping
    expect(after - baseline).toBeLessThan(8 * 1024 * 1024);
    expect(loaded - baseline).toBeGreaterThan(after - baseline);
  });
});
