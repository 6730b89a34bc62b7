import type { EventHandler } from '../observe/events.js';
import { type SerializedError, serializeError } from '../observe/serialize-error.js';
import type { BuiltInErrorCode } from '../outcome/error-code.js';
import type { Outcome } from '../outcome/outcome.js';
import { type Renderer, structuredRenderer } from '../outcome/render.js';
import type { CircuitBreaker } from '../policy/circuit-breaker.js';
import type { ResolvedRetryOptions } from '../policy/retry-options.js';
import type { Maybe, Reservation, RunPolicy, Verdict } from '../policy/run-policy.js';
import { type Bounded, settleWithin } from '../policy/settle-within.js';
import type { PendingApproval, ToolCall, ToolMessage } from '../protocol.js';
import type { Leak } from '../sanitize/leak.js';
import type { LeakRuleName } from '../sanitize/leak-rule-name.js';
import { forgetCleanCopy } from '../sanitize/redact-value.js';
import { safeToolName } from '../sanitize/safe-tool-name.js';
import { sanitizeOutcome, sanitizeValue } from '../sanitize/sanitize-outcome.js';
import type { Clock } from '../state/clock.js';
import type { StateStore } from '../state/state-store.js';
import type { Tool, ToolApproval } from '../tool/define-tool.js';
import { readField } from '../util/read-field.js';
import { truncate } from '../util/truncate.js';
import {
  type CallApproval,
  type GateResult,
  hasApprovalGate,
  passApprovalGate,
  recordOffer,
} from './approval-gate.js';
import { renderForModel } from './bound-content.js';
import { callKey } from './canonical-arguments.js';
import { type ClassifyOptions, classifyResult } from './classify-result.js';
import {
  type Execution,
  type ExecutionContext,
  type ExecutionListener,
  startExecution,
} from './execute-tool.js';
import { findTool } from './find-tool.js';
import { type ArgumentLimits, parseArguments } from './parse-arguments.js';
import { readSignal } from './read-signal.js';
import type { CreateReference } from './reference-id.js';
import { NEVER_ABORTED, TOOL_CALL_POSITION } from './run-attempt.js';
import { type Validated, validateArguments } from './validate-arguments.js';

/** Everything a dispatch needs, resolved once when the dispatcher is built. */
export interface DispatchConfig {
  tools: ReadonlyMap<string, Tool>;
  clock: Clock;
  render: Renderer;
  argumentLimits: ArgumentLimits;
  maxContentBytes: number;
  createReference: CreateReference;
  internalErrorMessage: string;
  emit: EventHandler;
  policy: RunPolicy;
  retry: ResolvedRetryOptions;
  breaker: CircuitBreaker | undefined;
  random: () => number;
  copyData: (data: unknown) => unknown;
  /** What classifying a result needs: copyData, createReference and internalErrorMessage, once. */
  classify: ClassifyOptions;
  /**
   * False when neither the logger nor a handler would take a debug-level event (a success, or
   * the `tool.failed` of a call whose throw was logged already): then none is built.
   */
  reportSuccess: boolean;
  /** False when neither the logger nor a handler would take an info-level event (`tool.failed`). */
  reportFailure: boolean;
  /** False when neither the logger nor a handler would take `tool.internal_error`: then none is built. */
  reportInternalError: boolean;
  /**
   * True when the logger writes `tool.internal_error` (error level): it then reads the thrown
   * value's description, which is made at once rather than behind a getter.
   */
  logsInternalError: boolean;
  /** `emit`, but a call's `tool.failed` is logged at debug level: its throw was logged at error level. */
  emitAfterLoggedThrow: EventHandler;
  store: StateStore;
  approvalTtlMs: number;
}

/** One call as the boundary reads it, before anything is decided. */
interface Request {
  /** The call as it was passed, for the last-resort message. */
  source: ToolCall;
  runId: string;
  toolCallId: string;
  requestedName: string;
  rawArguments: unknown;
  signal: AbortSignal;
  startedAt: number;
  approval: CallApproval | undefined;
}

