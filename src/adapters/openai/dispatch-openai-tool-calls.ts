import type {
  ChatCompletionMessageToolCall,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import type { Dispatcher, DispatchOptions } from '../../boundary/create-dispatcher.js';
import type { ToolCall } from '../../protocol.js';
import { type DispatchedTurn, dispatchAll } from '../shared/dispatch-all.js';

/** The result of {@link dispatchOpenAIToolCalls}. */
export interface OpenAIToolTurn extends DispatchedTurn {
  /** One `role: "tool"` message per call, paired by `tool_call_id`, ready to append. */
  messages: ChatCompletionToolMessageParam[];
}

/**
 * Runs a Chat Completions turn's `tool_calls` through the boundary, in parallel, and gives back
 * one tool message per call. Chat Completions has no error flag, so the content itself carries
 * `ok` and `class`.
 * @example
 * const turn = await dispatchOpenAIToolCalls(dispatcher, message.tool_calls ?? [], { runId });
 * messages.push(message, ...turn.messages);
 * if (turn.halt) return fallbackText;
 */
export async function dispatchOpenAIToolCalls(
  dispatcher: Dispatcher,
  toolCalls: readonly ChatCompletionMessageToolCall[],
  options: DispatchOptions = {},
): Promise<OpenAIToolTurn> {
  const turn = await dispatchAll(dispatcher, toolCalls.map(fromChatCompletionToolCall), options);
  return {
    ...turn,
    messages: turn.toolMessages.map((message) => ({
      role: 'tool',
      tool_call_id: message.toolCallId,
      content: message.content,
    })),
  };
}

/**
 * A Chat Completions tool call as a toolbound ToolCall. A custom (free-text) tool call keeps its
 * text as the arguments, so the boundary still answers it with a correctable message.
 */
export function fromChatCompletionToolCall(call: ChatCompletionMessageToolCall): ToolCall {
  if (call.type === 'function') {
    return { id: call.id, name: call.function.name, arguments: call.function.arguments };
  }
  const custom = (call as { custom?: { name?: unknown; input?: unknown } }).custom;
  return {
    id: call.id,
    name: typeof custom?.name === 'string' ? custom.name : '',
    arguments: typeof custom?.input === 'string' ? custom.input : undefined,
  };
}
