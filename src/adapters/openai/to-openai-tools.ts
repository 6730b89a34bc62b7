import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import type { Dispatcher } from '../../boundary/create-dispatcher.js';

/**
 * The dispatcher's tools as Chat Completions `tools` (`type: "function"`). Strict mode is left
 * off: the boundary validates every call and answers a bad one with a precise correction, which a
 * strict schema would make impossible.
 * @example
 * const completion = await client.chat.completions.create({ model, messages, tools: toOpenAITools(dispatcher) });
 */
export function toOpenAITools(dispatcher: Pick<Dispatcher, 'toolSpecs'>): ChatCompletionTool[] {
  return dispatcher.toolSpecs().map((spec) => ({
    type: 'function',
    function: { name: spec.name, description: spec.description, parameters: spec.parameters },
  }));
}
