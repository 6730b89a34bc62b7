import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { Dispatcher, DispatchOptions } from '../../boundary/create-dispatcher.js';
import type { ToolCall, ToolMessage } from '../../protocol.js';
import { type DispatchedTurn, dispatchAll } from '../shared/dispatch-all.js';

/** The result of {@link dispatchAnthropicToolUses}. */
export interface AnthropicToolTurn extends DispatchedTurn {
  /** One user message holding every `tool_result` of the turn, in the order of the `tool_use` blocks. */
  message: { role: 'user'; content: ToolResultBlockParam[] };
}

/** Any content block of an assistant message; only the `tool_use` ones are dispatched. */
/** One block of an Anthropic message: a tool use, or anything else, which is passed over. */
export type ContentBlock = { type: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

/**
 * Runs the `tool_use` blocks of an assistant message through the boundary, in parallel, and
 * gives back the one user message the Messages API expects next: a `tool_result` per call,
 * with `is_error: true` on every failure. Other blocks (text, thinking) are skipped, so
 * `message.content` can be passed as it is.
 * @example
 * const turn = await dispatchAnthropicToolUses(dispatcher, response.content, { runId });
 * messages.push({ role: 'assistant', content: response.content }, turn.message);
 */
export async function dispatchAnthropicToolUses(
  dispatcher: Dispatcher,
  content: readonly ContentBlock[],
  options: DispatchOptions = {},
): Promise<AnthropicToolTurn> {
  const turn = await dispatchAll(dispatcher, content.filter(isToolUse).map(fromToolUse), options);
  return { ...turn, message: { role: 'user', content: turn.toolMessages.map(toToolResultBlock) } };
}

/** A `tool_use` block as a toolbound ToolCall. */
export function fromToolUse(block: { id: string; name: string; input: unknown }): ToolCall {
  const { input } = block;
  return {
    id: block.id,
    name: block.name,
    arguments:
      typeof input === 'object' && input !== null && !Array.isArray(input)
        ? (input as Record<string, unknown>)
        : typeof input === 'string'
          ? input
          : JSON.stringify(input ?? null),
  };
}

/** A tool message as a `tool_result` block; `is_error` is set only on failures. */
export function toToolResultBlock(message: Pick<ToolMessage, 'toolCallId' | 'content' | 'isError'>) {
  const block: ToolResultBlockParam = {
    type: 'tool_result',
    tool_use_id: message.toolCallId,
    content: message.content,
  };
  if (message.isError) block.is_error = true;
  return block;
}

function isToolUse(
  block: ContentBlock,
): block is { type: 'tool_use'; id: string; name: string; input: unknown } {
  return block.type === 'tool_use';
}
