import type { EventHandler } from '../observe/events.js';
import type { Outcome } from '../outcome/outcome.js';
import { isOutcome } from '../outcome/read-outcome.js';
import { ToolError } from '../outcome/tool-error.js';
import { abortableSleep } from '../policy/abortable-sleep.js';
import type { BreakerAdmission, BreakerTicket, CircuitBreaker } from '../policy/circuit-breaker.js';
import { classifyTransient, type TransientFailure } from '../policy/classify-transient.js';
import { decideRetry } from '../policy/decide-retry.js';
import { type ResolvedRetryOptions, resolveRetryOptions } from '../policy/retry-options.js';
import type { Maybe } from '../policy/run-policy.js';
import {
  breakerOpenOutcome,
  outcomeUnknownOutcome,
  retriesExhaustedOutcome,
} from '../policy/transient-outcomes.js';
import type { Clock } from '../state/clock.js';
import type { BreakerResult } from '../state/state-store.js';
import type { Tool, ToolApproval } from '../tool/define-tool.js';
import { type AttemptListener, type AttemptResult, runAttempt, startAttempt } from './run-attempt.js';

/** How a call's execution ended: an attempt's raw result, or an outcome decided on the way. */
export type ExecutionResult = AttemptResult | { kind: 'outcome'; outcome: Outcome };

/** The result of executing a call, with how many attempts it took (0 when the breaker refused it). */
export interface Execution {
  result: ExecutionResult;
  attempts: number;
}

/** What executing a call needs from the dispatcher. */
export interface ExecutionContext {
  runId: string;
  toolCallId: string;
  signal: AbortSignal;
  clock: Clock;
  /** How transient failures are retried; without it every call gets one attempt. */
  retry?: ResolvedRetryOptions;
  /** The circuit breakers; without them no call is refused for its service's health. */
  breaker?: CircuitBreaker | undefined;
  /** Receives a `tool.retried` event per retry. */
  emit?: EventHandler;
  /**
   * A number in [0, 1) for backoff jitter.
   * @default Math.random
   */
  random?: () => number;
  /** Set when the call runs under a person's approval; the tool reads it in its context. */
  approval?: ToolApproval | undefined;
}

const SINGLE_ATTEMPT = resolveRetryOptions({ maxAttempts: 1 });
/** A probe's lease outlives its one attempt by this much, so a slow finish cannot let a second probe in. */
const PROBE_LEASE_MARGIN_MS = 1_000;

/** Hears how an execution ended: exactly one of its methods is called, once. */
export interface ExecutionListener {
  executed(execution: Execution): void;
  /** The boundary's own machinery failed (a breaker store that threw, say): a bug, not the tool's. */
  failed(error: unknown): void;
}

/**
 * Runs a validated call: through its service's circuit breaker, then attempt by attempt, with
 * transient failures retried inside the boundary (idempotent tools only, unless the failure came
 * before the request left) under capped exponential backoff. The model sees one result.
 */
export function executeTool(tool: Tool, args: unknown, context: ExecutionContext): Promise<Execution> {
  return new Promise((resolve, reject) =>
    startExecution(tool, args, context, { executed: resolve, failed: reject }),
  );
}

/**
 * {@link executeTool} without a promise of its own: `listener` hears how it ended, in the same
 * step as the tool's result when nothing else waits (a closed breaker seen recently, one attempt).
 */
export function startExecution(
  tool: Tool,
  args: unknown,
  context: ExecutionContext,
  listener: ExecutionListener,
): void {
  const { breaker } = context;
  // when the first attempt started: what a retry's time budget counts from
  const now = context.clock.now();
  if (breaker === undefined) {
    startAttempt(tool, args, context, 1, new FirstAttempt(tool, args, context, undefined, listener, now));
    return;
  }
  // a closed breaker this process saw recently answers at once: no await before the tool runs;
  // it reads the time just read
  const admission = breaker.admit(tool.service, tool.timeoutMs + PROBE_LEASE_MARGIN_MS, context.runId, now);
  if (admission instanceof Promise) {
    admission.then(
      (admitted) => {
        try {
          runAdmitted(tool, args, context, breaker, admitted, listener);
        } catch (error) {
          listener.failed(error);
        }
      },
      (error: unknown) => listener.failed(error),
    );
    return;
  }
  runAdmitted(tool, args, context, breaker, admission, listener, now);
}

function runAdmitted(
  tool: Tool,
  args: unknown,
  context: ExecutionContext,
  breaker: CircuitBreaker,
  admission: BreakerAdmission,
  listener: ExecutionListener,
  startedAt?: number,
): void {
  if (!admission.admitted) {
    listener.executed({
      result: { kind: 'outcome', outcome: breakerOpenOutcome(tool.name, admission.retryAfterMs) },
      attempts: 0,
    });
    return;
  }
  const admitted = { breaker, ticket: admission.ticket };
  // an admission that waited for the store starts its attempt now, not when it asked
  const at = startedAt ?? context.clock.now();
  startAttempt(tool, args, context, 1, new FirstAttempt(tool, args, context, admitted, listener, at));
}

/** What the breaker needs to hear how an admitted call ended. */
interface Admitted {
  breaker: CircuitBreaker;
  ticket: BreakerTicket;
}

/**
 * The usual first attempt: a value comes back, nothing is retried, and the listener hears it in
 * the same step. An attempt that did not return goes on to the retry loop.
 */
class FirstAttempt implements AttemptListener {
  readonly #startedAt: number;

  constructor(
    readonly tool: Tool,
    readonly args: unknown,
    readonly context: ExecutionContext,
    readonly admitted: Admitted | undefined,
    readonly listener: ExecutionListener,
    startedAt: number,
  ) {
    this.#startedAt = startedAt;
  }

