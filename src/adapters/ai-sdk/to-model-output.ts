import type { ToolResultPart } from 'ai';
import type { ToolMessage } from '../../protocol.js';
import { isToolMessage } from './is-tool-message.js';

/**
 * What the model reads for a toolbound result: the rendered content, as `text`, or as
 * `error-text` for a failure. Accepts AI SDK 6's `{ output }` argument and AI SDK 5's bare output.
 */
export function toModelOutput(argument: { output: ToolMessage } | ToolMessage): ToolResultPart['output'] {
  const message: unknown = isToolMessage(argument) ? argument : (argument as { output?: unknown }).output;
  if (!isToolMessage(message)) {
    // not ours: say so plainly rather than forward an unknown value's text
    return { type: 'error-text', value: 'The tool returned no readable result.' };
  }
  return message.isError
    ? { type: 'error-text', value: message.content }
    : { type: 'text', value: message.content };
}
