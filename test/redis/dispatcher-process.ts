/**
 * A server process for the two-process tests: a dispatcher on a shared Redis store, driven over
 * the fork IPC channel. Run with `fork(file, { execArgv: ['--import', 'tsx'], env: { REDIS_URL } })`.
 */
import { createClient } from 'redis';
import { z } from 'zod';
import { createRedisStore } from '../../src/adapters/redis/index.js';
import { createDispatcher } from '../../src/boundary/create-dispatcher.js';
import { silentLogger } from '../../src/observe/logger.js';
import { correctable } from '../../src/outcome/constructors.js';
import type { ToolCall } from '../../src/protocol.js';
import { defineTool } from '../../src/tool/define-tool.js';

type Mode = 'fail' | 'ok' | 'slow';
let mode: Mode = 'ok';
let runs = 0;

const client = await createClient({ url: process.env['REDIS_URL'] ?? '', disableOfflineQueue: true })
  .on('error', () => {})
  .connect();
const store = createRedisStore({ client, logger: silentLogger });
const billing = defineTool({
  name: 'get_balance',
  description: 'reads a balance from the billing service',
  input: z.object({ account: z.string() }),
  idempotent: true,
  service: 'billing',
  timeoutMs: 5_000,
  run: async () => {
    runs++;
    process.send?.({ type: 'ran', pid: process.pid });
    if (mode === 'fail') throw Object.assign(new Error('HTTP 503'), { status: 503 });
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 400));
    return { balance: 10 };
  },
});
const lookup = defineTool({
  name: 'find_order',
  description: 'finds an order',
  input: z.object({ order: z.string() }),
  run: async ({ order }) => correctable({ error: 'unknown_order', message: `No order ${order}.` }),
});
const dispatcher = createDispatcher({
  tools: [billing, lookup],
  store,
  logger: silentLogger,
  onEvent: (event) => process.send?.({ type: 'event', event }),
  retry: { maxAttempts: 1 },
  // 0: ask Redis on every call, so the other process's decisions are visible at once
  breaker: { consecutiveFailures: 2, openMs: 1_000, syncIntervalMs: 0 },
});

process.on('message', async (raw) => {
  const request = raw as
    | { id: number; op: 'dispatch'; call: ToolCall; runId: string }
    | { id: number; op: 'mode'; mode: Mode }
    | { id: number; op: 'runs' }
    | { id: number; op: 'exit' };
  if (request.op === 'mode') {
    mode = request.mode;
    process.send?.({ type: 'reply', id: request.id });
  } else if (request.op === 'runs') {
    process.send?.({ type: 'reply', id: request.id, value: runs });
  } else if (request.op === 'dispatch') {
    const message = await dispatcher.dispatch(request.call, { runId: request.runId });
    process.send?.({ type: 'reply', id: request.id, value: message });
  } else {
    await client.quit().catch(() => {});
    process.exit(0);
  }
});
process.send?.({ type: 'ready' });