  attemptEnded(result: AttemptResult): void {
    const { context, admitted, listener } = this;
    if (result.kind !== 'returned') {
      // a failure that is not transient (a bug's throw, a ToolError, an abort) is not retried:
      // it ends here, in the same step, as a returned value does
      let transient: boolean;
      try {
        transient =
          result.kind === 'timed_out' || transientFailureOf(result, context.clock.now()) !== undefined;
      } catch (error) {
        listener.failed(error);
        return;
      }
      if (!transient) {
        this.#end(result);
        return;
      }
      const first = { result, startedAt: this.#startedAt };
      retryAfter(this.tool, this.args, context, admitted, first).then(
        (execution) => listener.executed(execution),
        (error: unknown) => listener.failed(error),
      );
      return;
    }
    this.#end(result);
  }

  /** The first attempt's result is the call's: the breaker hears its verdict, then the listener. */
  #end(result: AttemptResult): void {
    const { context, admitted, listener } = this;
    let recorded: Maybe<void>;
    try {
      recorded = record(admitted, context.runId, safeVerdictOf(result));
    } catch (error) {
      listener.failed(error);
      return;
    }
    const execution: Execution = { result, attempts: 1 };
    if (recorded instanceof Promise)
      recorded.then(
        () => listener.executed(execution),
        (error: unknown) => listener.failed(error),
      );
    else listener.executed(execution);
  }
}

/** What follows an attempt that did not return: a verdict, or retries under backoff. */
async function retryAfter(
  tool: Tool,
  args: unknown,
  context: ExecutionContext,
  admitted: Admitted | undefined,
  first: { result: AttemptResult; startedAt: number },
): Promise<Execution> {
  const { clock, signal, runId, toolCallId } = context;
  const { startedAt } = first;
  const configured = context.retry ?? SINGLE_ATTEMPT;
  // the probe holds the half-open lease: one attempt, no waiting, then the breaker decides
  const options = admitted?.ticket.probe === true ? { ...configured, maxAttempts: 1 } : configured;
  const random = context.random ?? Math.random;
  let previousDelayMs = options.initialDelayMs;
  for (let attempt = 1; ; attempt++) {
    const result = attempt === 1 ? first.result : await runAttempt(tool, args, context, attempt);
    const failure = transientFailureOf(result, clock.now());
    if (failure === undefined)
      return ended(admitted, runId, { result, attempts: attempt }, safeVerdictOf(result));
    const decision = decideRetry({
      failure,
      idempotent: tool.idempotent,
      attempts: attempt,
      elapsedMs: clock.now() - startedAt,
      previousDelayMs,
      options,
      random,
    });
    if (!decision.retry) {
      const outcome =
        decision.reason === 'outcome_unknown'
          ? outcomeUnknownOutcome(tool.name)
          : retriesExhaustedOutcome(tool.name, attempt, failure.reason, failure.retryAfterMs);
      return ended(admitted, runId, { result: { kind: 'outcome', outcome }, attempts: attempt }, 'failure');
    }
    context.emit?.({
      type: 'tool.retried',
      time: clock.now(),
      runId,
      tool: tool.name,
      toolCallId,
      attempt: attempt + 1,
      delayMs: decision.delayMs,
      reason: failure.reason,
    });
    previousDelayMs = decision.delayMs;
    // a caller abort ends the wait at once, and no further attempt starts
    if (!(await abortableSleep(decision.delayMs, clock, signal)))
      return ended(admitted, runId, { result: { kind: 'aborted' }, attempts: attempt }, 'neutral');
  }
}

/** The execution, once the breaker (when there is one) has heard how it ended. */
function ended(
  admitted: Admitted | undefined,
  runId: string,
  execution: Execution,
  verdict: BreakerResult,
): Execution | Promise<Execution> {
  const recorded = record(admitted, runId, verdict);
  return recorded instanceof Promise ? recorded.then(() => execution) : execution;
}

/** Tells the breaker, when there is one, how an admitted call ended. */
function record(admitted: Admitted | undefined, runId: string, verdict: BreakerResult): Maybe<void> {
  if (admitted === undefined) return undefined;
  return admitted.breaker.record(admitted.ticket, verdict, runId);
}

function transientFailureOf(result: AttemptResult, nowMs: number): TransientFailure | undefined {
  if (result.kind === 'timed_out') return { reason: 'timeout', beforeRequest: false };
  if (result.kind !== 'threw' || ToolError.isInstance(result.error)) return undefined; // a ToolError is the tool's own verdict
  return classifyTransient(result.error, nowMs);
}

function safeVerdictOf(result: AttemptResult): BreakerResult {
  try {
    return verdictOf(result);
  } catch {
    return 'neutral'; // a returned value whose getters throw is the tool's bug, not the service's
  }
}

/**
 * A breaker counts the service's health, not the tool's: a source reported unavailable is a
 * failure; any answer, even a refusal or a correction, is a success; a bug in the tool or a
 * caller's abort says nothing about the service.
 */
function verdictOf(result: AttemptResult): BreakerResult {
  switch (result.kind) {
    case 'returned':
      return isOutcome(result.value) && result.value.class === 'unavailable' ? 'failure' : 'success';
    case 'threw':
      if (!ToolError.isInstance(result.error)) return 'neutral';
      return isOutcome(result.error.outcome) && result.error.outcome.class === 'unavailable'
        ? 'failure'
        : 'success';
    case 'timed_out':
      return 'failure';
    case 'aborted':
      return 'neutral';
  }
}
