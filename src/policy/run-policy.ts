import type { EmitEvent } from '../observe/event-sink.js';
import { refused } from '../outcome/constructors.js';
import type { FailureOutcome, Outcome, OutcomeClass, UnavailableOutcome } from '../outcome/outcome.js';
import type { HaltReason } from '../protocol.js';
import type { Clock } from '../state/clock.js';
import type { StateStore } from '../state/state-store.js';

/** The run policy's knobs. Every one has a default; see the README's policy table. */
export interface RunPolicyOptions {
  /**
   * Failures of the identical call (same tool, same canonical arguments) that stop the run.
   * @default 2
   */
  maxSameFailures?: number;
  /**
   * Failures of one tool with one error code after which the model is told not to try again.
   * @default 3
   */
  escalateAfterSameError?: number;
  /**
   * Failed calls a run may make; past it, calls are not run and the model is told to summarise.
   * @default 5
   */
  maxFailedCalls?: number;
  /**
   * Retries the model gets per failure class before its message is escalated.
   * @default { correctable: 1, clarifying: 0, unavailable: 0, refused: 0, fatal: 0 }
   */
  retries?: Partial<Record<FailureOutcome['class'], number>>;
  /**
   * After an `unavailable` result, further calls to that tool in the run do not run it.
   * @default true
   */
  shortCircuitUnavailable?: boolean;
  /**
   * How long a run's state lives after its last failure.
   * @default 3600000 (one hour)
   */
  runTtlMs?: number;
}

/** What the policy decides before a call runs. */
export type Admission = { admitted: true } | { admitted: false; outcome: Outcome };

/** What the policy decides after a call ends. */
export interface Verdict {
  outcome: Outcome;
  halt?: HaltReason;
}

/** Keeps retry policy in code: counts failures per run and decides when to escalate or stop. */
export interface RunPolicy {
  admit(runId: string, toolName: string): Promise<Admission>;
  record(
    runId: string,
    toolName: string,
    toolCallId: string,
    argumentsKey: string,
    outcome: Outcome,
  ): Promise<Verdict>;
  endRun(runId: string): Promise<void>;
}

const DEFAULT_RETRIES: Record<FailureOutcome['class'], number> = {
  correctable: 1,
  clarifying: 0,
  unavailable: 0,
  refused: 0,
  fatal: 0,
};

/** Resolved run policy settings. */
export type ResolvedRunPolicyOptions = Required<Omit<RunPolicyOptions, 'retries'>> & {
  retries: Record<FailureOutcome['class'], number>;
};

/** Applies defaults and checks each knob, so a typo fails at start-up. */
export function resolveRunPolicyOptions(options: RunPolicyOptions = {}): ResolvedRunPolicyOptions {
  const {
    maxSameFailures = 2,
    escalateAfterSameError = 3,
    maxFailedCalls = 5,
    shortCircuitUnavailable = true,
    runTtlMs = 3_600_000,
  } = options;
  for (const [name, value] of Object.entries({
    maxSameFailures,
    escalateAfterSameError,
    maxFailedCalls,
    runTtlMs,
  })) {
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(`policy.${name} must be a positive integer; got ${JSON.stringify(value)}.`);
  }
  const retries = { ...DEFAULT_RETRIES, ...options.retries };
  for (const [name, value] of Object.entries(retries)) {
    if (!Number.isInteger(value) || value < 0)
      throw new RangeError(`policy.retries.${name} must be a whole number; got ${JSON.stringify(value)}.`);
  }
  return {
    maxSameFailures,
    escalateAfterSameError,
    maxFailedCalls,
    shortCircuitUnavailable,
    runTtlMs,
    retries,
  };
}

const scopeOf = (runId: string) => `run:${runId}`;
const HALTED = 'halted';
const FAILED = 'failed';

/**
 * The run policy over a StateStore. A successful call costs one read; a failed one a read and
 * one atomic increment of all its counters.
 */
