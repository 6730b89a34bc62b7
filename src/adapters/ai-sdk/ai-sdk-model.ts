import {
  type CallSettings,
  generateText,
  type JSONSchema7,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  type Tool,
  tool,
} from 'ai';
import type { Model, ModelResponse } from '../../loop/model.js';
import { createReplayMemory } from '../shared/replay-memory.js';
import { toModelMessages } from './to-model-messages.js';

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
 * provider metadata (reasoning signatures, item ids).
 * @example
 * import { openai } from '@ai-sdk/openai';
 * const result = await runAgent({ model: aiSdkModel({ model: openai('gpt-5.4-mini') }), dispatcher, messages });
 */
export function aiSdkModel(options: AISDKModelOptions): Model {
  const { model, ...settings } = options;
  const replay = createReplayMemory<ModelMessage[]>();
  return {
    async generate(request): Promise<ModelResponse> {
      const tools: Record<string, Tool> = {};
      for (const spec of request.tools) {
        tools[spec.name] = tool({
          description: spec.description,
          inputSchema: jsonSchema(spec.parameters as JSONSchema7),
        });
      }
      const result = await generateText({
        ...settings,
        model,
        messages: toModelMessages(request.messages, replay),
        ...(request.tools.length === 0 ? {} : { tools }),
        abortSignal: request.signal,
      });
      const toolCalls: ModelResponse['toolCalls'] = result.toolCalls.map((call) => ({
        id: call.toolCallId,
        name: call.toolName,
        arguments:
          typeof call.input === 'object' && call.input !== null && !Array.isArray(call.input)
            ? (call.input as Record<string, unknown>)
            : typeof call.input === 'string'
              ? call.input
              : JSON.stringify(call.input),
      }));
      replay.remember(
        toolCalls.map((call) => call.id),
        result.response.messages.filter((message) => message.role === 'assistant'),
      );
      return {
        content: result.text,
        toolCalls,
        usage: { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 },
      };
    },
  };
}
