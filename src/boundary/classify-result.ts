import { unavailable } from '../outcome/constructors.js';
import type { BuiltInErrorCode } from '../outcome/error-code.js';
import type { Outcome } from '../outcome/outcome.js';
import { readOutcome } from '../outcome/read-outcome.js';
import { ToolError } from '../outcome/tool-error.js';
import { TransientError } from '../outcome/transient-error.js';
import type { ExecutionResult } from './execute-tool.js';

/** An outcome, and for an unexpected failure the thrown value the log must keep. */
export interface Classified {
  outcome: Outcome;
  internal?: { reference: string; thrown: unknown };
}

/** What classification needs from the dispatcher, built once per dispatcher. */
export interface ClassifyOptions {
  copyData: (data: unknown) => unknown;
  createReference: () => string;
  /** The sentence the model reads for an unexpected failure. */
  internalErrorMessage: string;
}

/**
 * Turns whatever a tool did into an outcome: data means ok, an Outcome is kept, a ToolError
 * gives its outcome, a timeout or abort is unavailable, and anything else thrown is an internal
 * error with a reference id and a generic sentence. It never throws.
 */
export function classifyResult(
  result: ExecutionResult,
  toolName: string,
  options: ClassifyOptions,
): Classified {
  try {
    return classify(result, toolName, options);
  } catch (thrown) {
    return internalError(thrown, options); // a returned value or thrown object whose traps throw
  }
}

function classify(result: ExecutionResult, toolName: string, options: ClassifyOptions): Classified {
  switch (result.kind) {
    case 'outcome':
      return { outcome: result.outcome };
    case 'returned':
      return {
        // ok before class, the order the wire format writes: the renderer then needs no reordering
        outcome: readOutcome(result.value, options.copyData) ?? {
          ok: true,
          class: 'ok',
          data: options.copyData(result.value),
        },
      };
    case 'timed_out':
      return {
        outcome: unavailable({
          error: 'timeout' satisfies BuiltInErrorCode,
          message: `${toolName} did not answer within ${formatSeconds(result.timeoutMs)}, so this part of the answer is missing. That is a gap in the answer, not a sign that there is nothing to find.`,
          retryable: false,
          hint: 'Do not call it again this turn; tell the user what could not be checked.',
        }),
      };
    case 'aborted':
      return {
        outcome: unavailable({
          error: 'aborted' satisfies BuiltInErrorCode,
          message: `The request was cancelled before ${toolName} finished, so this part of the answer is missing.`,
          retryable: false,
        }),
      };
    case 'threw': {
      const { error } = result;
      if (ToolError.isInstance(error)) {
        const outcome = readOutcome(error.outcome, options.copyData);
        if (outcome !== undefined) return { outcome };
      }
      if (TransientError.isInstance(error)) {
        return {
          outcome: unavailable({
            error: 'source_unavailable' satisfies BuiltInErrorCode,
            message: `The service behind ${toolName} did not respond, so this part of the answer is missing. That is a gap in the answer, not a confirmation of anything.`,
            retryable: false,
            hint: 'Do not call it again this turn; tell the user what could not be checked.',
          }),
        };
      }
      return internalError(error, options);
    }
  }
}

function internalError(thrown: unknown, options: ClassifyOptions): Classified {
  const reference = options.createReference();
  return {
    outcome: {
      class: 'unavailable',
      ok: false,
      error: 'internal_error' satisfies BuiltInErrorCode,
      message: options.internalErrorMessage,
      retryable: false,
      reference,
    },
    internal: { reference, thrown },
  };
}

function formatSeconds(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  return seconds === 1 ? '1 second' : `${Number(seconds.toFixed(1))} seconds`;
}
