import { approvalKey, type CallApproval, updateApprovalRecord } from '../boundary/approval-gate.js';
import type { Dispatcher } from '../boundary/create-dispatcher.js';
import { validateArguments } from '../boundary/validate-arguments.js';
import type { PendingApproval, ToolMessage } from '../protocol.js';
import type { ApprovalReply } from '../state/approval-records.js';
import { type Clock, systemClock } from '../state/clock.js';
import type { StateStore } from '../state/state-store.js';
import {
  ApprovalStateError,
  digestState,
  type PausedRunSnapshot,
  type PausedRunState,
  pausedRunKey,
  readPausedRunState,
  sameSignature,
  signDigest,
} from './paused-run.js';
import type { ResumePoint } from './resume-point.js';
import {
  type AgentResult,
  approvalStore,
  type RunAgentOptions,
  resolveDispatcher,
  runLoop,
} from './run-agent.js';

/** A person's decision on one pending approval. */
export type ApprovalDecision =
  | { approvalId: string; approve: true }
  /** Approves the call with these arguments instead; they are validated like any call's. */
  | { approvalId: string; approve: true; arguments: Record<string, unknown> }
  /** Declines it: the call never runs, and the model reads `reason` (sanitised). */
  | { approvalId: string; approve: false; reason?: string };

/** Options for {@link resumeAgent}: those of `runAgent` without `messages`, plus the state and decisions. */
export interface ResumeAgentOptions extends Omit<RunAgentOptions, 'messages' | 'runId'> {
  /** The `state` of the paused result, as stored (the object or its JSON text). */
  state: PausedRunState | string;
  /** One decision for every pending approval. */
  decisions: readonly ApprovalDecision[];
}

/**
 * Continues a run that paused for approval (`endedBy: 'awaiting_approval'`). Approved calls run,
 * each exactly once: the paused run is claimed in the StateStore before anything runs, so the
 * same state resumed twice, or in two processes at once, continues once and is refused
 * (`already_used`) everywhere else. Declined calls never run; the model reads a `refused`
 * outcome with the reason, and the same call later in the run is refused without asking again.
 * The run then goes on as `runAgent` would, and may pause again.
 *
 * Throws {@link ApprovalStateError} when the state is malformed, tampered with, expired or
 * already used, or a decision is invalid; nothing has run then.
 * @example
 * const paused = await runAgent({ model, tools, messages });
 * // store paused.state, show paused.pendingApprovals to a person, then:
 * const result = await resumeAgent({ model, tools, state, decisions: [{ approvalId, approve: true }] });
 */
export async function resumeAgent(options: ResumeAgentOptions): Promise<AgentResult> {
  const { decisions } = options;
  const clock: Clock = options.approvals?.clock ?? systemClock;
  const state = readPausedRunState(options.state);
  checkSignature(state, options.approvals?.secret);
  const dispatcher = resolveDispatcher({ ...options, messages: [] });
  const store = approvalStore(options, dispatcher);
  if (state.expiresAt <= clock.now()) {
    reportExpired(dispatcher, state, clock);
    throw expired();
  }
  const snapshot = await readSnapshot(store, state, clock);
  for (const pending of state.pendingApprovals) {
    const reply = await guarded(() =>
      updateApprovalRecord({ store, clock }, approvalKey(pending.approvalId), { kind: 'read' }),
    );
    if (reply.status === 'missing') {
      reportExpired(dispatcher, state, clock);
      throw expired();
    }
    if (reply.status !== 'pending') throw alreadyUsed();
  }
  const byId = await checkDecisions(dispatcher, state.pendingApprovals, decisions);

  // the one step that makes a resume exclusive: whoever claims the paused run continues it
  const claimed = await guarded(() =>
    updateApprovalRecord({ store, clock }, pausedRunKey(state.stateId), {
      kind: 'claim',
      holder: `resume:${state.stateId}`,
    }),
  );
  if (claimed.status === 'used') throw alreadyUsed();
  if (claimed.status !== 'claimed') throw expired();

  const signal = options.signal;
  const results = await Promise.all(
    snapshot.turn.results.map(async (message) => {
      const pending = message.pendingApproval;
      if (pending === undefined) return message;
      const decision = byId.get(pending.approvalId)!;
      const approval: CallApproval = decision.approve
        ? { approvalId: pending.approvalId, approve: true }
        : {
            approvalId: pending.approvalId,
            approve: false,
            ...(decision.reason === undefined ? {} : { reason: decision.reason }),
          };
      const answered = await dispatcher.dispatch(
        {
          id: message.toolCallId,
          name: pending.toolName,
          arguments: 'arguments' in decision && decision.approve ? decision.arguments : pending.arguments,
        },
        { runId: state.runId, approval, ...(signal === undefined ? {} : { signal }) },
      );
      // the model called `message.toolName` (the approval-request tool, for an offer): answer that call
      return { ...answered, toolName: message.toolName } satisfies ToolMessage;
    }),
  );

  const { turn } = snapshot;
  const messages = [...snapshot.messages];
  for (const message of results)
    messages.push({
      role: 'tool',
      toolCallId: message.toolCallId,
      toolName: message.toolName,
      content: message.content,
      isError: message.isError,
    });
  const decidedStep = { index: turn.index, response: turn.response, toolMessages: results };
  options.onStep?.(decidedStep);
  const halted = results.find((message) => message.halt);
  const resumePoint: ResumePoint = {
    runId: state.runId,
    messages,
    steps: [...snapshot.steps, decidedStep],
    toolMessages: [...snapshot.toolMessages, ...results],
    usage: snapshot.usage,
    nextIndex: turn.index + 1,
  };
  if (halted !== undefined)
    resumePoint.endedBy = halted.haltReason === 'repeated_failure' ? 'repeated_failure' : 'halted';
  else if (signal?.aborted === true) resumePoint.endedBy = 'aborted';
  // the dispatcher is made once, above: the run goes on with it, whatever built it
  const {
    state: _state,
    decisions: _decisions,
    tools: _tools,
    store: _store,
    policy: _policy,
    ...runOptions
  } = options;
  return runLoop({ ...runOptions, dispatcher, messages: [] }, resumePoint);
}

