import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resumeAgent } from '../loop/resume-agent.js';
import { runAgent } from '../loop/run-agent.js';
import { scriptedModel } from '../loop/scripted-model.js';
import { silentLogger } from '../observe/logger.js';
import { createMemoryStore } from '../state/memory-store.js';
import { defineTool } from '../tool/define-tool.js';
import { createDispatcher } from './create-dispatcher.js';

function budgetedTool(limit: number, fail = false) {
  let ran = 0;
  const tool = defineTool({
    name: 'send_email',
    description: 'Sends an email.',
    input: z.object({ to: z.string() }),
    maxCallsPerRun: limit,
    run: () => {
      ran++;
      if (fail) throw new Error('smtp down');
      return { sent: true };
    },
  });
  return { tool, ran: () => ran };
}

describe('maxCallsPerRun', () => {
  it('holds with parallel calls, counting failures too, and names the budget in the refusal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        async (limit, calls, fail) => {
          const { tool, ran } = budgetedTool(limit, fail);
          const dispatcher = createDispatcher({
            tools: [tool],
            logger: silentLogger,
            policy: { maxFailedCalls: 100, maxSameFailures: 100 },
          });
          const messages = await Promise.all(
            Array.from({ length: calls }, (_, n) =>
              dispatcher.dispatch(
                { id: `c${n}`, name: 'send_email', arguments: { to: `u${n}@example.com` } },
                { runId: 'run' },
              ),
            ),
          );
          expect(ran()).toBe(Math.min(limit, calls));
          const refusedMessages = messages.filter((message) => message.outcome.class === 'refused');
          expect(refusedMessages).toHaveLength(Math.max(0, calls - limit));
          for (const message of refusedMessages) {
            expect(message.outcome).toMatchObject({ error: 'tool_budget_used' });
            expect(message.content).toContain("This tool's budget for the run is used");
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps one budget per run', async () => {
    const { tool, ran } = budgetedTool(1);
    const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
    for (const runId of ['a', 'b', 'a', 'b'])
      await dispatcher.dispatch(
        { id: runId, name: 'send_email', arguments: { to: 'x@example.com' } },
        { runId },
      );
    expect(ran()).toBe(2);
  });

  it('does not spend the budget on arguments that fail validation, so the model can correct them', async () => {
    const { tool, ran } = budgetedTool(1);
    const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
    const bad = await dispatcher.dispatch(
      { id: '1', name: 'send_email', arguments: { to: 7 } },
      { runId: 'r' },
    );
    expect(bad.outcome.class).toBe('correctable');
    const good = await dispatcher.dispatch(
      { id: '2', name: 'send_email', arguments: { to: 'x@example.com' } },
      { runId: 'r' },
    );
    expect(good.outcome.class).toBe('ok');
    expect(ran()).toBe(1);
  });

  it('holds across a pause for approval', async () => {
    const { tool, ran } = budgetedTool(2);
    const gated = defineTool({
      name: 'refund',
      description: 'Refunds.',
      input: z.object({ amount: z.number() }),
      needsApproval: true,
      run: () => ({ refunded: true }),
    });
    const store = createMemoryStore();
    const email = (n: number) => ({ name: 'send_email', arguments: { to: `u${n}@example.com` } });
    const paused = await runAgent({
      model: scriptedModel([{ toolCalls: [email(1), { name: 'refund', arguments: { amount: 10 } }] }]),
      tools: [tool, gated],
      store,
      messages: [{ role: 'user', content: 'go' }],
    });
    expect(paused.endedBy).toBe('awaiting_approval');
    const result = await resumeAgent({
      model: scriptedModel([{ toolCalls: [email(2), email(3)] }, { content: 'done' }]),
      tools: [tool, gated],
      store,
      state: paused.state!,
      decisions: [{ approvalId: paused.pendingApprovals![0]!.approvalId, approve: true }],
    });
    expect(result.endedBy).toBe('answered');
    expect(ran()).toBe(2);
    expect(result.toolMessages.at(-1)!.outcome).toMatchObject({ error: 'tool_budget_used' });
  });
});

