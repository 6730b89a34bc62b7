import type { TransientFailure } from './classify-transient.js';
import { computeBackoffDelay } from './compute-backoff-delay.js';
import type { ResolvedRetryOptions } from './retry-options.js';

/** Whether to try a transiently failed call again, and after how long. */
export type RetryDecision =
  | { retry: true; delayMs: number }
  | {
      retry: false;
      /**
       * `outcome_unknown`: the tool is not idempotent and the request may have reached the other
       * side, so trying again could do the action twice. `exhausted`: out of attempts or time.
       */
      reason: 'outcome_unknown' | 'exhausted';
    };

/** What {@link decideRetry} looks at. */
export interface RetryInput {
  failure: TransientFailure;
  idempotent: boolean;
  /** Attempts made so far, the failed one included. */
  attempts: number;
  /** Time since the call started. */
  elapsedMs: number;
  /** The previous computed wait, for decorrelated jitter; the base before the first retry. */
  previousDelayMs: number;
  options: ResolvedRetryOptions;
  random: () => number;
}

/**
 * The retry rule: never repeat an action that may have happened (a tool that is not idempotent
 * is retried only for failures known to precede the request), stop after `maxAttempts`, wait
 * at least what Retry-After asked, and never wait past the call's time budget.
 */
export function decideRetry(input: RetryInput): RetryDecision {
  const { failure, options } = input;
  if (!input.idempotent && !failure.beforeRequest) return { retry: false, reason: 'outcome_unknown' };
  if (input.attempts >= options.maxAttempts) return { retry: false, reason: 'exhausted' };
  const backoffMs = computeBackoffDelay(input.attempts, input.previousDelayMs, options, input.random);
  const delayMs = Math.max(backoffMs, failure.retryAfterMs ?? 0);
  // a wait that uses up the budget leaves no time for the attempt it waits for
  if (delayMs >= options.maxElapsedMs - input.elapsedMs) return { retry: false, reason: 'exhausted' };
  return { retry: true, delayMs: Math.round(delayMs) };
}
