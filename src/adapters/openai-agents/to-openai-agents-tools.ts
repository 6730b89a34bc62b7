import { type FunctionTool, type RunContext, tool } from '@openai/agents';
import type { Dispatcher } from '../../boundary/create-dispatcher.js';
import type { ToolMessage } from '../../protocol.js';
import { recordHalt } from './halt-record.js';

/** What the SDK hands `invoke` besides the input: the function call item and an abort signal. */
export type OpenAIAgentsToolCallDetails = Parameters<FunctionTool<unknown>['invoke']>[2];

/** Options for {@link toOpenAIAgentsTools}. */
export interface OpenAIAgentsToolsOptions {
  /**
   * The run the calls belong to, for repeat detection and the failure cap: a string fixed for
   * this set of tools (make the tools per request), or a function of the SDK's run context and
   * call details.
   * @default each call is a run of its own, so run policy does not apply across calls
   */
  runId?:
    | string
    | ((runContext: RunContext<unknown>, details: OpenAIAgentsToolCallDetails) => string | undefined);
  /**
   * Called with every tool message, for transcripts and tests.
   */
  onToolMessage?: (message: ToolMessage) => void;
}

/**
 * The dispatcher's tools as OpenAI Agents SDK function tools. Each tool's `invoke` hands the raw
 * argument text to `dispatch` and returns the rendered content, so a typo gets the boundary's
 * correction, a throw gets a generic message with a reference, and the SDK's `errorFunction`
 * ("An error occurred while running the tool...") is never reached. Tools are declared with
 * `strict: false`, since strict mode would reject schemas with optional fields. Pair them with
 * {@link boundaryToolUseBehavior} so that a halt ends the agent run with the fallback text.
 * @example
 * const agent = new Agent({
 *   name: 'assistant', instructions: '...',
 *   tools: toOpenAIAgentsTools(dispatcher, { runId }),
 *   toolUseBehavior: boundaryToolUseBehavior(),
 * });
 */
export function toOpenAIAgentsTools(
  dispatcher: Dispatcher,
  options: OpenAIAgentsToolsOptions = {},
): FunctionTool<unknown>[] {
  return dispatcher.toolSpecs().map((spec) => {
    const created = tool({
      name: spec.name,
      description: spec.description,
      parameters: { ...spec.parameters, type: 'object' } as never,
      strict: false,
      execute: () => {
        throw new Error('toolbound replaces execute; invoke dispatches'); // never runs
      },
    }) as FunctionTool<unknown>;
    const functionTool: FunctionTool<unknown> = {
      ...created,
      // the raw text goes to the boundary, which explains bad JSON and bad values alike
      invoke: async (runContext, input, details) => {
        const runId =
          typeof options.runId === 'function' ? options.runId(runContext, details) : options.runId;
        const callId = details?.toolCall?.callId ?? '';
        const message = await dispatcher.dispatch(
          { id: callId, name: spec.name, arguments: input },
          {
            ...(runId === undefined ? {} : { runId }),
            ...(details?.signal === undefined ? {} : { signal: details.signal }),
          },
        );
        if (message.halt) recordHalt(functionTool, callId, message);
        options.onToolMessage?.(message);
        return message.content;
      },
    };
    return functionTool;
  });
}
