import type { FailureOutcome, OutcomeClass } from '../../outcome/outcome.js';
import type { ToolFailure, ToolFailureClass } from './tool-failure.js';

const CLASSES: Record<Exclude<OutcomeClass, 'ok' | 'partial' | 'empty'>, ToolFailureClass> = {
  correctable: 'capability', // the call as made cannot succeed; the model changes it
  clarifying: 'capability', // the model asks the user, then calls differently
  fatal: 'capability', // an operator problem: no retry helps
  unavailable: 'reliability',
  refused: 'governance',
};

/**
 * The draft MCP failure envelope for a toolbound failure: the class mapped onto the draft's
 * three, toolbound's error code as `code`, `retryable` and `retryNotBefore` for an unavailable
 * source, and the hint as `agentGuidance`. The fields come from the sanitised outcome only.
 */
export function toToolFailure(
  outcome: FailureOutcome,
  options: { correlationId: string; now: number },
): ToolFailure {
  const failure: ToolFailure = {
    class: CLASSES[outcome.class],
    code: outcome.error,
    correlationId: options.correlationId,
  };
  if (outcome.class === 'unavailable') {
    failure.retryable = outcome.retryable;
    if (outcome.retryable && outcome.retryAfterMs !== undefined)
      failure.retryNotBefore = options.now + outcome.retryAfterMs;
  }
  if ('hint' in outcome && typeof outcome.hint === 'string') failure.agentGuidance = outcome.hint;
  return failure;
}