/** What the stages before rendering decided. */
interface Decision {
  outcome: Outcome;
  tool?: Tool;
  /** What identifies "the same call" for the repeat counter. */
  keySource: unknown;
  attempts: number;
  pendingApproval?: PendingApproval;
  /** True when a person's decision stopped the call: the model did not fail, so the policy does not count it. */
  decidedByPerson?: boolean;
  /** The call's place in the run, once it reached the gate; `record` settles it. */
  reservation?: Reservation;
  /** True when the tool's unexpected throw was logged as `tool.internal_error`. */
  loggedThrow?: boolean;
}

/** The allowlist of a tool that passes no rule through. */
const NO_RULES: readonly LeakRuleName[] = Object.freeze([]);
/** The sanitiser's options for such a tool, made once. */
const NO_ALLOWLIST = Object.freeze({});

/** The gate's answer for a call with nothing to check. */
const PASS: GateResult = Object.freeze({ kind: 'pass' });

/** The longest tool name a message echoes back for an unknown tool. */
const MAX_ECHOED_NAME = 64;

/**
 * One tool call through the boundary, stage by stage in the order the docs draw them: find the
 * tool, parse and validate its arguments, pass the run's gate, execute, normalise what happened
 * into an outcome, sanitise it, apply the run policy, and render it for the model. Each stage
 * returns what the next one needs; none of them shares mutable state.
 */
export function dispatchCall(
  config: DispatchConfig,
  call: ToolCall,
  options: { runId?: unknown; signal?: unknown; approval?: unknown },
): Promise<ToolMessage> {
  let request: Request;
  let decided: Maybe<Decision | Delivery>;
  try {
    request = readRequest(config, call, options);
    decided = decide(config, request);
  } catch (thrown) {
    return Promise.resolve(lastResort(config, call, thrown));
  }
  // a call whose tool ran is delivered by the tool's listener, in the step its result came in;
  // one stopped before its tool is finished here, at once when nothing waited
  if (decided instanceof Delivery) return decided.message;
  if (decided instanceof Promise)
    return decided.then(
      (decision) =>
        decision instanceof Delivery ? decision.message : finishOrLastResort(config, call, request, decision),
      (thrown: unknown) => lastResort(config, call, thrown),
    );
  return Promise.resolve(finishOrLastResort(config, call, request, decided));
}

/** The message of a call whose tool ran, on its way: made by the listener that hears the tool. */
class Delivery {
  constructor(readonly message: Promise<ToolMessage>) {}
}

/** {@link finish}, and the last-resort message should anything in it throw or reject. */
function finishOrLastResort(
  config: DispatchConfig,
  call: ToolCall,
  request: Request,
  decision: Decision,
): Maybe<ToolMessage> {
  try {
    const finished = finish(config, request, decision);
    if (finished instanceof Promise)
      return finished.then(undefined, (thrown: unknown) => lastResort(config, call, thrown));
    return finished;
  } catch (thrown) {
    return lastResort(config, call, thrown);
  }
}

function readRequest(
  config: DispatchConfig,
  call: ToolCall,
  options: { runId?: unknown; signal?: unknown; approval?: unknown },
): Request {
  const runId = typeof options.runId === 'string' ? options.runId : config.createReference();
  return {
    source: call,
    runId,
    toolCallId: readString(call, 'id') ?? '',
    requestedName: readString(call, 'name') ?? '',
    rawArguments: readField(call, 'arguments'),
    signal: readSignal(readField(options, 'signal'), config, runId) ?? NEVER_ABORTED,
    // only a reported event carries the call's duration
    startedAt: config.reportSuccess || config.reportFailure ? config.clock.now() : 0,
    approval: readApproval(options.approval),
  };
}

/**
 * The stages that decide the outcome, each returning early with the outcome that stops the call.
 * They run synchronously until something has to wait (an asynchronous schema, the approval
 * store, a shared store, the tool itself), so a call that stops before its tool runs needs no
 * await at all.
 */
