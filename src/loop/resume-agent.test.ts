import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeClock } from '../../test/helpers/fake-clock.js';
import { createDispatcher } from '../boundary/create-dispatcher.js';
import type { ToolboundEvent } from '../observe/events.js';
import { silentLogger } from '../observe/logger.js';
import { refused } from '../outcome/constructors.js';
import { createMemoryStore } from '../state/memory-store.js';
import { approvalRequestTool } from '../tool/approval-request-tool.js';
import { defineTool, type ToolContext } from '../tool/define-tool.js';
import type { AgentMessage, ModelRequest } from './model.js';
import { ApprovalStateError, type PausedRunState } from './paused-run.js';
import { resumeAgent } from './resume-agent.js';
import { runAgent } from './run-agent.js';
import { scriptedModel } from './scripted-model.js';

const ask: AgentMessage[] = [{ role: 'user', content: 'Credit Henderson $4,200 for the late shipment.' }];

/** A credit tool that needs approval above $2,500, and counts what it really applied. */
function creditTools() {
  const applied: Array<{ customer: string; amount: number; approval?: ToolContext['approval'] }> = [];
  const applyCredit = defineTool({
    name: 'apply_credit',
    description: 'Applies a credit to a customer account.',
    input: z.object({ customer: z.string(), amount: z.number().positive().max(10_000) }),
    needsApproval: ({ amount }) => amount > 2_500,
    run: ({ customer, amount }, context) => {
      applied.push({ customer, amount, ...(context.approval ? { approval: context.approval } : {}) });
      return { customer, amount, status: 'applied' };
    },
  });
  const lookup = defineTool({
    name: 'get_account',
    description: 'Reads an account.',
    input: z.object({ customer: z.string() }),
    run: ({ customer }) => ({ customer, tier: 'gold' }),
  });
  return { applied, applyCredit, lookup };
}

/** The last tool message the model read, parsed. */
function lastToolContent(request: ModelRequest): Record<string, unknown> {
  const last = [...request.messages].reverse().find((message) => message.role === 'tool');
  return last?.role === 'tool' ? (JSON.parse(last.content) as Record<string, unknown>) : {};
}

function setup(options: { secret?: string; clock?: ReturnType<typeof createFakeClock> } = {}) {
  const tools = creditTools();
  const events: ToolboundEvent[] = [];
  const clock = options.clock;
  const store = createMemoryStore(clock === undefined ? {} : { clock });
  const dispatcher = createDispatcher({
    tools: [tools.applyCredit, tools.lookup, approvalRequestTool()],
    logger: silentLogger,
    store,
    onEvent: (event) => events.push(event),
    ...(clock === undefined ? {} : { clock }),
  });
  const approvals = {
    ...(options.secret === undefined ? {} : { secret: options.secret }),
    ...(clock === undefined ? {} : { clock }),
  };
  return { ...tools, dispatcher, events, store, approvals };
}

async function pausedRun(context: ReturnType<typeof setup>) {
  const model = scriptedModel([
    {
      toolCalls: [
        { id: 'c1', name: 'get_account', arguments: { customer: 'Henderson' } },
        { id: 'c2', name: 'apply_credit', arguments: { customer: 'Henderson', amount: 4_200 } },
      ],
    },
  ]);
  const result = await runAgent({
    model,
    dispatcher: context.dispatcher,
    messages: ask,
    approvals: context.approvals,
  });
  return result;
}