describe('needsApproval', () => {
  it('treats a check that throws as "needs approval"', async () => {
    let ran = 0;
    const tool = defineTool({
      name: 'wire',
      description: 'Wires money.',
      input: z.object({ amount: z.number() }),
      needsApproval: () => {
        throw new Error('limits service down');
      },
      run: () => {
        ran++;
        return {};
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
    const message = await dispatcher.dispatch({ id: '1', name: 'wire', arguments: { amount: 1 } });
    expect(message.outcome).toMatchObject({ error: 'approval_required' });
    expect(ran).toBe(0);
  });

  it('reads the validated arguments and the call context, and may be async', async () => {
    const seen: unknown[] = [];
    const tool = defineTool({
      name: 'wire',
      description: 'Wires money.',
      input: z.object({ amount: z.coerce.number() }),
      needsApproval: async (args, context) => {
        seen.push(args, context);
        return args.amount > 100;
      },
      run: () => ({ wired: true }),
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
    const small = await dispatcher.dispatch(
      { id: 'c1', name: 'wire', arguments: { amount: '50' } },
      { runId: 'r' },
    );
    expect(small.outcome.class).toBe('ok');
    expect(seen).toEqual([{ amount: 50 }, { runId: 'r', toolCallId: 'c1' }]);
  });

  it('is checked when the tool is defined', () => {
    const base = { name: 't', description: 'd', input: z.object({}), run: () => ({}) };
    expect(() => defineTool({ ...base, needsApproval: 'yes' as never })).toThrow(/needsApproval must be/);
    expect(() => defineTool({ ...base, maxCallsPerRun: 0 })).toThrow(
      /maxCallsPerRun must be a positive integer/,
    );
    expect(() => defineTool({ ...base, maxCallsPerRun: 1.5 })).toThrow(/maxCallsPerRun/);
  });
});

describe('where nothing can pause', () => {
  it('offers the approval-request tool with a call that needs approval, and the offer can be taken up', async () => {
    const { approvalRequestTool } = await import('../tool/approval-request-tool.js');
    const tool = defineTool({
      name: 'delete_account',
      description: 'Deletes an account.',
      input: z.object({ account: z.string() }),
      needsApproval: true,
      run: () => ({ deleted: true }),
    });
    const dispatcher = createDispatcher({ tools: [tool, approvalRequestTool()], logger: silentLogger });
    const first = await dispatcher.dispatch(
      { id: '1', name: 'delete_account', arguments: { account: 'A' } },
      { runId: 'r' },
    );
    expect(first.outcome).toMatchObject({
      class: 'refused',
      error: 'approval_required',
      offer: { tool: 'request_approval', arguments: { tool: 'delete_account', arguments: { account: 'A' } } },
    });
    const offer = (first.outcome as { offer: { tool: string; arguments: Record<string, unknown> } }).offer;
    const taken = await dispatcher.dispatch(
      { id: '2', name: offer.tool, arguments: offer.arguments },
      { runId: 'r' },
    );
    expect(taken.pendingApproval).toMatchObject({ toolName: 'delete_account', arguments: { account: 'A' } });
  });
});

describe('the approval gate on the hot path', () => {
  it('reads the store only for tools that have something to check', async () => {
    const memory = createMemoryStore();
    const read: string[] = [];
    const store = {
      updateRun: memory.updateRun.bind(memory),
      inspectRun: memory.inspectRun.bind(memory),
      clear: memory.clear.bind(memory),
      updateApproval: (key: string, command: Parameters<NonNullable<typeof memory.updateApproval>>[1]) => {
        read.push(key);
        return memory.updateApproval!(key, command);
      },
    };
    const plain = defineTool({
      name: 'lookup',
      description: 'Looks up.',
      input: z.object({ id: z.string() }),
      needsApproval: false,
      run: () => ({ found: true }),
    });
    const { tool: budgeted } = budgetedTool(2);
    const dispatcher = createDispatcher({ tools: [plain, budgeted], logger: silentLogger, store });
    const looked = await dispatcher.dispatch(
      { id: 'c1', name: 'lookup', arguments: { id: 'a' } },
      { runId: 'r' },
    );
    expect(looked.outcome.class).toBe('ok');
    expect(read).toEqual([]);
    const sent = await dispatcher.dispatch(
      { id: 'c2', name: 'send_email', arguments: { to: 'a@example.com' } },
      { runId: 'r' },
    );
    expect(sent.outcome.class).toBe('ok');
    expect(read).toEqual(['budget:r:send_email']);
  });
});
