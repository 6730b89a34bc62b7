import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import type { Dispatcher } from '../../boundary/create-dispatcher.js';

/**
 * The dispatcher's tools as Messages API client tools (`name`, `description`, `input_schema`).
 * @example
 * const message = await client.messages.create({ model, max_tokens: 1024, messages, tools: toAnthropicTools(dispatcher) });
 */
export function toAnthropicTools(dispatcher: Pick<Dispatcher, 'toolSpecs'>): Tool[] {
  return dispatcher.toolSpecs().map((spec) => ({
    name: spec.name,
    description: spec.description,
    // the API accepts only object schemas at the top, which is what a tool's arguments are
    input_schema: { ...spec.parameters, type: 'object' },
  }));
}
