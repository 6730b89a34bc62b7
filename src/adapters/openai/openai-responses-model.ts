import type OpenAI from 'openai';
import type {
  Response,
  ResponseCreateParamsNonStreaming,
  ResponseInputItem,
  ResponseOutputItem,
} from 'openai/resources/responses/responses';
import type { AgentMessage, Model, ModelRequest, ModelResponse } from '../../loop/model.js';
import { createReplayMemory, type ReplayMemory } from '../shared/replay-memory.js';
import { argumentsText } from './arguments-text.js';
import { readResponsesStream } from './read-responses-stream.js';
import { toOpenAIResponsesTools } from './to-openai-responses-tools.js';

/** Options for {@link openaiResponsesModel}: the client plus any Responses API parameter. */
export type OpenAIResponsesModelOptions = Omit<
  ResponseCreateParamsNonStreaming,
  'input' | 'tools' | 'stream' | 'previous_response_id'
> & {
  /** An `OpenAI` client. */
  client: Pick<OpenAI, 'responses'>;
};

/**
 * A Responses API model for `runAgent`. The whole conversation is sent on every request (no
 * `previous_response_id`), and a turn that called tools is sent back as the API returned it,
 * so reasoning items stay paired with their function calls. `stream` sends the same request with
 * `stream: true`, forwards the text deltas, and reads the calls from the final response.
 * @example
 * const model = openaiResponsesModel({ client: new OpenAI(), model: 'gpt-5-mini' });
 * const result = await runAgent({ model, dispatcher, messages: [{ role: 'user', content: 'Weather in Pune?' }] });
 */
export function openaiResponsesModel(options: OpenAIResponsesModelOptions): Model {
  const { client, ...parameters } = options;
  if (typeof client?.responses?.create !== 'function')
    throw new TypeError('openaiResponsesModel: client must be an OpenAI client.');
  const replay = createReplayMemory<ResponseOutputItem[]>();
  const body = (request: ModelRequest) => {
    const tools = toOpenAIResponsesTools({ toolSpecs: () => [...request.tools] });
    return {
      ...parameters,
      input: toResponsesInput(request.messages, replay),
      ...(tools.length === 0 ? {} : { tools }),
    };
  };
  const read = (response: Response): ModelResponse => {
    const texts: string[] = [];
    const toolCalls: ModelResponse['toolCalls'] = [];
    for (const item of response.output) {
      if (item.type === 'function_call')
        toolCalls.push({ id: item.call_id, name: item.name, arguments: item.arguments });
      else if (item.type === 'message')
        for (const part of item.content) texts.push(part.type === 'output_text' ? part.text : part.refusal);
    }
    replay.remember(
      toolCalls.map((call) => call.id),
      response.output,
    );
    const result: ModelResponse = { content: texts.join(''), toolCalls };
    if (response.usage)
      result.usage = {
        inputTokens: response.usage.input_tokens,
        outputTokens: response.usage.output_tokens,
      };
    return result;
  };
  return {
    async generate(request): Promise<ModelResponse> {
      return read(await client.responses.create(body(request), { signal: request.signal }));
    },
    async stream(request, handlers): Promise<ModelResponse> {
      const events = await client.responses.create(
        { ...body(request), stream: true },
        { signal: request.signal },
      );
      return read(await readResponsesStream(events, handlers));
    },
  };
}

/** A provider-neutral conversation as Responses API input items. */
export function toResponsesInput(
  messages: readonly AgentMessage[],
  replay?: ReplayMemory<ResponseOutputItem[]>,
): ResponseInputItem[] {
  const input: ResponseInputItem[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'user':
        input.push({ role: message.role, content: message.content });
        break;
      case 'assistant': {
        const recalled = replay?.recall(message.toolCalls.map((call) => call.id));
        if (recalled !== undefined) {
          input.push(...(recalled as ResponseInputItem[]));
          break;
        }
        if (message.content !== '') input.push({ role: 'assistant', content: message.content });
        for (const call of message.toolCalls)
          input.push({
            type: 'function_call',
            call_id: call.id,
            name: call.name,
            arguments: argumentsText(call.arguments),
          });
        break;
      }
      case 'tool':
        input.push({ type: 'function_call_output', call_id: message.toolCallId, output: message.content });
        break;
    }
  }
  return input;
}
