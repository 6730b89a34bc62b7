import { unavailable } from '../outcome/constructors.js';
import type { UnavailableOutcome } from '../outcome/outcome.js';

const GAP = 'That is a gap in the answer, not a confirmation of anything, so do not fill it with a guess.';
const STOP_HINT =
  'Do not call it again this turn, and do not try to reach it through another phrasing or tool; tell the user what could not be checked.';

/**
 * The message after retries inside the boundary ran out: the service appears to be down, which
 * should stop the model from trying again through a different phrasing.
 */
export function retriesExhaustedOutcome(
  toolName: string,
  attempts: number,
  lastReason: string,
  retryAfterMs?: number,
): UnavailableOutcome {
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
  const what =
    lastReason === 'timeout'
      ? `${toolName} did not answer in time after ${tries}`
      : `The service behind ${toolName} appears to be down: it did not respond after ${tries}`;
  return unavailable({
    error: lastReason === 'timeout' ? 'timeout' : 'source_unavailable',
    message: `${what}, so this part of the answer is missing. ${GAP}`,
    retryable: false,
    hint: STOP_HINT,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs: Math.round(retryAfterMs) }),
  });
}

/**
 * The message when a tool that is not idempotent failed after its request may have reached the
 * other side: the action may or may not have happened, and repeating it could do it twice.
 */
export function outcomeUnknownOutcome(toolName: string): UnavailableOutcome {
  return unavailable({
    error: 'outcome_unknown',
    message: `${toolName} failed partway, so it is not known whether the action happened: it may or may not have taken effect. Do not repeat it blindly, because that could do it twice.`,
    retryable: false,
    hint: 'Tell the user the action is unconfirmed; if a tool can look up its result, check that first.',
  });
}

/**
 * The message while a circuit breaker is open or another caller holds the half-open probe: the
 * tool did not run, and when it may be tried again.
 */
export function breakerOpenOutcome(toolName: string, retryAfterMs: number): UnavailableOutcome {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return unavailable({
    error: 'service_unavailable',
    message: `The service behind ${toolName} is unavailable right now after repeated failures, so it was not called. ${GAP} It may be tried again in about ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`,
    retryable: false,
    hint: STOP_HINT,
    retryAfterMs: Math.max(0, Math.round(retryAfterMs)),
  });
}