function decide(config: DispatchConfig, request: Request): Maybe<Decision | Delivery> {
  const { rawArguments } = request;
  const rawKey = typeof rawArguments === 'string' ? rawArguments : null;

  // find: an unknown tool is named before its arguments are read, since fixing the arguments
  // of a tool that does not exist would waste the model's turn
  const found = findTool(request.requestedName, config.tools);
  if (!found.ok) return { outcome: found.outcome, keySource: rawKey, attempts: 0 };
  const { tool } = found;

  // parse
  const parsed = parseArguments(rawArguments, tool.name, config.argumentLimits);
  if (!parsed.ok) return { outcome: parsed.outcome, tool, keySource: rawKey, attempts: 0 };
  const call = new Parsed(tool, parsed.value);

  // validate, under the tool's timeout and the caller's signal like the tool itself
  const bounding = settleWithin(
    validateArguments,
    tool,
    call.args,
    tool.timeoutMs,
    config.clock,
    request.signal,
  );
  return bounding instanceof Promise
    ? bounding.then((bounded) => gate(config, request, call, bounded))
    : gate(config, request, call, bounding);
}

/**
 * A call whose tool was found and whose arguments parsed. It is also what makes the call's key
 * for the run policy, on read (see ArgumentsKeySource): no closure per call.
 */
class Parsed {
  constructor(
    readonly tool: Tool,
    /** The parsed JSON arguments: what identifies the call, and what a log or an approval keeps. */
    readonly args: Record<string, unknown>,
  ) {}

  get argumentsKey(): string {
    return callKey(this.args);
  }
}

/**
 * The gate: approvals and the tool's budget (only a call that has any to check goes to the store
 * for them), then a place in the run, reserved atomically (an identical call already in flight
 * is shared instead of run again).
 */
function gate(
  config: DispatchConfig,
  request: Request,
  call: Parsed,
  bounded: Bounded<Validated>,
): Maybe<Decision | Delivery> {
  const { tool, args } = call;
  if (bounded.kind === 'threw') {
    const normalised = normalise(config, request, tool, { kind: 'threw', error: bounded.error }, args);
    return { ...normalised, tool, keySource: args, attempts: 0 };
  }
  if (bounded.kind !== 'settled')
    return { ...normalise(config, request, tool, bounded), tool, keySource: args, attempts: 0 };
  const validated = bounded.value;
  if (!validated.ok) return { outcome: validated.outcome, tool, keySource: args, attempts: 0 };
  if (request.approval === undefined && !hasApprovalGate(tool))
    return reserve(config, request, call, validated.value, PASS);
  return passApprovalGate(config, {
    runId: request.runId,
    toolCallId: request.toolCallId,
    tool,
    args,
    value: validated.value,
    approval: request.approval,
  }).then((passed) => reserve(config, request, call, validated.value, passed));
}

/** A place in the run for a call the gate let through. */
function reserve(
  config: DispatchConfig,
  request: Request,
  call: Parsed,
  value: unknown,
  passed: GateResult,
): Maybe<Decision | Delivery> {
  const { tool, args } = call;
  if (passed.kind === 'stop') {
    const stopped: Decision = { outcome: passed.outcome, tool, keySource: args, attempts: 0 };
    if (passed.pendingApproval !== undefined) stopped.pendingApproval = passed.pendingApproval;
    if (request.approval !== undefined) stopped.decidedByPerson = true;
    return stopped;
  }
  const reserving = config.policy.reserve({
    runId: request.runId,
    toolName: tool.name,
    // made only if the policy needs it: a lone call in a clean run never does
    argumentsKey: call,
    timeoutMs: tool.timeoutMs,
    signal: request.signal,
  });
  // the in-memory store answers at once: no trip through the microtask queue
  return reserving instanceof Promise
    ? reserving.then((reservation) => execute(config, request, call, value, passed, reservation))
    : execute(config, request, call, value, passed, reserving);
}