describe('runAgent with a call that needs approval', () => {
  it('pauses instead of running it, runs the other calls of the turn, and returns a JSON-safe state', async () => {
    const context = setup();
    const result = await pausedRun(context);
    expect(result.endedBy).toBe('awaiting_approval');
    expect(context.applied).toEqual([]);
    expect(result.pendingApprovals).toEqual([
      {
        approvalId: expect.any(String),
        toolName: 'apply_credit',
        arguments: { customer: 'Henderson', amount: 4_200 },
      },
    ]);
    expect(result.toolMessages.map((message) => message.toolName)).toEqual(['get_account']);
    const state = result.state!;
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    // the conversation is not in what the caller holds
    expect(JSON.stringify(state)).not.toContain('late shipment');
    expect(context.events.filter((event) => event.type === 'approval.requested')).toHaveLength(1);
  });

  it('does not pause for a call under the threshold', async () => {
    const context = setup();
    const model = scriptedModel([
      { toolCalls: [{ name: 'apply_credit', arguments: { customer: 'Henderson', amount: 100 } }] },
      { content: 'Done.' },
    ]);
    const result = await runAgent({ model, dispatcher: context.dispatcher, messages: ask });
    expect(result.endedBy).toBe('answered');
    expect(context.applied).toEqual([{ customer: 'Henderson', amount: 100 }]);
  });
});

