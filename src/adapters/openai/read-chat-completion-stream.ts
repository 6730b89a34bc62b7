import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ModelResponse, ModelStreamHandlers } from '../../loop/model.js';
import { fromChatCompletionToolCall } from './dispatch-openai-tool-calls.js';

/**
 * Reads a streamed Chat Completion: text deltas go to `onText` as they arrive, and the tool call
 * fragments (an id and name first, then pieces of the arguments, keyed by `index`) are put
 * together, so the result is what the same request would have returned unstreamed.
 */
export async function readChatCompletionStream(
  chunks: AsyncIterable<ChatCompletionChunk>,
  handlers: ModelStreamHandlers,
): Promise<ModelResponse> {
  let content = '';
  let refusal = '';
  const calls = new Map<number, { id: string; name: string; arguments: string }>();
  let usage: ModelResponse['usage'];
  for await (const chunk of chunks) {
    if (chunk.usage)
      usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
    const delta = chunk.choices?.find((choice) => choice.index === 0)?.delta;
    if (delta === undefined) continue;
    if (typeof delta.content === 'string' && delta.content !== '') {
      content += delta.content;
      handlers.onText(delta.content);
    }
    if (typeof delta.refusal === 'string') refusal += delta.refusal;
    for (const fragment of delta.tool_calls ?? []) {
      const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name += fragment.function.name;
      if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
      calls.set(fragment.index, call);
    }
  }
  const response: ModelResponse = {
    content: content === '' ? refusal : content,
    toolCalls: [...calls.entries()]
      .sort(([left], [right]) => left - right)
      .map(([, call]) =>
        fromChatCompletionToolCall({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        }),
      ),
  };
  if (usage !== undefined) response.usage = usage;
  return response;
}