/** Runs the tool, when its place allows it, and normalises what it did into an outcome. */
function execute(
  config: DispatchConfig,
  request: Request,
  call: Parsed,
  value: unknown,
  passed: Extract<GateResult, { kind: 'pass' }>,
  reservation: Reservation,
): Maybe<Decision | Delivery> {
  const { tool, args } = call;
  if (reservation.kind === 'refused')
    return { outcome: reservation.outcome, tool, keySource: args, attempts: 0, reservation };
  if (reservation.kind === 'shared')
    return reservation.verdict.then(({ outcome }) => ({
      outcome,
      tool,
      keySource: args,
      attempts: 0,
      reservation,
    }));
  // execute: the tool's result comes back through `Executing`, which delivers the message in the
  // step the result settles in
  const message = new Promise<ToolMessage>(captureResolve);
  const executing = new Executing(config, request, call, reservation, passed.approval, capturedResolve!);
  capturedResolve = undefined;
  try {
    startExecution(tool, value, executing, executing);
  } catch (thrown) {
    executing.failed(thrown);
  }
  return new Delivery(message);
}

/**
 * The resolve function of the promise `captureResolve` was last the executor of: one executor
 * for every call's message promise, so making one allocates no closure. Read at once, then cleared.
 */
let capturedResolve: ((message: Maybe<ToolMessage>) => void) | undefined;
const captureResolve = (resolve: (message: Maybe<ToolMessage>) => void) => {
  capturedResolve = resolve;
};

/**
 * A call whose tool is running: the context the execution reads, and the listener that
 * normalises what the tool did into the call's decision. One object per call, where a context
 * literal, an async frame and its promises were.
 */
class Executing implements ExecutionContext, ExecutionListener {
  constructor(
    readonly config: DispatchConfig,
    readonly request: Request,
    readonly call: Parsed,
    readonly reservation: Reservation,
    readonly approval: ToolApproval | undefined,
    readonly resolve: (message: Maybe<ToolMessage>) => void,
  ) {}

  // the context the execution reads, from the request and the config rather than copied
  get runId(): string {
    return this.request.runId;
  }
  get toolCallId(): string {
    return this.request.toolCallId;
  }
  get signal(): AbortSignal {
    return this.request.signal;
  }
  get clock(): Clock {
    return this.config.clock;
  }
  get retry(): ResolvedRetryOptions {
    return this.config.retry;
  }
  get emit(): EventHandler {
    return this.config.emit;
  }
  get random(): () => number {
    return this.config.random;
  }
  get breaker(): CircuitBreaker | undefined {
    return this.config.breaker;
  }

  executed(execution: Execution): void {
    const { config, request, call, reservation } = this;
    const { tool, args } = call;
    try {
      // normalise
      const { outcome, loggedThrow } = normalise(config, request, tool, execution.result, args);
      const decision: Decision = {
        outcome,
        loggedThrow,
        tool,
        keySource: args,
        attempts: execution.attempts,
        reservation,
      };
      if (outcome.class === 'refused' && outcome.offer !== undefined) {
        const deliver = () => finishOrLastResort(config, request.source, request, decision);
        // an offer that cannot be recorded is still shown; taking it up then finds nothing to approve
        this.resolve(
          recordOffer(config, { runId: request.runId, tool, args, outcome }).then(deliver, deliver),
        );
      } else this.resolve(finishOrLastResort(config, request.source, request, decision));
    } catch (error) {
      this.failed(error);
    }
  }

  /** The boundary's own machinery failed around the tool: the last-resort message goes out. */
  failed(error: unknown): void {
    this.resolve(lastResort(this.config, this.request.source, error));
  }
}

/**
 * Turns what a tool did into an outcome. An unexpected failure is logged here, once, with the
 * sanitised arguments, under the reference the model will read; the thrown value is described
 * for the log only when something reads it, and not at all when nobody listens.
 */
