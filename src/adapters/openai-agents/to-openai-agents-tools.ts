import { type FunctionTool, type RunContext, tool } from '@openai/agents';
import type { Dispatcher } from '../../boundary/create-dispatcher.js';
import type { ToolMessage } from '../../protocol.js';
import type { Tool } from '../../tool/define-tool.js';
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
 *
 * A tool's `needsApproval` becomes the SDK's: the run stops with an interruption, and once
 * `result.state.approve(...)` lets the call through, it runs under that approval. Arguments that
 * do not validate need no approval, so the boundary can explain them first.
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
  const runId = (runContext: RunContext<unknown>, details?: OpenAIAgentsToolCallDetails) =>
    typeof options.runId === 'function' ? options.runId(runContext, details) : options.runId;
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
    const owned = dispatcher.tools.get(spec.name);
    const functionTool: FunctionTool<unknown> = {
      ...created,
      // the SDK asks before invoke, and interrupts the run for a person when this says true
      needsApproval: (runContext, input, callId) =>
        owned === undefined
          ? Promise.resolve(false)
          : asksForApproval(owned, input, runId(runContext), callId),
      // the raw text goes to the boundary, which explains bad JSON and bad values alike
      invoke: async (runContext, input, details) => {
        const callRunId = runId(runContext, details);
        const callId = details?.toolCall?.callId ?? '';
        // a call the SDK's approval flow let through runs under that approval
        const approved = callId !== '' && runContext.isToolApproved({ toolName: spec.name, callId }) === true;
        const message = await dispatcher.dispatch(
          { id: callId, name: spec.name, arguments: input },
          {
            ...(callRunId === undefined ? {} : { runId: callRunId }),
            ...(details?.signal === undefined ? {} : { signal: details.signal }),
            ...(approved ? { approval: { approvalId: callId, approve: true, external: true } } : {}),
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

/** The tool's own `needsApproval`, read the way the boundary's gate reads it. */
async function asksForApproval(
  owned: Tool,
  input: unknown,
  runId: string | undefined,
  callId: string | undefined,
): Promise<boolean> {
  const check = owned.needsApproval;
  if (check === undefined || check === false) return false;
  const validated = await owned.input['~standard'].validate(input);
  if (validated.issues !== undefined) return false; // the boundary answers these without running
  if (check === true) return true;
  try {
    return (
      (await check(validated.value as never, { runId: runId ?? '', toolCallId: callId ?? '' })) !== false
    );
  } catch {
    return true; // a check that fails must not let the call through unapproved
  }
}
