import type { FunctionToolResult, RunContext, ToolsToFinalOutputResult } from '@openai/agents';
import { DEFAULT_FALLBACK_TEXT } from '../../loop/run-agent.js';
import type { ToolMessage } from '../../protocol.js';
import { takeHalt } from './halt-record.js';

/** Options for {@link boundaryToolUseBehavior}. */
export interface BoundaryToolUseBehaviorOptions {
  /**
   * The final output when a tool call halts the run.
   * @default DEFAULT_FALLBACK_TEXT
   */
  fallbackText?: string | ((halted: ToolMessage) => string);
}

/**
 * An Agent's `toolUseBehavior` that stops the run when a toolbound tool halted it (a fatal
 * outcome, or the same failure repeated), with the fallback text as the final output, and
 * otherwise lets the model run again, as the SDK's default does.
 * @example
 * new Agent({ name: 'assistant', tools: toOpenAIAgentsTools(dispatcher, { runId }), toolUseBehavior: boundaryToolUseBehavior() });
 */
export function boundaryToolUseBehavior(
  options: BoundaryToolUseBehaviorOptions = {},
): (context: RunContext<unknown>, toolResults: FunctionToolResult[]) => ToolsToFinalOutputResult {
  return (_context, toolResults) => {
    let halted: ToolMessage | undefined;
    for (const result of toolResults) {
      if (result.type !== 'function_output') continue;
      const rawItem = result.runItem.rawItem as { callId?: unknown };
      const callId = typeof rawItem.callId === 'string' ? rawItem.callId : '';
      halted = takeHalt(result.tool, callId) ?? halted;
    }
    if (halted === undefined) return { isFinalOutput: false, isInterrupted: undefined };
    const { fallbackText } = options;
    const finalOutput =
      typeof fallbackText === 'function' ? fallbackText(halted) : (fallbackText ?? DEFAULT_FALLBACK_TEXT);
    return { isFinalOutput: true, isInterrupted: undefined, finalOutput };
  };
}