export function createRunPolicy(
  store: StateStore,
  settings: ResolvedRunPolicyOptions,
  emit: EmitEvent,
  clock: Clock,
): RunPolicy {
  const now = () => clock.now();
  return {
    async admit(runId, toolName) {
      const [halted, failed, cached] = await store.read(scopeOf(runId), [
        HALTED,
        FAILED,
        `unavailable:${toolName}`,
      ]);
      if (halted !== undefined) {
        return {
          admitted: false,
          outcome: refused({
            error: 'run_halted',
            message:
              'This run has been stopped, so no further tools will run. Tell the user what you found and what could not be done.',
          }),
        };
      }
      if (Number(failed ?? 0) >= settings.maxFailedCalls) {
        emit({ type: 'run.failure_cap', time: now(), runId, tool: toolName, failedCalls: Number(failed) });
        return { admitted: false, outcome: failureCapOutcome() };
      }
      if (settings.shortCircuitUnavailable && cached !== undefined) {
        const outcome = JSON.parse(cached) as UnavailableOutcome;
        return {
          admitted: false,
          outcome: {
            ...outcome,
            hint: `${toolName} was already unavailable in this run. Do not retry it this turn; tell the user what could not be checked.`,
          },
        };
      }
      return { admitted: true };
    },

    async record(runId, toolName, toolCallId, argumentsKey, outcome) {
      if (outcome.ok) return { outcome };
      const scope = scopeOf(runId);
      const [sameCall = 0, sameError = 0, sameClass = 0] = await store.increment(
        scope,
        [
          [`call:${toolName}:${argumentsKey}`, 1],
          [`error:${toolName}:${outcome.error}`, 1],
          [`class:${toolName}:${outcome.class}`, 1],
          [FAILED, 1],
        ],
        settings.runTtlMs,
      );
      if (outcome.class === 'unavailable' && settings.shortCircuitUnavailable) {
        const { hint: _hint, ...cached } = outcome;
        await store.write(scope, { [`unavailable:${toolName}`]: JSON.stringify(cached) }, settings.runTtlMs);
      }
      const halt = async (reason: HaltReason) => {
        await store.write(scope, { [HALTED]: reason }, settings.runTtlMs);
        emit({ type: 'run.halted', time: now(), runId, tool: toolName, reason, error: outcome.error });
      };
      const reportRepeat = (repeatScope: 'arguments' | 'error', count: number) =>
        emit({
          type: 'tool.repeated_failure',
          time: now(),
          runId,
          tool: toolName,
          toolCallId,
          error: outcome.error,
          count,
          scope: repeatScope,
        });

      if (outcome.class === 'fatal') {
        await halt('fatal');
        return { outcome, halt: 'fatal' };
      }
      if (sameCall >= settings.maxSameFailures) {
        reportRepeat('arguments', sameCall);
        await halt('repeated_failure');
        return {
          outcome: escalate(
            outcome,
            `This exact call has now failed ${sameCall} times, so the run is stopping. Tell the user plainly what could not be done; do not guess.`,
          ),
          halt: 'repeated_failure',
        };
      }
      if (sameError >= settings.escalateAfterSameError) {
        reportRepeat('error', sameError);
        return {
          outcome: escalate(
            outcome,
            `${toolName} has failed ${sameError} times in this run with the same error. Do not try it again: use a different tool, or tell the user what could not be done and why.`,
          ),
        };
      }
      // the first failure of a class stands as the tool wrote it; once the model has used its
      // retries for the class, the message tells it to stop
      if (sameClass >= Math.max(2, settings.retries[outcome.class] + 1)) {
        return { outcome: escalate(outcome, retryExhaustedHint(toolName, outcome.class)) };
      }
      return { outcome };
    },

    async endRun(runId) {
      await store.clear(scopeOf(runId));
    },
  };
}

function failureCapOutcome(): Outcome {
  return refused({
    error: 'too_many_failures',
    message:
      'Several tool calls have failed in this run, so no more will be made. Answer with what you already have, and tell the user which parts could not be checked.',
  });
}

function escalate(outcome: FailureOutcome, hint: string): Outcome {
  return outcome.class === 'fatal' ? outcome : { ...outcome, hint };
}

function retryExhaustedHint(toolName: string, outcomeClass: OutcomeClass): string {
  if (outcomeClass === 'correctable') {
    return `The corrected call to ${toolName} failed as well. Do not keep guessing: ask the user for the right value, or tell them what could not be done.`;
  }
  if (outcomeClass === 'unavailable') {
    return `${toolName} stays unavailable for the rest of this run. Do not retry it this turn; tell the user what could not be checked.`;
  }
  return `Calling ${toolName} again will not change this. Do not retry it; tell the user what happened.`;
}
