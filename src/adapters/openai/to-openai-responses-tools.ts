import type { FunctionTool } from 'openai/resources/responses/responses';
import type { Dispatcher } from '../../boundary/create-dispatcher.js';

/**
 * The dispatcher's tools as Responses API function tools. `strict` is set to false on purpose:
 * the Responses API turns strict mode on when it is omitted, and strict mode rejects ordinary
 * schemas (optional properties) and takes away the boundary's chance to correct a bad call.
 * @example
 * const response = await client.responses.create({ model, input, tools: toOpenAIResponsesTools(dispatcher) });
 */
export function toOpenAIResponsesTools(dispatcher: Pick<Dispatcher, 'toolSpecs'>): FunctionTool[] {
  return dispatcher.toolSpecs().map((spec) => ({
    type: 'function',
    name: spec.name,
    description: spec.description,
    parameters: spec.parameters,
    strict: false,
  }));
}
