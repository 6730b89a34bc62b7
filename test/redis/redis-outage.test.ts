import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRedisStore, type RedisStore } from '../../src/adapters/redis/index.js';
import { createDispatcher, type Dispatcher } from '../../src/boundary/create-dispatcher.js';
import type { ToolboundEvent } from '../../src/observe/events.js';
import { silentLogger } from '../../src/observe/logger.js';
import { correctable } from '../../src/outcome/constructors.js';
import { defineTool } from '../../src/tool/define-tool.js';
import { type RedisServer, startRedisServer } from '../helpers/redis-server.js';

const connect = (url: string) =>
  createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: () => 50 } })
    .on('error', () => {})
    .connect();

describe('Redis killed and restarted in the middle of a run', () => {
  let redis: RedisServer;
  let client: Awaited<ReturnType<typeof connect>>;
  let store: RedisStore;
  let dispatcher: Dispatcher;
  const events: ToolboundEvent[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  let call = 0;

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    redis = await startRedisServer();
    client = await connect(redis.url);
    store = createRedisStore({
      client,
      logger: silentLogger,
      onEvent: (event) => events.push(event),
      operationTimeoutMs: 200,
      recoveryIntervalMs: 100,
    });
    const lookup = defineTool({
      name: 'find_order',
      description: 'finds an order',
      input: z.object({ order: z.string() }),
      run: async ({ order }) => correctable({ error: 'unknown_order', message: `No order ${order}.` }),
    });
    dispatcher = createDispatcher({
      tools: [lookup],
      store,
      logger: silentLogger,
      policy: { maxSameFailures: 1_000, maxFailedCalls: 1_000, escalateAfterSameError: 1_000 },
    });
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await client?.quit().catch(() => {});
    await redis?.stop();
  });

  const fail = () =>
    dispatcher.dispatch(
      { id: `c${++call}`, name: 'find_order', arguments: { order: String(call) } },
      { runId: 'run-1' },
    );
  /** What another process reads from Redis for the run. */
  const shared = async () => {
    const probe = await createClient({ url: redis.url }).connect();
    const record = await createRedisStore({ client: probe, logger: silentLogger }).inspectRun('run:run-1');
    await probe.quit();
    return record === undefined ? undefined : String(record.failedCalls);
  };

  it('keeps answering from local state, logs the outage once, and shares state again after the restart', async () => {
    for (let index = 0; index < 3; index++) expect((await fail()).outcome.class).toBe('correctable');
    expect(await shared()).toBe('3');

    await redis.kill();
    const during = [];
    for (let index = 0; index < 4; index++) during.push(await fail());
    for (const message of during) {
      expect(message.outcome.class).toBe('correctable');
      expect(typeof message.content).toBe('string');
    }
    expect(store.degraded).toBe(true);
    // counting went on locally from the last shared value
    expect(await store.inspectRun('run:run-1')).toMatchObject({ failedCalls: 7 });

    await redis.start();
    const deadline = Date.now() + 10_000;
    while (store.degraded && Date.now() < deadline) {
      await fail(); // calls during recovery still answer; each is counted once
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(store.degraded).toBe(false);
    const outageCalls = call - 3;

    await fail();
    // the restarted Redis lost the 3 counts from before the kill (no persistence); every count
    // made during the outage was written back, and counting goes on from there
    expect(await shared()).toBe(String(outageCalls + 1));
    expect(events.map((event) => event.type)).toEqual(['store.degraded', 'store.recovered']);
    expect(unhandled).toEqual([]);
  });
});
