import type { EventHandler } from '../observe/events.js';
import { refused, unavailable } from '../outcome/constructors.js';
import type { Outcome } from '../outcome/outcome.js';
import type { PendingApproval } from '../protocol.js';
import {
  type ApprovalCommand,
  type ApprovalReply,
  createApprovalRecords,
} from '../state/approval-records.js';
import type { Clock } from '../state/clock.js';
import type { StateStore } from '../state/state-store.js';
import { isApprovalRequestTool } from '../tool/approval-request-tool.js';
import type { Tool, ToolApproval } from '../tool/define-tool.js';
import { truncate } from '../util/truncate.js';
import { canonicalArgumentsKey } from './canonical-arguments.js';
import type { CreateReference } from './reference-id.js';

/** A person's decision on one call, as a dispatch option. */
export type CallApproval =
  | {
      approvalId: string;
      approve: true;
      /**
       * True when another framework tracked the approval (the AI SDK's own flow), so there is no
       * record in the store to claim.
       */
      external?: boolean;
    }
  | { approvalId: string; approve: false; reason?: string };

/** What the gate needs from the dispatcher. */
export interface ApprovalGateConfig {
  tools: ReadonlyMap<string, Tool>;
  store: StateStore;
  clock: Clock;
  emit: EventHandler;
  createReference: CreateReference;
  approvalTtlMs: number;
}

/** One call at the gate: its tool, the arguments as sent (JSON) and as validated. */
export interface GateInput {
  runId: string;
  toolCallId: string;
  tool: Tool;
  /** The parsed JSON arguments: what a pending approval keeps and a rejection is keyed on. */
  args: Record<string, unknown>;
  /** What the schema made of them: what `needsApproval` reads. */
  value: unknown;
  approval: CallApproval | undefined;
}

/** Let the call through (under an approval, maybe), or stop it with this outcome. */
export type GateResult =
  | { kind: 'pass'; approval?: ToolApproval }
  | { kind: 'stop'; outcome: Outcome; pendingApproval?: PendingApproval };

/** What the store keeps under `approval:<id>`. */
export interface ApprovalRecord {
  runId: string;
  toolCallId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  /** The tool the model called, when it was the approval-request tool taking up an offer. */
  calledName: string;
  calledArguments: Record<string, unknown>;
  message?: string;
}

/** What the store keeps under `offer:<run>:<key>`: the call that made an offer. */
interface OfferRecord {
  toolName: string;
  arguments: Record<string, unknown>;
  message: string;
}

/** One day, the default time a pending approval stays approvable. */
export const DEFAULT_APPROVAL_TTL_MS = 86_400_000;
const MAX_REASON_CHARACTERS = 500;

/** Checks `approvalTtlMs`. */
export function resolveApprovalTtlMs(ttlMs: number | undefined): number {
  const value = ttlMs ?? DEFAULT_APPROVAL_TTL_MS;
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(
      `approvalTtlMs must be a positive integer of milliseconds; got ${JSON.stringify(ttlMs)}.`,
    );
  return value;
}

/** The store key of an approval record. */
export const approvalKey = (approvalId: string) => `approval:${approvalId}`;
const rejectionKey = (runId: string, toolName: string, args: unknown) =>
  `rejected:${runId}:${toolName}:${canonicalArgumentsKey(args)}`;
const offerKey = (runId: string, offerTool: string, args: unknown) =>
  `offer:${runId}:${offerTool}:${canonicalArgumentsKey(args)}`;
const budgetKey = (runId: string, toolName: string) => `budget:${runId}:${toolName}`;

/**
 * True when a call of `tool` has something for the gate to check: an offer to take up, a
 * `needsApproval`, or a per-run budget. A call without one, and without a person's decision,
 * passes the gate without reading the store.
 */
export function hasApprovalGate(tool: Tool): boolean {
  return (
    isApprovalRequestTool(tool) ||
    (tool.needsApproval !== undefined && tool.needsApproval !== false) ||
    tool.maxCallsPerRun !== undefined
  );
}

/**
 * The approval half of the run's gate, in order: a person's decision on this call (claimed
 * once in the store), the approval-request tool taking up an offer, the tool's own
 * `needsApproval`, then the tool's per-run budget. A call that needs approval is never run here:
 * a pending record is kept in the store under a new approval id and the call stops, for
 * `runAgent` to pause on.
 */