function checkSignature(state: PausedRunState, secret: string | Uint8Array | undefined): void {
  if (secret === undefined) {
    if (state.signature !== undefined)
      throw new ApprovalStateError(
        'secret_missing',
        'resumeAgent: this state is signed; pass the approvals.secret it was signed with.',
      );
    return;
  }
  const { signature, ...unsigned } = state;
  if (signature === undefined || !sameSignature(signature, signDigest(digestState(unsigned), secret)))
    throw new ApprovalStateError(
      'tampered',
      'resumeAgent: the state was tampered with: its signature does not match its content. Nothing ran; resume with the state exactly as runAgent returned it.',
    );
}

async function readSnapshot(
  store: StateStore,
  state: PausedRunState,
  clock: Clock,
): Promise<PausedRunSnapshot> {
  const reply = await guarded(() =>
    updateApprovalRecord({ store, clock }, pausedRunKey(state.stateId), { kind: 'read' }),
  );
  if (reply.status === 'used') throw alreadyUsed();
  if (reply.status !== 'pending') throw expired();
  const snapshot = JSON.parse(reply.value) as PausedRunSnapshot;
  const { signature: _signature, ...unsigned } = state;
  if (snapshot.runId !== state.runId || snapshot.digest !== digestState(unsigned))
    throw new ApprovalStateError(
      'tampered',
      'resumeAgent: the state was tampered with: it does not match the paused run kept in the store (its approvals, arguments or expiry differ). Nothing ran.',
    );
  return snapshot;
}

/** Every pending approval needs exactly one decision, and edited arguments must be valid; checked before anything is claimed. */
async function checkDecisions(
  dispatcher: Dispatcher,
  pending: readonly PendingApproval[],
  decisions: readonly ApprovalDecision[],
): Promise<Map<string, ApprovalDecision>> {
  if (!Array.isArray(decisions)) throw invalid('decisions must be an array of { approvalId, approve }.');
  const known = new Map(pending.map((each) => [each.approvalId, each]));
  const byId = new Map<string, ApprovalDecision>();
  for (const decision of decisions) {
    const approvalId = (decision as { approvalId?: unknown } | null)?.approvalId;
    if (typeof approvalId !== 'string' || typeof (decision as { approve?: unknown }).approve !== 'boolean')
      throw invalid('each decision must be { approvalId, approve: true | false }.');
    if (!known.has(approvalId))
      throw invalid(`no pending approval has the id ${JSON.stringify(approvalId)}.`);
    if (byId.has(approvalId)) throw invalid(`two decisions name ${JSON.stringify(approvalId)}.`);
    if (!decision.approve && decision.reason !== undefined && typeof decision.reason !== 'string')
      throw invalid(`the reason for ${JSON.stringify(approvalId)} must be a string.`);
    if (decision.approve && 'arguments' in decision) {
      const tool = dispatcher.tools.get(known.get(approvalId)!.toolName);
      const args = decision.arguments;
      if (typeof args !== 'object' || args === null || Array.isArray(args))
        throw invalid(`the edited arguments for ${JSON.stringify(approvalId)} must be an object.`);
      if (tool !== undefined) {
        const validated = await Promise.resolve()
          .then(() => validateArguments(tool, args))
          .catch(() => undefined);
        if (validated === undefined || !validated.ok)
          throw invalid(
            `the edited arguments for ${JSON.stringify(approvalId)} are not valid for ${tool.name}: ${validated?.ok === false ? validated.outcome.message : 'its schema failed on them'} Fix them and resume again; the state is still usable.`,
          );
      }
    }
    byId.set(approvalId, decision);
  }
  const missing = pending.filter((each) => !byId.has(each.approvalId)).map((each) => each.approvalId);
  if (missing.length > 0)
    throw invalid(
      `every pending approval needs a decision; missing: ${missing.map((id) => JSON.stringify(id)).join(', ')}.`,
    );
  return byId;
}

async function guarded(operation: () => Promise<ApprovalReply>): Promise<ApprovalReply> {
  try {
    return await operation();
  } catch {
    throw new ApprovalStateError(
      'store_unavailable',
      'resumeAgent: the state store did not answer, so nothing ran. Resume again once it is back.',
    );
  }
}

function reportExpired(dispatcher: Dispatcher, state: PausedRunState, clock: Clock): void {
  for (const pending of state.pendingApprovals)
    dispatcher.report?.({
      type: 'approval.expired',
      time: clock.now(),
      runId: state.runId,
      tool: pending.toolName,
      toolCallId: '',
      approvalId: pending.approvalId,
    });
}

function invalid(why: string): ApprovalStateError {
  return new ApprovalStateError('invalid_decision', `resumeAgent: ${why}`);
}

function expired(): ApprovalStateError {
  return new ApprovalStateError(
    'expired',
    'resumeAgent: the state has expired (or is unknown to this store), so nothing ran. Start the request again.',
  );
}

function alreadyUsed(): ApprovalStateError {
  return new ApprovalStateError(
    'already_used',
    'resumeAgent: the state was already used to resume the run, so nothing ran again. Each paused state resumes once.',
  );
}
