import { ok } from '../outcome/constructors.js';
import type { Outcome } from '../outcome/outcome.js';
import type { EvalTool } from './eval-case.js';

/**
 * What a case's tool returns for these arguments, in both variants: `result` when the call
 * carries the fix (or nothing is injected), the injected outcome otherwise.
 */
export function resolveToolOutcome(tool: EvalTool, args: Record<string, unknown>): Outcome {
  const succeeded = tool.inject === undefined || (tool.fixedBy !== undefined && includes(args, tool.fixedBy));
  if (succeeded) return ok(tool.result ?? { ok: true });
  return tool.inject as Outcome;
}

/** True when every key of `expected` is in `actual` with an equal (JSON-equal) value. */
export function includes(actual: Record<string, unknown>, expected: Record<string, unknown>): boolean {
  return Object.entries(expected).every(
    ([key, value]) => key in actual && JSON.stringify(actual[key]) === JSON.stringify(value),
  );
}
