import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRedisStore } from '../../src/adapters/redis/index.js';
import { createDispatcher } from '../../src/boundary/create-dispatcher.js';
import { resumeAgent } from '../../src/loop/resume-agent.js';
import { runAgent } from '../../src/loop/run-agent.js';
import { scriptedModel } from '../../src/loop/scripted-model.js';
import { silentLogger } from '../../src/observe/logger.js';
import type { PendingApproval } from '../../src/protocol.js';
import { defineTool } from '../../src/tool/define-tool.js';
import { type RedisServer, startRedisServer } from '../helpers/redis-server.js';

const CHILD = fileURLToPath(new URL('./approval-process.ts', import.meta.url));

interface Child {
  request<T>(body: Record<string, unknown>): Promise<T>;
  process: ChildProcess;
}

async function startChild(url: string): Promise<Child> {
  const child = fork(CHILD, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, REDIS_URL: url },
    stdio: 'inherit',
  });
  let nextId = 1;
  const waiting = new Map<number, (value: unknown) => void>();
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`approval process exited with ${code}`)));
    child.on('message', (raw) => {
      const message = raw as { type: string; id?: number; value?: unknown };
      if (message.type === 'ready') resolve();
      if (message.type === 'reply' && message.id !== undefined) waiting.get(message.id)?.(message.value);
    });
  });
  return {
    process: child,
    request: (body) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve as (value: unknown) => void);
        child.send({ id, ...body });
      }),
  };
}

type Paused = { endedBy: string; state: unknown; pending: PendingApproval[] };
type Resumed = { endedBy?: string; error?: string };

describe('approvals on one redis-server shared by two processes', () => {
  let redis: RedisServer;
  let first: Child;
  let second: Child;
  let client: {
    get(key: string): Promise<string | null>;
    hGet(key: string, field: string): Promise<string | null | undefined>;
    pTTL(key: string): Promise<number>;
    quit(): Promise<unknown>;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    [first, second] = await Promise.all([startChild(redis.url), startChild(redis.url)]);
    client = await createClient({ url: redis.url }).connect();
  });

  afterAll(async () => {
    for (const child of [first, second]) child?.process.send({ id: 0, op: 'exit' });
    await client?.quit().catch(() => {});
    await redis?.stop();
  });

  it('pauses in one process and runs the approved call once when both resume at the same time', async () => {
    const paused = await first.request<Paused>({ op: 'pause', customer: 'henderson' });
    expect(paused.endedBy).toBe('awaiting_approval');
    expect(await client.get('applied:henderson')).toBeNull();
    const decisions = [{ approvalId: paused.pending[0]!.approvalId, approve: true }];
    const replies = await Promise.all(
      [first, second, first, second].map((child) =>
        child.request<Resumed>({ op: 'resume', state: paused.state, decisions }),
      ),
    );
    expect(replies.filter((reply) => reply.endedBy === 'answered')).toHaveLength(1);
    expect(replies.filter((reply) => reply.error === 'already_used')).toHaveLength(3);
    expect(await client.get('applied:henderson')).toBe('1');
  });

  it('lets exactly one of two conflicting decisions win, whichever process it is in', async () => {
    const paused = await second.request<Paused>({ op: 'pause', customer: 'acme' });
    const approvalId = paused.pending[0]!.approvalId;
    const [approve, reject] = await Promise.all([
      first.request<Resumed>({
        op: 'resume',
        state: paused.state,
        decisions: [{ approvalId, approve: true }],
      }),
      second.request<Resumed>({
        op: 'resume',
        state: paused.state,
        decisions: [{ approvalId, approve: false, reason: 'no' }],
      }),
    ]);
    expect([approve, reject].filter((reply) => reply.endedBy === 'answered')).toHaveLength(1);
    expect([approve, reject].filter((reply) => reply.error === 'already_used')).toHaveLength(1);
    expect(Number((await client.get('applied:acme')) ?? 0)).toBe(approve.endedBy === 'answered' ? 1 : 0);
  });

  it('keeps the paused run and the pending call in Redis, with a time to live, and the caller holds no arguments beyond the copy it is shown', async () => {
    const paused = await first.request<Paused>({ op: 'pause', customer: 'globex' });
    const state = paused.state as { stateId: string; signature?: string };
    expect(state.signature).toMatch(/^[\w-]{43}$/);
    const runKey = `tb:{approval:paused:${state.stateId}}`;
    const approvalKey = `tb:{approval:approval:${paused.pending[0]!.approvalId}}`;
    for (const key of [runKey, approvalKey]) {
      expect(await client.hGet(key, 'status')).toBe('pending');
      const ttl = await client.pTTL(key);
      expect(ttl).toBeGreaterThan(86_000_000);
      expect(ttl).toBeLessThanOrEqual(86_400_000);
    }
    expect(JSON.parse((await client.hGet(approvalKey, 'value'))!)).toMatchObject({
      toolName: 'apply_credit',
      arguments: { customer: 'globex', amount: 4_200 },
    });
  });
});

describe('approvals when Redis is down', () => {
  it('refuses to resume rather than claim locally, and never runs a call whose record Redis lost', async () => {
    const redis = await startRedisServer();
    const client = await createClient({ url: redis.url, disableOfflineQueue: true })
      .on('error', () => {})
      .connect();
    try {
      let applied = 0;
      const tool = defineTool({
        name: 'apply_credit',
        description: 'Applies a credit.',
        input: z.object({ amount: z.number() }),
        needsApproval: true,
        run: () => {
          applied++;
          return { status: 'applied' };
        },
      });
      const store = createRedisStore({
        client,
        logger: silentLogger,
        operationTimeoutMs: 500,
        recoveryIntervalMs: 10,
      });
      const dispatcher = createDispatcher({ tools: [tool], store, logger: silentLogger });
      const paused = await runAgent({
        model: scriptedModel([{ toolCalls: [{ name: 'apply_credit', arguments: { amount: 5_000 } }] }]),
        dispatcher,
        messages: [{ role: 'user', content: 'Credit.' }],
      });
      const resume = () =>
        resumeAgent({
          model: scriptedModel([{ content: 'Done.' }]),
          dispatcher,
          state: paused.state!,
          decisions: [{ approvalId: paused.pendingApprovals![0]!.approvalId, approve: true }],
        });
      await redis.kill();
      await expect(resume()).rejects.toMatchObject({ reason: 'store_unavailable' });
      expect(applied).toBe(0);
      await redis.start();
      await client.ping().catch(() => {});
      await expect
        .poll(
          async () =>
            (await resume()
              .then((r) => r.endedBy)
              .catch((e) => e.reason)) as string,
          {
            timeout: 10_000,
            interval: 200,
          },
        )
        .toBe('expired'); // killed without persistence, Redis lost the paused run: refused, not run
      expect(applied).toBe(0);
    } finally {
      await client.quit().catch(() => {});
      await redis.stop();
    }
  });
});
