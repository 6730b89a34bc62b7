import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolMessage } from '../../protocol.js';

/**
 * A tool message as an MCP `CallToolResult`: the rendered content as text, `isError` on every
 * failure, and, for a success whose content is a JSON object, the same object as
 * `structuredContent` (the spec asks for the text to carry its serialisation, which it does).
 */
export function toCallToolResult(
  message: Pick<ToolMessage, 'content' | 'isError' | 'outcome'>,
): CallToolResult {
  const result: CallToolResult = {
    content: [{ type: 'text', text: message.content }],
    isError: message.isError,
  };
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
