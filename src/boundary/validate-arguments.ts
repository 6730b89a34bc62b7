import type { CorrectableOutcome } from '../outcome/outcome.js';
import type { Tool } from '../tool/define-tool.js';
import { describeValidationFailure } from './describe-validation-failure.js';

/** Runs the tool's Standard Schema over the parsed arguments. */
export async function validateArguments(
  tool: Tool,
  args: Record<string, unknown>,
): Promise<{ ok: true; value: unknown } | { ok: false; outcome: CorrectableOutcome }> {
  const result = await tool.input['~standard'].validate(args);
  if (result.issues === undefined) return { ok: true, value: result.value };
  return { ok: false, outcome: describeValidationFailure(tool.name, tool.jsonSchema, args, result.issues) };
}
