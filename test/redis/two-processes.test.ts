import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../../src/adapters/redis/index.js';
import type { ToolboundEvent } from '../../src/observe/events.js';
import { silentLogger } from '../../src/observe/logger.js';
import type { ToolMessage } from '../../src/protocol.js';
import { type RedisServer, startRedisServer } from '../helpers/redis-server.js';

const CHILD = fileURLToPath(new URL('./dispatcher-process.ts', import.meta.url));

interface Server {
  events: ToolboundEvent[];
  ran: number;
  request<T = unknown>(body: Record<string, unknown>): Promise<T>;
  dispatch(name: string, args: Record<string, unknown>, runId?: string): Promise<ToolMessage>;
  child: ChildProcess;
}

async function startServer(url: string): Promise<Server> {
  const child = fork(CHILD, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, REDIS_URL: url },
    stdio: 'inherit',
  });
  let nextId = 1;
  const waiting = new Map<number, (value: unknown) => void>();
  const server: Server = {
    events: [],
    ran: 0,
    child,
    request(body) {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve as (value: unknown) => void);
        child.send({ id, ...body });
      });
    },
    dispatch(name, args, runId = `run-${Math.random()}`) {
      return server.request<ToolMessage>({
        op: 'dispatch',
        call: { id: `call-${nextId}`, name, arguments: args },
        runId,
      });
    },
  };
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`dispatcher process exited with ${code}`)));
    child.on('message', (raw) => {
      const message = raw as { type: string; id?: number; value?: unknown; event?: ToolboundEvent };
      if (message.type === 'ready') resolve();
      if (message.type === 'ran') server.ran++;
      if (message.type === 'event' && message.event) server.events.push(message.event);
      if (message.type === 'reply' && message.id !== undefined) waiting.get(message.id)?.(message.value);
    });
  });
  return server;
}

describe('two processes sharing one Redis', () => {
  let redis: RedisServer;
  let first: Server;
  let second: Server;

  beforeAll(async () => {
    redis = await startRedisServer();
    [first, second] = await Promise.all([startServer(redis.url), startServer(redis.url)]);
  });

  afterAll(async () => {
    for (const server of [first, second]) server?.child.send({ id: 0, op: 'exit' });
    await redis?.stop();
  });

  it('sees a breaker opened by one process as open in the other, and runs one half-open probe across both', async () => {
    await first.request({ op: 'mode', mode: 'fail' });
    await first.dispatch('get_balance', { account: 'a' });
    await first.dispatch('get_balance', { account: 'b' });
    expect(first.events.map((event) => event.type)).toContain('breaker.opened');

    const ranBefore = second.ran;
    const refused = await second.dispatch('get_balance', { account: 'c' });
    expect(second.ran).toBe(ranBefore); // the tool did not run in the other process
    expect(refused.outcome).toMatchObject({
      class: 'unavailable',
      error: 'service_unavailable',
      retryable: false,
    });
    expect((refused.outcome as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(0);

    await new Promise((resolve) => setTimeout(resolve, 1_100)); // openMs passes
    await first.request({ op: 'mode', mode: 'slow' });
    await second.request({ op: 'mode', mode: 'slow' });
    const ran = first.ran + second.ran;
    const messages = await Promise.all(
      [first, second].flatMap((server) =>
        Array.from({ length: 4 }, (_, index) => server.dispatch('get_balance', { account: `p${index}` })),
      ),
    );
    expect(first.ran + second.ran - ran).toBe(1);
    expect(messages.filter((message) => message.outcome.class === 'ok')).toHaveLength(1);
    for (const message of messages.filter((each) => !each.outcome.ok))
      expect(message.outcome).toMatchObject({ error: 'service_unavailable' });
    const closedBy = [...first.events, ...second.events].filter((event) => event.type === 'breaker.closed');
    expect(closedBy).toHaveLength(1);
    expect((await second.dispatch('get_balance', { account: 'z' })).outcome.class).toBe('ok');
  });

  it('shares a run’s repeat counters: the same failing call from two processes halts the run', async () => {
    const runId = 'shared-run';
    const once = await first.dispatch('find_order', { order: '7' }, runId);
    expect(once.halt).toBe(false);
    const twice = await second.dispatch('find_order', { order: '7' }, runId);
    expect(twice.halt).toBe(true);
    expect(twice.haltReason).toBe('repeated_failure');
    const client = await createClient({ url: redis.url }).connect();
    const record = await createRedisStore({ client, logger: silentLogger }).inspectRun(`run:${runId}`);
    expect(record).toMatchObject({ failedCalls: 2, halted: 'repeated_failure' });
    expect(record?.ttlMs).toBeGreaterThan(0);
    await client.quit();
    const afterHalt = await first.dispatch('find_order', { order: '8' }, runId);
    expect(afterHalt.outcome).toMatchObject({ class: 'refused', error: 'run_halted' });
  });
});
