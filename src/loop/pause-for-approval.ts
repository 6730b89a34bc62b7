import { DEFAULT_APPROVAL_TTL_MS, updateApprovalRecord } from '../boundary/approval-gate.js';
import { createReferenceId } from '../boundary/reference-id.js';
import { unavailable } from '../outcome/constructors.js';
import { structuredRenderer } from '../outcome/render.js';
import type { PendingApproval, ToolMessage } from '../protocol.js';
import { type Clock, systemClock } from '../state/clock.js';
import type { StateStore } from '../state/state-store.js';
import type { AgentMessage, ModelResponse, Usage } from './model.js';
import {
  type ApprovalOptions,
  digestState,
  type PausedRunSnapshot,
  type PausedRunState,
  pausedRunKey,
  signDigest,
} from './paused-run.js';

/** The text of a paused run's result: the model has not answered yet. */
export const AWAITING_APPROVAL_TEXT = 'This needs approval from a person before it can go on.';

/** The run so far, as the loop holds it when a turn ends. */
export interface PauseContext {
  runId: string;
  store: StateStore;
  approvals: ApprovalOptions | undefined;
  messages: readonly AgentMessage[];
  steps: PausedRunSnapshot['steps'];
  toolMessages: readonly ToolMessage[];
  usage: Usage;
}

/** Either the run pauses, or it goes on with these results. */
export type PauseDecision =
  | { kind: 'paused'; pendingApprovals: PendingApproval[]; state: PausedRunState }
  | { kind: 'continue'; results: ToolMessage[] };

/**
 * Pauses the run when calls of this turn wait for approval: the turn (the calls that ran, with
 * their results, and the waiting ones) is kept in the store under a new state id, and the
 * caller gets a small signed state. A turn that also halts the run does not pause: the waiting
 * calls then read as refused. When the store cannot keep the turn, the waiting calls are
 * answered `unavailable` and the run goes on, so nothing waits on a record that does not exist.
 */
export async function pauseForApproval(
  context: PauseContext,
  turn: { index: number; response: ModelResponse; results: ToolMessage[] },
): Promise<PauseDecision> {
  const waiting = turn.results.filter((message) => message.pendingApproval !== undefined);
  if (waiting.length === 0 || turn.results.some((message) => message.halt))
    return { kind: 'continue', results: turn.results };
  const clock: Clock = context.approvals?.clock ?? systemClock;
  const ttlMs = context.approvals?.ttlMs ?? DEFAULT_APPROVAL_TTL_MS;
  const unsigned: Omit<PausedRunState, 'signature'> = {
    type: 'toolbound.paused_run',
    version: 1,
    stateId: createReferenceId(),
    runId: context.runId,
    expiresAt: clock.now() + ttlMs,
    pendingApprovals: waiting.map((message) => message.pendingApproval!),
  };
  const digest = digestState(unsigned);
  const snapshot: PausedRunSnapshot = {
    runId: context.runId,
    digest,
    messages: [...context.messages],
    steps: [...context.steps],
    toolMessages: [...context.toolMessages],
    usage: { ...context.usage },
    turn,
  };
  try {
    const saved = await updateApprovalRecord(
      { store: context.store, clock },
      pausedRunKey(unsigned.stateId),
      {
        kind: 'put',
        value: JSON.stringify(snapshot),
        ttlMs,
      },
    );
    if (saved.status !== 'created') throw new Error('state id taken');
  } catch {
    return { kind: 'continue', results: turn.results.map((message) => cannotWait(message)) };
  }
  const secret = context.approvals?.secret;
  const state: PausedRunState =
    secret === undefined ? { ...unsigned } : { ...unsigned, signature: signDigest(digest, secret) };
  return { kind: 'paused', pendingApprovals: unsigned.pendingApprovals, state };
}

function cannotWait(message: ToolMessage): ToolMessage {
  if (message.pendingApproval === undefined) return message;
  const outcome = unavailable({
    error: 'approval_unavailable',
    message:
      'This action needs a person’s approval, and the approval could not be recorded right now, so it did not run. Tell the user to try again later.',
    retryable: false,
  });
  const { pendingApproval: _dropped, ...rest } = message;
  return { ...rest, outcome, content: structuredRenderer(outcome), isError: true };
}
