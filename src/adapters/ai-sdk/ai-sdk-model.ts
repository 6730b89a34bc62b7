import {
  type CallSettings,
  generateText,
  type JSONSchema7,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  streamText,
  type Tool,
  tool,
} from 'ai';
import type { Model, ModelRequest, ModelResponse } from '../../loop/model.js';
import { createReplayMemory } from '../shared/replay-memory.js';
import { splitSystem } from './split-system.js';
import { toModelMessages } from './to-model-messages.js';

/** What both `generateText` and a finished `streamText` say about their one step. */
interface StepResult {
  toolCalls: readonly { toolCallId: string; toolName: string; input: unknown }[];
  text: string;
  usage: { inputTokens: number | undefined; outputTokens: number | undefined };
  response: { messages: readonly ModelMessage[] };
}

/** Options for {@link aiSdkModel}: any AI SDK language model and its call settings. */
export type AISDKModelOptions = Omit<CallSettings, 'abortSignal'> & {
  /** A language model, such as `openai('gpt-5.4-mini')`, or a gateway model id. */
  model: LanguageModel;
  /** Provider-specific options, passed through on every request. */
  providerOptions?: NonNullable<Parameters<typeof generateText>[0]['providerOptions']>;
};

/**
 * Any AI SDK language model as a `Model` for `runAgent`: each step is one `generateText` call
 * with the tools declared but not executed, so the calls come back to `runAgent` and run through
 * the boundary. An assistant turn that called tools is sent back as the SDK returned it, keeping
 * provider metadata (reasoning signatures, item ids). System messages go to `system`, which AI
 * SDK 7 requires. `stream` makes the same step with `streamText` and forwards its text deltas.
 * @example
 * import { openai } from '@ai-sdk/openai';
 * const result = await runAgent({ model: aiSdkModel({ model: openai('gpt-5.4-mini') }), dispatcher, messages });
 */
export function aiSdkModel(options: AISDKModelOptions): Model {
  const { model, ...settings } = options;
  const replay = createReplayMemory<ModelMessage[]>();
  const call = (request: ModelRequest) => {
    const tools: Record<string, Tool> = {};
    for (const spec of request.tools) {
      tools[spec.name] = tool({
        description: spec.description,
        inputSchema: jsonSchema(spec.parameters as JSONSchema7),
      });
    }
    const { system, messages } = splitSystem(toModelMessages(request.messages, replay));
    return {
      ...settings,
      model,
      ...(system === undefined ? {} : { system }),
      messages,
      ...(request.tools.length === 0 ? {} : { tools }),
      abortSignal: request.signal,
    };
  };
  const read = (result: StepResult): ModelResponse => {
    const toolCalls: ModelResponse['toolCalls'] = result.toolCalls.map((toolCall) => ({
      id: toolCall.toolCallId,
      name: toolCall.toolName,
      arguments:
        typeof toolCall.input === 'object' && toolCall.input !== null && !Array.isArray(toolCall.input)
          ? (toolCall.input as Record<string, unknown>)
          : typeof toolCall.input === 'string'
            ? toolCall.input
            : JSON.stringify(toolCall.input),
    }));
    replay.remember(
      toolCalls.map((toolCall) => toolCall.id),
      result.response.messages.filter((message) => message.role === 'assistant'),
    );
    return {
      content: result.text,
      toolCalls,
      usage: { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 },
    };
  };
  return {
    async generate(request): Promise<ModelResponse> {
      return read(await generateText(call(request)));
    },
    async stream(request, handlers): Promise<ModelResponse> {
      const result = streamText(call(request));
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && part.text !== '') handlers.onText(part.text);
        else if (part.type === 'error') throw part.error;
      }
      const [toolCalls, text, usage, response] = await Promise.all([
        result.toolCalls,
        result.text,
        result.usage,
        result.response,
      ]);
      return read({ toolCalls, text, usage, response });
    },
  };
}