export async function passApprovalGate(config: ApprovalGateConfig, input: GateInput): Promise<GateResult> {
  const { tool } = input;
  let approval: ToolApproval | undefined;
  try {
    if (input.approval !== undefined) {
      const decided = await applyDecision(config, input, input.approval);
      if (decided.kind === 'stop') return decided;
      approval = decided.approval;
    } else if (isApprovalRequestTool(tool)) {
      return await takeUpOffer(config, input);
    } else if (await needsApproval(tool, input)) {
      return await askForApproval(config, input, {
        toolName: tool.name,
        arguments: input.args,
        calledName: tool.name,
        calledArguments: input.args,
      });
    }
    if (tool.maxCallsPerRun !== undefined) {
      const counted = await update(config, budgetKey(input.runId, tool.name), {
        kind: 'count',
        limit: tool.maxCallsPerRun,
        ttlMs: config.approvalTtlMs,
      });
      if (counted.status === 'exhausted')
        return { kind: 'stop', outcome: budgetUsed(tool.name, tool.maxCallsPerRun) };
    }
  } catch {
    // the store failed: nothing ran, and nothing that needs a person or a budget may run unchecked
    return {
      kind: 'stop',
      outcome: unavailable({
        error: 'approval_store_unavailable',
        message:
          'This action could not be checked for approval right now, so it did not run. Tell the user it could not be done now and to try again later.',
        retryable: false,
      }),
    };
  }
  return approval === undefined ? { kind: 'pass' } : { kind: 'pass', approval };
}

/** Saves a rejection so that the same call in the same run is refused without asking again. */
export async function rememberRejection(
  config: Pick<ApprovalGateConfig, 'store' | 'clock' | 'approvalTtlMs'>,
  runId: string,
  calls: ReadonlyArray<{ toolName: string; arguments: unknown }>,
  reason: string,
): Promise<void> {
  for (const call of calls)
    await update(config, rejectionKey(runId, call.toolName, call.arguments), {
      kind: 'put',
      value: reason,
      ttlMs: config.approvalTtlMs,
      replace: true,
    });
}

/** Records the call that made an offer naming the approval-request tool, so that tool can take it up. */
export async function recordOffer(
  config: ApprovalGateConfig,
  input: { runId: string; tool: Tool; args: unknown; outcome: Outcome },
): Promise<void> {
  const { outcome } = input;
  if (outcome.class !== 'refused' || outcome.offer === undefined) return;
  const offered = config.tools.get(outcome.offer.tool);
  if (offered === undefined || !isApprovalRequestTool(offered)) return;
  const record: OfferRecord = {
    toolName: input.tool.name,
    arguments: input.args as Record<string, unknown>,
    message: outcome.message,
  };
  // the latest call wins when two offers read alike: it is the one the model has just seen
  await update(config, offerKey(input.runId, offered.name, outcome.offer.arguments ?? {}), {
    kind: 'put',
    value: JSON.stringify(record),
    ttlMs: config.approvalTtlMs,
    replace: true,
  });
}

async function applyDecision(
  config: ApprovalGateConfig,
  input: GateInput,
  decision: CallApproval,
): Promise<{ kind: 'pass'; approval: ToolApproval } | Extract<GateResult, { kind: 'stop' }>> {
  const event = {
    time: config.clock.now(),
    runId: input.runId,
    tool: input.tool.name,
    toolCallId: input.toolCallId,
  };
  const { approvalId } = decision;
  if (decision.approve && decision.external === true)
    return { kind: 'pass', approval: { approvalId, external: true } };
  const claimed = await update(config, approvalKey(approvalId), {
    kind: 'claim',
    holder: `${input.runId}:${input.toolCallId}`,
  });
  if (claimed.status === 'used')
    return {
      kind: 'stop',
      outcome: refused({
        error: 'approval_used',
        message:
          'This approval was already used, so the action did not run again. Tell the user it was done once already.',
      }),
    };
  if (claimed.status !== 'claimed') {
    config.emit({ type: 'approval.expired', ...event, approvalId });
    return {
      kind: 'stop',
      outcome: refused({
        error: 'approval_expired',
        message:
          'The approval for this action expired before a decision arrived, so it did not run. Tell the user to ask again.',
      }),
    };
  }
  const record = JSON.parse(claimed.value) as ApprovalRecord;
  if (record.toolName !== input.tool.name || record.runId !== input.runId)
    return {
      kind: 'stop',
      outcome: refused({
        error: 'approval_mismatch',
        message: 'That approval was given for a different action, so this one did not run.',
      }),
    };
  if (decision.approve) {
    const edited = canonicalArgumentsKey(record.arguments) !== canonicalArgumentsKey(input.args);
    config.emit({ type: 'approval.approved', ...event, approvalId, edited });
    return { kind: 'pass', approval: { approvalId } };
  }
  const reason = truncate((decision.reason ?? '').trim(), MAX_REASON_CHARACTERS);
  await rememberRejection(
    config,
    input.runId,
    [
      { toolName: record.toolName, arguments: record.arguments },
      { toolName: record.calledName, arguments: record.calledArguments },
    ],
    reason,
  );
  config.emit({ type: 'approval.rejected', ...event, approvalId });
  return { kind: 'stop', outcome: rejected(record.toolName, reason) };
}

