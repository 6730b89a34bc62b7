import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { Model, ModelRequest, ModelResponse } from '../../loop/model.js';
import { fromChatCompletionToolCall } from './dispatch-openai-tool-calls.js';
import { readChatCompletionStream } from './read-chat-completion-stream.js';
import { toChatCompletionMessages } from './to-chat-completion-messages.js';
import { toOpenAITools } from './to-openai-tools.js';

/** Options for {@link openaiChatModel}: the client plus any Chat Completions parameter. */
export type OpenAIChatModelOptions = Omit<
  ChatCompletionCreateParamsNonStreaming,
  'messages' | 'tools' | 'stream' | 'n'
> & {
  /** An `OpenAI` client, or any client for an OpenAI-compatible server (Ollama, vLLM, llama.cpp). */
  client: Pick<OpenAI, 'chat'>;
};

/**
 * A Chat Completions model for `runAgent`. Other parameters (`temperature`,
 * `parallel_tool_calls`, `tool_choice`…) are passed through on every request. `stream` sends the
 * same request with `stream: true` (and usage in the last chunk) and assembles the tool calls.
 * @example
 * const model = openaiChatModel({ client: new OpenAI(), model: 'gpt-5.4-mini' });
 * const result = await runAgent({ model, dispatcher, messages: [{ role: 'user', content: 'Weather in Pune?' }] });
 */
export function openaiChatModel(options: OpenAIChatModelOptions): Model {
  const { client, ...parameters } = options;
  if (typeof client?.chat?.completions?.create !== 'function')
    throw new TypeError('openaiChatModel: client must be an OpenAI client.');
  const body = (request: ModelRequest) => ({
    ...parameters,
    messages: toChatCompletionMessages(request.messages),
    ...(request.tools.length === 0 ? {} : { tools: toOpenAITools({ toolSpecs: () => [...request.tools] }) }),
  });
  return {
    async generate(request): Promise<ModelResponse> {
      const completion = await client.chat.completions.create(body(request), { signal: request.signal });
      const message = completion.choices[0]?.message;
      const response: ModelResponse = {
        content: message?.content ?? message?.refusal ?? '',
        toolCalls: (message?.tool_calls ?? []).map(fromChatCompletionToolCall),
      };
      if (completion.usage)
        response.usage = {
          inputTokens: completion.usage.prompt_tokens,
          outputTokens: completion.usage.completion_tokens,
        };
      return response;
    },
    async stream(request, handlers): Promise<ModelResponse> {
      const chunks = await client.chat.completions.create(
        { ...body(request), stream: true, stream_options: { include_usage: true } },
        { signal: request.signal },
      );
      return readChatCompletionStream(chunks, handlers);
    },
  };
}
