import type { ResponseFunctionToolCall, ResponseInputItem } from 'openai/resources/responses/responses';
import type { Dispatcher, DispatchOptions } from '../../boundary/create-dispatcher.js';
import { type DispatchedTurn, dispatchAll } from '../shared/dispatch-all.js';

/** The result of {@link dispatchOpenAIFunctionCalls}. */
export interface OpenAIFunctionCallTurn extends DispatchedTurn {
  /** One `function_call_output` item per call, paired by `call_id`, ready to send as input. */
  items: ResponseInputItem.FunctionCallOutput[];
}

/** Any Responses API output item; only the `function_call` ones are dispatched. */
/** One item of a Responses API output: a function call, or anything else, which is passed over. */
export type OutputItem = { type: string } | ResponseFunctionToolCall;

/**
 * Runs the `function_call` items of a Responses API output through the boundary, in parallel,
 * and gives back one `function_call_output` per call. Other output items (messages, reasoning)
 * are skipped, so `response.output` can be passed as it is.
 * @example
 * const turn = await dispatchOpenAIFunctionCalls(dispatcher, response.output, { runId });
 * input.push(...response.output, ...turn.items);
 */
export async function dispatchOpenAIFunctionCalls(
  dispatcher: Dispatcher,
  output: readonly OutputItem[],
  options: DispatchOptions = {},
): Promise<OpenAIFunctionCallTurn> {
  const calls = output.filter(isFunctionCall).map((item) => ({
    id: item.call_id,
    name: item.name,
    arguments: item.arguments,
  }));
  const turn = await dispatchAll(dispatcher, calls, options);
  return {
    ...turn,
    items: turn.toolMessages.map((message) => ({
      type: 'function_call_output',
      call_id: message.toolCallId,
      output: message.content,
    })),
  };
}

function isFunctionCall(item: OutputItem): item is ResponseFunctionToolCall {
  return item.type === 'function_call';
}
