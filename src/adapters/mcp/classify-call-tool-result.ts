import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { correctable, ok, refused, unavailable } from '../../outcome/constructors.js';
import type { Outcome } from '../../outcome/outcome.js';
import { isOutcome } from '../../outcome/read-outcome.js';
import { readToolFailure } from './read-tool-failure.js';
import type { ToolFailure } from './tool-failure.js';

const MAX_MESSAGE_CHARACTERS = 1_000;

/** Texts that, in the MCP SDKs and common servers, mean the arguments were wrong. */
const ARGUMENT_PROBLEM =
  /\b(?:invalid (?:arguments?|params|parameters?|input)|input validation|validation (?:error|failed)|is required|required (?:property|field|argument)|must be (?:a|an|one of|at least|at most))\b/i;

/**
 * The default reading of a remote MCP tool's result. A result that already is a toolbound outcome
 * (the server runs toolbound too) is kept, so its hint and suggestion survive. A success becomes `ok` with its
 * `structuredContent`, or its text (parsed when it is JSON). An `isError` result is
 * `correctable` when its text says the arguments were wrong, and `unavailable` otherwise; its
 * text becomes the message, which the boundary then sanitises like any other. When the server
 * sends MCP's draft failure envelope, its class decides instead: `reliability` is unavailable
 * (retryable as it says, with `retryNotBefore` as the wait),
 * `governance` is refused, and `capability` is correctable for an input problem and unavailable
 * otherwise; `agentGuidance` becomes the hint.
 */
export function classifyCallToolResult(result: CallToolResult, now: number = Date.now()): Outcome {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const text = blocks
    .filter(
      (block): block is { type: 'text'; text: string } =>
        block.type === 'text' && typeof block.text === 'string',
    )
    .map((block) => block.text)
    .join('\n');
  const parsed = parseJson(text);
  if (isOutcome(parsed) && parsed.ok === (result.isError !== true)) return parsed;
  if (result.isError === true) {
    const message = bounded(text.trim() === '' ? 'The tool reported an error without a description.' : text);
    const failure = readToolFailure(result);
    if (failure !== undefined) return fromToolFailure(failure, message, now);
    return ARGUMENT_PROBLEM.test(message)
      ? correctable({ error: 'invalid_arguments', message })
      : unavailable({ error: 'tool_error', message, retryable: false });
  }
  const data = result.structuredContent ?? parsed;
  const others = blocks.filter((block) => block.type !== 'text').map((block) => block.type);
  return others.length === 0
    ? ok(data)
    : ok(data, {
        note: `The tool also returned ${others.length} non-text item(s) (${[...new Set(others)].join(', ')}) that are not shown here.`,
      });
}

function fromToolFailure(failure: ToolFailure, message: string, now: number): Outcome {
  const hint = failure.agentGuidance === undefined ? {} : { hint: failure.agentGuidance };
  switch (failure.class) {
    case 'reliability': {
      const retryable = failure.retryable === true;
      const waitMs = retryable && failure.retryNotBefore !== undefined ? failure.retryNotBefore - now : 0;
      return unavailable({
        error: failure.code,
        message,
        retryable,
        ...hint,
        ...(waitMs > 0 ? { retryAfterMs: Math.ceil(waitMs) } : {}),
      });
    }
    case 'governance':
      return refused({ error: failure.code, message, ...hint });
    default:
      return INPUT_CODES.has(failure.code) || ARGUMENT_PROBLEM.test(message)
        ? correctable({ error: failure.code, message, ...hint })
        : unavailable({ error: failure.code, message, retryable: false, ...hint });
  }
}

/** Codes that, in the draft's vocabulary and toolbound's, mean the model can fix the call. */
const INPUT_CODES = new Set([
  'invalid_input',
  'invalid_arguments',
  'malformed_arguments',
  'arguments_too_large',
  'arguments_too_deep',
  'unknown_tool',
]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function bounded(text: string): string {
  return text.length > MAX_MESSAGE_CHARACTERS ? `${text.slice(0, MAX_MESSAGE_CHARACTERS)}…` : text;
}
