import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createReferenceId } from '../../boundary/reference-id.js';
import type { ToolMessage } from '../../protocol.js';
import { toToolFailure } from './to-tool-failure.js';
import { TOOL_FAILURE_META_KEY } from './tool-failure.js';

/** Options for {@link toCallToolResult}. */
export interface ToCallToolResultOptions {
  /**
   * The envelope's `correlationId` for a failure that has no log reference of its own.
   * @default the message's reference, else a fresh random id
   */
  correlationId?: string;
  /**
   * Now, in milliseconds since the epoch, to turn `retryAfterMs` into `retryNotBefore`.
   * @default Date.now()
   */
  now?: number;
}

/**
 * A tool message as an MCP `CallToolResult`: the rendered content as text, `isError` on every
 * failure, and, for a success whose content is a JSON object, the same object as
 * `structuredContent` (the spec asks for the text to carry its serialisation, which it does).
 * A failure also carries the draft envelope `_meta['io.modelcontextprotocol/toolFailure']`
 * (see {@link toToolFailure}), whose `correlationId` is the log reference when there is one.
 */
export function toCallToolResult(
  message: Pick<ToolMessage, 'content' | 'isError' | 'outcome' | 'reference'>,
  options: ToCallToolResultOptions = {},
): CallToolResult {
  const result: CallToolResult = {
    content: [{ type: 'text', text: message.content }],
    isError: message.isError,
  };
  if (!message.outcome.ok) {
    const reference =
      message.reference ?? (message.outcome.class === 'unavailable' ? message.outcome.reference : undefined);
    const failure = toToolFailure(message.outcome, {
      correlationId: reference ?? options.correlationId ?? createReferenceId(),
      now: options.now ?? Date.now(),
    });
    result._meta = { [TOOL_FAILURE_META_KEY]: failure };
  }
  if (message.outcome.ok) {
    const structured = parseObject(message.content);
    if (structured !== undefined) result.structuredContent = structured;
  }
  return result;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined; // a custom renderer may write plain text
  }
}
