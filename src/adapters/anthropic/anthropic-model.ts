import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  Message,
  MessageCreateParamsNonStreaming,
} from '@anthropic-ai/sdk/resources/messages';
import type { Model, ModelRequest, ModelResponse } from '../../loop/model.js';
import { createReplayMemory } from '../shared/replay-memory.js';
import { fromToolUse } from './dispatch-anthropic-tool-uses.js';
import { toAnthropicMessages } from './to-anthropic-messages.js';
import { toAnthropicTools } from './to-anthropic-tools.js';

/** Options for {@link anthropicModel}: the client, the model, and any Messages API parameter. */
export type AnthropicModelOptions = Omit<
  MessageCreateParamsNonStreaming,
  'messages' | 'tools' | 'max_tokens' | 'stream'
> & {
  /** An `Anthropic` client. */
  client: Pick<Anthropic, 'messages'>;
  /**
   * The `max_tokens` of every request.
   * @default 4096
   */
  maxTokens?: number;
};

/**
 * A Messages API model for `runAgent`. System messages go to the `system` parameter (after any
 * `system` given here); the tool results of a turn go back in one user message with `is_error`
 * on failures; a turn that used tools is sent back exactly as the API returned it, so thinking
 * blocks stay in place. `stream` streams the same request through the SDK's `messages.stream`,
 * forwarding text deltas; the tool calls come from the final message.
 * @example
 * const model = anthropicModel({ client: new Anthropic(), model: 'claude-sonnet-5-5', maxTokens: 1024 });
 * const result = await runAgent({ model, dispatcher, messages: [{ role: 'user', content: 'Weather in Pune?' }] });
 */
export function anthropicModel(options: AnthropicModelOptions): Model {
  const { client, maxTokens = 4096, system: baseSystem, ...parameters } = options;
  if (typeof client?.messages?.create !== 'function')
    throw new TypeError('anthropicModel: client must be an Anthropic client.');
  const replay = createReplayMemory<ContentBlockParam[]>();
  const body = (request: ModelRequest) => {
    const conversation = toAnthropicMessages(request.messages, replay);
    const system = joinSystem(baseSystem, conversation.system);
    const tools = toAnthropicTools({ toolSpecs: () => [...request.tools] });
    return {
      ...parameters,
      max_tokens: maxTokens,
      messages: conversation.messages,
      ...(system === undefined ? {} : { system }),
      ...(tools.length === 0 ? {} : { tools }),
      ...(request.toolChoice === 'none' && tools.length > 0
        ? { tool_choice: { type: 'none' as const } }
        : {}),
    };
  };
  const read = (message: Message): ModelResponse => {
    const texts: string[] = [];
    const toolCalls: ModelResponse['toolCalls'] = [];
    for (const block of message.content) {
      if (block.type === 'text') texts.push(block.text);
      else if (block.type === 'tool_use') toolCalls.push(fromToolUse(block));
    }
    replay.remember(
      toolCalls.map((call) => call.id),
      message.content as ContentBlockParam[],
    );
    const usage = message.usage;
    return {
      content: texts.join(''),
      toolCalls,
      usage: {
        // input_tokens leaves out cached tokens, which were still read as input
        inputTokens:
          usage.input_tokens +
          (usage.cache_creation_input_tokens ?? 0) +
          (usage.cache_read_input_tokens ?? 0),
        outputTokens: usage.output_tokens,
      },
    };
  };
  return {
    async generate(request): Promise<ModelResponse> {
      return read(await client.messages.create(body(request), { signal: request.signal }));
    },
    async stream(request, handlers): Promise<ModelResponse> {
      // the SDK's MessageStream assembles tool_use input and thinking signatures from the events
      const stream = client.messages.stream(body(request), { signal: request.signal });
      stream.on('text', (delta) => {
        if (delta !== '') handlers.onText(delta);
      });
      return read(await stream.finalMessage());
    },
  };
}

function joinSystem(
  base: MessageCreateParamsNonStreaming['system'],
  fromMessages: string | undefined,
): MessageCreateParamsNonStreaming['system'] {
  if (fromMessages === undefined) return base;
  if (base === undefined) return fromMessages;
  if (typeof base === 'string') return `${base}\n\n${fromMessages}`;
  return [...base, { type: 'text', text: fromMessages }];
}