describe('resumeAgent', () => {
  it('resumes with tools alone: the paused run waits in the process-wide store', async () => {
    const { applied, applyCredit } = creditTools();
    const paused = await runAgent({
      model: scriptedModel([
        { toolCalls: [{ name: 'apply_credit', arguments: { customer: 'H', amount: 9_000 } }] },
      ]),
      tools: [applyCredit],
      messages: ask,
    });
    const result = await resumeAgent({
      model: scriptedModel([{ content: 'Applied.' }]),
      tools: [applyCredit],
      state: JSON.parse(JSON.stringify(paused.state)),
      decisions: [{ approvalId: paused.pendingApprovals![0]!.approvalId, approve: true }],
    });
    expect(result.endedBy).toBe('answered');
    expect(applied).toHaveLength(1);
  });

  it('approves after a JSON round trip: the call runs once, the earlier results are kept, the model answers', async () => {
    const context = setup();
    const paused = await pausedRun(context);
    const stored = JSON.stringify(paused.state);
    const model = scriptedModel([
      (request) => {
        expect(lastToolContent(request)).toMatchObject({ ok: true, data: { status: 'applied' } });
        return { content: 'The $4,200 credit is applied.' };
      },
    ]);
    const result = await resumeAgent({
      model,
      dispatcher: context.dispatcher,
      state: stored,
      decisions: [{ approvalId: paused.pendingApprovals![0]!.approvalId, approve: true }],
    });
    expect(result.endedBy).toBe('answered');
    expect(result.text).toBe('The $4,200 credit is applied.');
    expect(context.applied).toEqual([
      {
        customer: 'Henderson',
        amount: 4_200,
        approval: { approvalId: paused.pendingApprovals![0]!.approvalId },
      },
    ]);
    expect(result.runId).toBe(paused.runId);
    expect(result.toolMessages.map((message) => message.toolName)).toEqual(['get_account', 'apply_credit']);
    const toolTurn = result.messages.filter((message) => message.role === 'tool');
    expect(toolTurn.map((message) => message.toolCallId)).toEqual(['c1', 'c2']);
    expect(result.steps).toHaveLength(2);
    expect(context.events.map((event) => event.type)).toContain('approval.approved');
  });

  it('refuses the same state a second time, and the call still ran once', async () => {
    const context = setup();
    const paused = await pausedRun(context);
    const decisions = [{ approvalId: paused.pendingApprovals![0]!.approvalId, approve: true as const }];
    const model = scriptedModel([{ content: 'Applied.' }], { repeatLast: true });
    await resumeAgent({ model, dispatcher: context.dispatcher, state: paused.state!, decisions });
    const again = resumeAgent({ model, dispatcher: context.dispatcher, state: paused.state!, decisions });
    await expect(again).rejects.toMatchObject({ name: 'ApprovalStateError', reason: 'already_used' });
    expect(context.applied).toHaveLength(1);
  });

  it('runs the call once when the same state is resumed twice at the same time', async () => {
    const context = setup();
    const paused = await pausedRun(context);
    const decisions = [{ approvalId: paused.pendingApprovals![0]!.approvalId, approve: true as const }];
    const model = scriptedModel([{ content: 'Applied.' }], { repeatLast: true });
    const settled = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        resumeAgent({
          model,
          dispatcher: context.dispatcher,
          state: JSON.stringify(paused.state),
          decisions,
        }),
      ),
    );
    expect(settled.filter((each) => each.status === 'fulfilled')).toHaveLength(1);
    for (const each of settled.filter((one) => one.status === 'rejected'))
      expect((each as PromiseRejectedResult).reason).toMatchObject({ reason: 'already_used' });
    expect(context.applied).toHaveLength(1);
  });

  it('rejects with a reason the model reads, and refuses the same call later without pausing again', async () => {
    const context = setup();
    const dispatcher = createDispatcher({
      tools: [context.applyCredit, context.lookup],
      logger: silentLogger,
      store: context.store,
      onEvent: (event) => context.events.push(event),
      policy: { maxSameFailures: 5 },
    });
    const paused = await runAgent({
      model: scriptedModel([
        { toolCalls: [{ name: 'apply_credit', arguments: { customer: 'Henderson', amount: 4_200 } }] },
      ]),
      dispatcher,
      messages: ask,
    });
    const seen: Array<Record<string, unknown>> = [];
    const model = scriptedModel([
      (request) => {
        seen.push(lastToolContent(request));
        // the model asks again, identically (key order aside)
        return { toolCalls: [{ name: 'apply_credit', arguments: { amount: 4_200, customer: 'Henderson' } }] };
      },
      (request) => {
        seen.push(lastToolContent(request));
        return { content: 'Finance declined the credit: over the quarterly cap.' };
      },
    ]);
    const result = await resumeAgent({
      model,
      dispatcher,
      state: paused.state!,
      decisions: [
        {
          approvalId: paused.pendingApprovals![0]!.approvalId,
          approve: false,
          reason: 'Over the quarterly cap for this account.',
        },
      ],
    });
    expect(result.endedBy).toBe('answered');
    expect(result.text).toContain('declined');
    expect(context.applied).toEqual([]);
    expect(seen).toHaveLength(2);
    for (const outcome of seen) {
      expect(outcome).toMatchObject({ ok: false, class: 'refused', error: 'approval_rejected' });
      expect(outcome['message']).toContain('Over the quarterly cap for this account.');
      expect(outcome['message']).toContain('Do not ask again in this run; tell the user.');
    }
    expect(context.events.filter((event) => event.type === 'approval.requested')).toHaveLength(1);
    expect(context.events.filter((event) => event.type === 'approval.rejected')).toHaveLength(1);
  });

  it('lets the run policy end a run whose model keeps asking for what a person declined', async () => {
    const context = setup();
    const paused = await pausedRun(context);
    const model = scriptedModel(
      [{ toolCalls: [{ name: 'apply_credit', arguments: { customer: 'Henderson', amount: 4_200 } }] }],
      {
        repeatLast: true,
      },
    );
    const result = await resumeAgent({
      model,
      dispatcher: context.dispatcher,
      state: paused.state!,
      decisions: [{ approvalId: paused.pendingApprovals![0]!.approvalId, approve: false }],
    });
    // the declined call and its identical repeat are the same failure twice: the default policy halts
    expect(result.endedBy).toBe('repeated_failure');
    expect(result.pendingApprovals).toBeUndefined();
    expect(context.applied).toEqual([]);
    expect(result.toolMessages.at(-1)!.outcome).toMatchObject({ error: 'approval_rejected' });
  });

  it('sanitises the reason before the model reads it', async () => {
    const context = setup();
    const paused = await pausedRun(context);
    const model = scriptedModel([{ content: 'Declined.' }]);
    const result = await resumeAgent({
      model,
      dispatcher: context.dispatcher,
      state: paused.state!,
      decisions: [
        {
          approvalId: paused.pendingApprovals![0]!.approvalId,
          approve: false,
          reason: 'see postgres://admin:hunter2@db.internal:5432/billing',
        },
      ],
    });
    const content = result.toolMessages.at(-1)!.content;
    expect(content).not.toContain('hunter2');
    expect(content).not.toContain('db.internal');
  });

  it('validates edited arguments before anything runs, and runs the call with valid ones', async () => {
    const context = setup();
    const paused = await pausedRun(context);
    const approvalId = paused.pendingApprovals![0]!.approvalId;
    const model = scriptedModel([{ content: 'Applied $3,000.' }]);
    const bad = resumeAgent({
      model,
      dispatcher: context.dispatcher,
      state: paused.state!,
      decisions: [{ approvalId, approve: true, arguments: { customer: 'Henderson', amount: -5 } }],
    });
    await expect(bad).rejects.toMatchObject({ reason: 'invalid_decision' });
    await expect(bad).rejects.toThrow(/amount/);
    expect(context.applied).toEqual([]);
    // the state is still usable once the edit is fixed
    const result = await resumeAgent({
      model,
      dispatcher: context.dispatcher,
      state: paused.state!,
      decisions: [{ approvalId, approve: true, arguments: { customer: 'Henderson', amount: 3_000 } }],
    });
    expect(result.endedBy).toBe('answered');
    expect(context.applied).toMatchObject([{ customer: 'Henderson', amount: 3_000 }]);
    const approved = context.events.find((event) => event.type === 'approval.approved');
    expect(approved).toMatchObject({ edited: true });
  });

  it('needs exactly one decision per pending approval, checked before anything is used', async () => {
    const context = setup();
    const paused = await pausedRun(context);
    const approvalId = paused.pendingApprovals![0]!.approvalId;
    const model = scriptedModel([{ content: 'ok' }]);
    const attempt = (decisions: never[]) =>
      resumeAgent({ model, dispatcher: context.dispatcher, state: paused.state!, decisions });
    await expect(attempt([] as never[])).rejects.toThrow(/missing/);
    await expect(attempt([{ approvalId: 'nope', approve: true }] as never[])).rejects.toThrow(
      /no pending approval/,
    );
    await expect(
      attempt([
        { approvalId, approve: true },
        { approvalId, approve: false },
      ] as never[]),
    ).rejects.toThrow(/two decisions/);
    await expect(attempt([{ approvalId, approve: 'yes' }] as never[])).rejects.toMatchObject({
      reason: 'invalid_decision',
    });
    expect(context.applied).toEqual([]);
    await resumeAgent({
      model,
      dispatcher: context.dispatcher,
      state: paused.state!,
      decisions: [{ approvalId, approve: true }],
    });
    expect(context.applied).toHaveLength(1);
  });
});

