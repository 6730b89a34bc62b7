import type { ToolCall } from '../../protocol.js';

/** Tool-call arguments as the JSON string OpenAI sends and expects back; a raw string is kept as is. */
export function argumentsText(args: ToolCall['arguments']): string {
  if (typeof args === 'string') return args;
  return JSON.stringify(args ?? {});
}
