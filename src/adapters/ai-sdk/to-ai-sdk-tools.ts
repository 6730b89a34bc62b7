import { type JSONSchema7, jsonSchema, type Tool, tool } from 'ai';
import type { Dispatcher } from '../../boundary/create-dispatcher.js';
import type { ToolMessage } from '../../protocol.js';
import { toAiSdkNeedsApproval } from './ai-sdk-needs-approval.js';
import { toModelOutput } from './to-model-output.js';

/** What `execute` receives besides the input (`ToolExecutionOptions` in AI SDK 6, `ToolCallOptions` in 5). */
export type AISDKToolExecution = Parameters<NonNullable<Tool['execute']>>[1];

/** Options for {@link toAISDKTools}. */
export interface AISDKToolsOptions {
  /**
   * The run the calls belong to, for repeat detection and the failure cap: a string fixed for
   * this set of tools (make the tools per request), or a function that reads it from the call,
   * for example from `experimental_context`.
   * @default each call is a run of its own, so run policy does not apply across calls
   */
  runId?: string | ((execution: AISDKToolExecution) => string | undefined);
}

/**
 * The dispatcher's tools as AI SDK tools. The input schema is the tool's JSON Schema without a
 * validator, so that every call, valid or not, reaches the boundary and gets a classified answer;
 * `execute` resolves to the ToolMessage and never throws (a throw would bypass `toModelOutput` and
 * send the raw error text, see vercel/ai#8350); `toModelOutput` sends the rendered content, as
 * `error-text` for failures so that providers with an error flag set it.
 * @example
 * const result = await generateText({
 *   model, prompt: 'Weather in Pune?',
 *   tools: toAISDKTools(dispatcher, { runId }),
 *   stopWhen: [stepCountIs(10), boundaryHalted()],
 * });
 */
export function toAiSdkTools(
  dispatcher: Dispatcher,
  options: AISDKToolsOptions = {},
): Record<string, Tool<Record<string, unknown>, ToolMessage>> {
  const tools: Record<string, Tool<Record<string, unknown>, ToolMessage>> = {};
  for (const spec of dispatcher.toolSpecs()) {
    const boundaryTool = dispatcher.tools.get(spec.name);
    // a tool that needs approval goes through the SDK's own approval flow; execute then runs approved
    const needsApproval =
      boundaryTool === undefined
        ? undefined
        : toAiSdkNeedsApproval(boundaryTool, () =>
            typeof options.runId === 'string' ? options.runId : undefined,
          );
    tools[spec.name] = tool<Record<string, unknown>, ToolMessage>({
      description: spec.description,
      inputSchema: jsonSchema<Record<string, unknown>>(spec.parameters as JSONSchema7),
      ...(needsApproval === undefined ? {} : { needsApproval }),
      execute: (input, execution) => {
        const runId = typeof options.runId === 'function' ? options.runId(execution) : options.runId;
        return dispatcher.dispatch(
          {
            id: execution.toolCallId,
            name: spec.name,
            // the SDK hands over parsed JSON; anything but an object goes back to the parser to explain
            arguments:
              typeof input === 'object' && input !== null && !Array.isArray(input)
                ? input
                : JSON.stringify(input),
          },
          {
            ...(runId === undefined ? {} : { runId }),
            ...(execution.abortSignal === undefined ? {} : { signal: execution.abortSignal }),
            // the SDK executes only what its approval flow let through, or what needed none
            ...(needsApproval === undefined
              ? {}
              : { approval: { approvalId: execution.toolCallId, approve: true as const, external: true } }),
          },
        );
      },
      toModelOutput,
    });
  }
  return tools;
}

/**
 * The old name of {@link toAiSdkTools}, kept for one minor version.
 * @deprecated Use `toAiSdkTools`, spelled like `aiSdkModel`.
 */
export const toAISDKTools = toAiSdkTools;