function normalise(
  config: DispatchConfig,
  request: Request,
  tool: Tool,
  result: Parameters<typeof classifyResult>[0],
  rawArgs?: unknown,
): { outcome: Outcome; loggedThrow: boolean } {
  const classified = classifyResult(result, tool.name, config.classify);
  const { internal } = classified;
  if (internal === undefined || !config.reportInternalError)
    return { outcome: classified.outcome, loggedThrow: false };
  const time = config.clock.now();
  const args = sanitizeValue(config.copyData(rawArgs));
  forgetCleanCopy();
  if (config.logsInternalError) {
    // the logger writes the event, so it reads `thrown`: described now, as a plain field
    config.emit({
      type: 'tool.internal_error',
      time,
      runId: request.runId,
      tool: tool.name,
      toolCallId: request.toolCallId,
      reference: internal.reference,
      arguments: args,
      thrown: serializeError(internal.thrown, TOOL_CALL_POSITION),
    });
  } else {
    // only handlers take it: described when one of them reads it, and once
    let thrown: SerializedError | undefined;
    config.emit({
      type: 'tool.internal_error',
      time,
      runId: request.runId,
      tool: tool.name,
      toolCallId: request.toolCallId,
      reference: internal.reference,
      arguments: args,
      get thrown() {
        thrown ??= serializeError(internal.thrown, TOOL_CALL_POSITION);
        return thrown;
      },
    });
  }
  return { outcome: classified.outcome, loggedThrow: true };
}

/** The stages after the decision: sanitise, run policy, render, and report. */
function finish(config: DispatchConfig, request: Request, decision: Decision): Maybe<ToolMessage> {
  const { runId, toolCallId } = request;
  const { tool } = decision;
  const toolName = tool?.name ?? safeToolName(truncate(request.requestedName, MAX_ECHOED_NAME));

  // sanitise
  const sanitized = sanitizeOutcome(
    decision.outcome,
    tool?.allowRules === undefined ? NO_ALLOWLIST : { allowRules: tool.allowRules },
  );
  forgetCleanCopy(); // a copy's clean mark is for this pass only
  reportLeaks(config, request, toolName, sanitized.leaks);

  // run policy: only failures are counted, so only they need the canonical arguments; a call
  // waiting for a person, or declined by one, is not the model failing, and holds no
  // reservation: the policy does not count it
  if (decision.pendingApproval !== undefined || decision.decidedByPerson === true)
    return deliver(config, request, decision, toolName, sanitized, { outcome: sanitized.outcome });
  const recorded = config.policy.record({
    runId,
    toolName,
    toolCallId,
    // made only for a failure that holds no reservation (see RecordRequest)
    argumentsKey: sanitized.outcome.ok ? '' : () => callKey(decision.keySource),
    outcome: sanitized.outcome,
    // written out even when undefined: a conditional spread builds a second object per call
    reservation: decision.reservation,
  });
  // the in-memory store answers at once, and then so does this
  return recorded instanceof Promise
    ? recorded.then((verdict) => deliver(config, request, decision, toolName, sanitized, verdict))
    : deliver(config, request, decision, toolName, sanitized, recorded);
}

/** One `tool.message_leaked` event per leak a sanitising pass found: where, and by which rule. */
function reportLeaks(
  config: DispatchConfig,
  request: Request,
  toolName: string,
  leaks: readonly Leak[],
): void {
  // indexed: an iterator over the usual empty list is an object per call
  for (let index = 0; index < leaks.length; index++) {
    const { field, rule } = leaks[index]!;
    config.emit({
      type: 'tool.message_leaked',
      time: config.clock.now(),
      runId: request.runId,
      tool: toolName,
      toolCallId: request.toolCallId,
      field,
      rule,
    });
  }
}