describe('resumeAgent refuses a state that is not what the server gave', () => {
  it('refuses changed arguments in an unsigned state, checked against the stored run', async () => {
    const context = setup();
    const paused = await pausedRun(context);
    const state = structuredClone(paused.state!) as PausedRunState;
    state.pendingApprovals[0]!.arguments = { customer: 'Henderson', amount: 42_000 };
    const attempt = resumeAgent({
      model: scriptedModel([{ content: 'x' }]),
      dispatcher: context.dispatcher,
      state,
      decisions: [{ approvalId: state.pendingApprovals[0]!.approvalId, approve: true }],
    });
    await expect(attempt).rejects.toMatchObject({ reason: 'tampered' });
    await expect(attempt).rejects.toThrow(/tampered/);
    expect(context.applied).toEqual([]);
  });

  it('refuses a signed state whose fields, or signature, changed', async () => {
    const context = setup({ secret: 'approval-signing-key-for-tests' });
    const paused = await pausedRun(context);
    const decisions = [{ approvalId: paused.pendingApprovals![0]!.approvalId, approve: true as const }];
    const model = scriptedModel([{ content: 'x' }], { repeatLast: true });
    const variants: PausedRunState[] = [
      { ...paused.state!, expiresAt: paused.state!.expiresAt + 86_400_000 },
      { ...paused.state!, signature: flipFirst(paused.state!.signature!) },
      { ...paused.state!, runId: 'another-run' },
    ];
    const { signature: _removed, ...unsigned } = paused.state!;
    variants.push(unsigned as PausedRunState);
    for (const state of variants) {
      const attempt = resumeAgent({
        model,
        dispatcher: context.dispatcher,
        state,
        decisions,
        approvals: context.approvals,
      });
      await expect(attempt).rejects.toMatchObject({ reason: 'tampered' });
    }
    // a signed state needs the secret to be checked at all
    await expect(
      resumeAgent({ model, dispatcher: context.dispatcher, state: paused.state!, decisions }),
    ).rejects.toMatchObject({ reason: 'secret_missing' });
    expect(context.applied).toEqual([]);
    const result = await resumeAgent({
      model,
      dispatcher: context.dispatcher,
      state: paused.state!,
      decisions,
      approvals: context.approvals,
    });
    expect(result.endedBy).toBe('answered');
    expect(context.applied).toHaveLength(1);
  });

  it('refuses an expired state and says so, and reports approval.expired', async () => {
    const clock = createFakeClock();
    const context = setup({ clock });
    const paused = await pausedRun(context);
    clock.advance(86_400_000);
    const attempt = resumeAgent({
      model: scriptedModel([{ content: 'x' }]),
      dispatcher: context.dispatcher,
      state: paused.state!,
      decisions: [{ approvalId: paused.pendingApprovals![0]!.approvalId, approve: true }],
      approvals: context.approvals,
    });
    await expect(attempt).rejects.toMatchObject({ reason: 'expired' });
    await expect(attempt).rejects.toThrow(/expired/);
    expect(context.events.map((event) => event.type)).toContain('approval.expired');
    expect(context.applied).toEqual([]);
  });

  it('keeps a configurable lifetime: short-lived approvals expire in the store too', async () => {
    const clock = createFakeClock();
    const context = setup({ clock });
    const dispatcher = createDispatcher({
      tools: [context.applyCredit],
      logger: silentLogger,
      store: context.store,
      clock,
      approvalTtlMs: 60_000,
    });
    const paused = await runAgent({
      model: scriptedModel([
        { toolCalls: [{ name: 'apply_credit', arguments: { customer: 'H', amount: 9_000 } }] },
      ]),
      dispatcher,
      messages: ask,
      approvals: { clock, ttlMs: 60_000 },
    });
    expect(paused.state!.expiresAt).toBe(clock.now() + 60_000);
    clock.advance(59_000);
    // still valid here; a fake far-future expiry in the state would be caught as tampering
    clock.advance(2_000);
    await expect(
      resumeAgent({
        model: scriptedModel([{ content: 'x' }]),
        dispatcher,
        state: { ...paused.state!, expiresAt: paused.state!.expiresAt + 1_000_000 },
        decisions: [{ approvalId: paused.pendingApprovals![0]!.approvalId, approve: true }],
        approvals: { clock },
      }),
    ).rejects.toMatchObject({ reason: 'expired' });
    expect(context.applied).toEqual([]);
  });

  it('refuses something that is not a paused run with a message naming the fix', async () => {
    const context = setup();
    for (const state of ['{', 42, { type: 'toolbound.paused_run', version: 1 }, null]) {
      const attempt = resumeAgent({
        model: scriptedModel([{ content: 'x' }]),
        dispatcher: context.dispatcher,
        state: state as never,
        decisions: [],
      });
      await expect(attempt).rejects.toSatisfy(ApprovalStateError.isInstance);
      await expect(attempt).rejects.toMatchObject({ reason: 'malformed' });
    }
  });
});