async function takeUpOffer(config: ApprovalGateConfig, input: GateInput): Promise<GateResult> {
  const found = await update(config, offerKey(input.runId, input.tool.name, input.args), { kind: 'read' });
  if (found.status !== 'pending')
    return {
      kind: 'stop',
      outcome: {
        class: 'correctable',
        ok: false,
        error: 'no_matching_offer',
        message: `No action in this run offered ${input.tool.name} with these arguments, so there is nothing to approve.`,
        hint: `Call ${input.tool.name} only with the arguments of an offer, unchanged, or tell the user what you found.`,
      },
    };
  const offer = JSON.parse(found.value) as OfferRecord;
  return askForApproval(config, input, {
    toolName: offer.toolName,
    arguments: offer.arguments,
    calledName: input.tool.name,
    calledArguments: input.args,
    message: offer.message,
  });
}

async function askForApproval(
  config: ApprovalGateConfig,
  input: GateInput,
  call: Omit<ApprovalRecord, 'runId' | 'toolCallId'>,
): Promise<GateResult> {
  const earlier = await update(config, rejectionKey(input.runId, call.toolName, call.arguments), {
    kind: 'read',
  });
  if (earlier.status === 'pending') return { kind: 'stop', outcome: rejected(call.toolName, earlier.value) };
  const approvalId = config.createReference();
  const record: ApprovalRecord = { runId: input.runId, toolCallId: input.toolCallId, ...call };
  await update(config, approvalKey(approvalId), {
    kind: 'put',
    value: JSON.stringify(record),
    ttlMs: config.approvalTtlMs,
  });
  config.emit({
    type: 'approval.requested',
    time: config.clock.now(),
    runId: input.runId,
    tool: call.toolName,
    toolCallId: input.toolCallId,
    approvalId,
  });
  const pendingApproval: PendingApproval = {
    approvalId,
    toolName: call.toolName,
    arguments: call.arguments,
  };
  if (call.message !== undefined) pendingApproval.message = call.message;
  const outcome = refused({
    error: 'approval_required',
    message: `This ${call.toolName} action needs a person's approval, and it has not run. Tell the user it is waiting for approval.`,
  });
  // where nothing can pause (an MCP server, a loop of the caller's own), the way forward is the
  // approval-request tool, when the dispatcher has one: offered, and recorded so it can be taken up
  const requestTool = [...config.tools.values()].find(isApprovalRequestTool);
  if (requestTool !== undefined && call.calledName === call.toolName) {
    outcome.offer = { tool: requestTool.name, arguments: { tool: call.toolName, arguments: call.arguments } };
    await recordOffer(config, { runId: input.runId, tool: input.tool, args: call.arguments, outcome });
  }
  return { kind: 'stop', outcome, pendingApproval };
}

async function needsApproval(tool: Tool, input: GateInput): Promise<boolean> {
  const { needsApproval: check } = tool;
  if (check === undefined || check === false) return false;
  if (check === true) return true;
  try {
    return (
      (await check(input.value as never, { runId: input.runId, toolCallId: input.toolCallId })) !== false
    );
  } catch {
    return true; // a check that fails must not let the call through unapproved
  }
}

/** What the model reads for a declined call, and for the same call again in the run. */
function rejected(toolName: string, reason: string): Outcome {
  const said = reason === '' ? '' : ` Their reason: ${JSON.stringify(reason)}`;
  return refused({
    error: 'approval_rejected',
    message: `A person declined this ${toolName} action, so it did not run.${said} Do not ask again in this run; tell the user.`,
  });
}

function budgetUsed(toolName: string, limit: number): Outcome {
  return refused({
    error: 'tool_budget_used',
    message: `This tool's budget for the run is used: ${toolName} may run at most ${limit} ${limit === 1 ? 'time' : 'times'} per run. Do not call it again; answer with what you have and tell the user what could not be done.`,
  });
}

const localRecords = new WeakMap<StateStore, ReturnType<typeof createApprovalRecords>>();

/**
 * Runs a command on the store's approval records. A store without them (a custom one) gets
 * records local to this process, which keep every guarantee within the process.
 */
async function update(
  config: Pick<ApprovalGateConfig, 'store' | 'clock'>,
  key: string,
  command: ApprovalCommand,
): Promise<ApprovalReply> {
  const { store } = config;
  if (typeof store.updateApproval === 'function') return store.updateApproval(key, command);
  let records = localRecords.get(store);
  if (records === undefined) {
    records = createApprovalRecords(config.clock, 100_000);
    localRecords.set(store, records);
  }
  return records.apply(key, command);
}

export { update as updateApprovalRecord };