/** The last stages: render, sanitise once more exactly what the model reads, report, and build the message. */
function deliver(
  config: DispatchConfig,
  request: Request,
  decision: Decision,
  toolName: string,
  sanitized: { outcome: Outcome; leaks: readonly Leak[] },
  verdict: Verdict,
): ToolMessage {
  const { toolCallId } = request;
  const { tool } = decision;
  // render, then sanitise once more exactly what the model reads (hints the policy added included)
  const rendered = renderForModel({
    outcome: verdict.outcome,
    render: config.render,
    maxContentBytes: config.maxContentBytes,
    allowRules: tool?.allowRules ?? NO_RULES,
    // the first pass found nothing: when the policy left the outcome as it was, the content
    // holds only what that pass read, and the last pass can be skipped (see renderForModel)
    sanitized: sanitized.leaks.length === 0 ? sanitized.outcome : undefined,
  });
  const { outcome, content } = rendered;
  reportLeaks(config, request, toolName, rendered.leaks);

  report(config, request, toolName, decision, outcome);
  const message: ToolMessage = {
    toolCallId,
    toolName,
    outcome,
    content,
    isError: !outcome.ok,
    halt: verdict.halt !== undefined,
  };
  if (verdict.halt !== undefined) message.haltReason = verdict.halt;
  if (outcome.class === 'unavailable' && outcome.reference !== undefined)
    message.reference = outcome.reference;
  if (decision.pendingApproval !== undefined) message.pendingApproval = decision.pendingApproval;
  return message;
}

/**
 * Reports how the call ended. A call whose throw was logged at error level a moment ago gets
 * its `tool.failed` at debug level, so an unexpected throw makes one log line, not two; handlers
 * still get both events.
 */
function report(
  config: DispatchConfig,
  request: Request,
  toolName: string,
  decision: Decision,
  outcome: Outcome,
) {
  const quiet = outcome.ok || decision.loggedThrow === true;
  if (quiet ? !config.reportSuccess : !config.reportFailure) return;
  const now = config.clock.now();
  const common = {
    time: now,
    runId: request.runId,
    tool: toolName,
    toolCallId: request.toolCallId,
    outcomeClass: outcome.class,
    durationMs: now - request.startedAt,
    attempts: decision.attempts,
  };
  if (outcome.ok) {
    config.emit({ type: 'tool.succeeded', ...common });
    return;
  }
  (decision.loggedThrow === true ? config.emitAfterLoggedThrow : config.emit)({
    type: 'tool.failed',
    ...common,
    error: outcome.error,
    ...(outcome.class === 'unavailable' && outcome.reference !== undefined
      ? { reference: outcome.reference }
      : {}),
  });
}

/** The message for a failure inside the boundary itself; built only from values that cannot throw. */
function lastResort(config: DispatchConfig, call: unknown, thrown: unknown): ToolMessage {
  const { emit, clock, createReference, internalErrorMessage } = config;
  let reference = 'unavailable';
  try {
    reference = createReference();
  } catch {
    // keep the fixed reference
  }
  const toolCallId = readString(call, 'id') ?? '';
  const toolName = truncate(readString(call, 'name') ?? '', 64);
  try {
    emit({
      type: 'tool.internal_error',
      time: clock.now(),
      runId: '',
      tool: toolName,
      toolCallId,
      reference,
      arguments: null,
      thrown: serializeError(thrown),
    });
  } catch {
    // nothing more can be done; the message below still goes out
  }
  const outcome: Outcome = {
    ok: false,
    class: 'unavailable',
    error: 'internal_error' satisfies BuiltInErrorCode,
    message: internalErrorMessage,
    retryable: false,
    reference,
  };
  let content: string;
  try {
    content = config.render(outcome);
  } catch {
    content = structuredRenderer(outcome); // the configured renderer may be what failed
  }
  return {
    toolCallId,
    toolName,
    outcome,
    content,
    isError: true,
    halt: false,
    reference,
  };
}

/** Reads a string field of a value that may be hostile. */
export function readString(source: unknown, key: string): string | undefined {
  const value = readField(source, key);
  return typeof value === 'string' ? value : undefined;
}

/** A decision passed as a dispatch option, read defensively: anything malformed is no decision. */
function readApproval(value: unknown): CallApproval | undefined {
  const approvalId = readField(value, 'approvalId');
  const approve = readField(value, 'approve');
  if (typeof approvalId !== 'string' || approvalId === '' || typeof approve !== 'boolean') return undefined;
  if (approve)
    return readField(value, 'external') === true
      ? { approvalId, approve, external: true }
      : { approvalId, approve };
  const reason = readField(value, 'reason');
  return typeof reason === 'string' ? { approvalId, approve, reason } : { approvalId, approve };
}