describe("the seed's offer, taken up", () => {
  function offerTools() {
    const applied: number[] = [];
    const applyCredit = defineTool({
      name: 'apply_credit',
      description: 'Applies a credit.',
      input: z.object({ customer: z.string(), amount: z.number() }),
      run: ({ amount }, context) => {
        if (amount > 2_500 && context.approval === undefined)
          return refused({
            error: 'limit_exceeded',
            message: `That credit is $${amount.toLocaleString('en-US')} and your approval limit is $2,500. Credits above your limit need a finance approver.`,
            offer: {
              tool: 'request_approval',
              arguments: { capability: 'apply_credit', amount, approverRole: 'finance' },
            },
          });
        applied.push(amount);
        return { status: 'applied', amount };
      },
    });
    const dispatcher = createDispatcher({
      tools: [applyCredit, approvalRequestTool()],
      logger: silentLogger,
      store: createMemoryStore(),
    });
    return { applied, dispatcher };
  }

  it('pauses when the model calls the offered tool, and approving runs the original call once', async () => {
    const { applied, dispatcher } = offerTools();
    const model = scriptedModel([
      { toolCalls: [{ id: 'a', name: 'apply_credit', arguments: { customer: 'Henderson', amount: 4_200 } }] },
      (request) => {
        const offer = lastToolContent(request)['offer'] as {
          tool: string;
          arguments: Record<string, unknown>;
        };
        return { toolCalls: [{ id: 'b', name: offer.tool, arguments: offer.arguments }] };
      },
    ]);
    const paused = await runAgent({ model, dispatcher, messages: ask });
    expect(paused.endedBy).toBe('awaiting_approval');
    expect(paused.pendingApprovals).toEqual([
      {
        approvalId: expect.any(String),
        toolName: 'apply_credit',
        arguments: { customer: 'Henderson', amount: 4_200 },
        message: expect.stringContaining('need a finance approver'),
      },
    ]);
    const resumed = await resumeAgent({
      model: scriptedModel([
        (request) => {
          expect(lastToolContent(request)).toMatchObject({
            ok: true,
            data: { status: 'applied', amount: 4_200 },
          });
          return { content: 'Finance approved; the $4,200 credit is applied.' };
        },
      ]),
      dispatcher,
      state: paused.state!,
      decisions: [{ approvalId: paused.pendingApprovals![0]!.approvalId, approve: true }],
    });
    expect(resumed.endedBy).toBe('answered');
    expect(applied).toEqual([4_200]);
    // the answer goes to the call the model made: request_approval, id b
    const last = resumed.messages.filter((message) => message.role === 'tool').at(-1);
    expect(last).toMatchObject({ toolCallId: 'b', toolName: 'request_approval' });
  });

  it('does not let the model ask approval for something no tool offered', async () => {
    const { applied, dispatcher } = offerTools();
    const message = await dispatcher.dispatch(
      {
        id: 'x',
        name: 'request_approval',
        arguments: { capability: 'apply_credit', amount: 99_999, approverRole: 'finance' },
      },
      { runId: 'r1' },
    );
    expect(message.outcome).toMatchObject({ class: 'correctable', error: 'no_matching_offer' });
    expect(message.pendingApproval).toBeUndefined();
    expect(applied).toEqual([]);
  });
});

describe('a dispatcher used without runAgent', () => {
  it('answers a call that needs approval with a refusal, never running it', async () => {
    const context = setup();
    const message = await context.dispatcher.dispatch(
      { id: 'c', name: 'apply_credit', arguments: { customer: 'H', amount: 5_000 } },
      { runId: 'plain' },
    );
    expect(message.outcome).toMatchObject({ class: 'refused', error: 'approval_required' });
    expect(message.pendingApproval?.toolName).toBe('apply_credit');
    expect(context.applied).toEqual([]);
  });

  it('does not accept a made-up approval id, nor one for another tool', async () => {
    const context = setup();
    const forged = await context.dispatcher.dispatch(
      { id: 'c', name: 'apply_credit', arguments: { customer: 'H', amount: 5_000 } },
      { runId: 'plain', approval: { approvalId: 'made-up', approve: true } },
    );
    expect(forged.outcome).toMatchObject({ class: 'refused', error: 'approval_expired' });
    expect(context.applied).toEqual([]);
  });
});

/** The same text with its first character changed, so it is certainly different. */
function flipFirst(text: string): string {
  return `${text.startsWith('A') ? 'B' : 'A'}${text.slice(1)}`;
}
