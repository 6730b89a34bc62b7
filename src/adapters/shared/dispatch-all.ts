import type { Dispatcher, DispatchOptions } from '../../boundary/create-dispatcher.js';
import type { HaltReason, ToolCall, ToolMessage } from '../../protocol.js';

/** The tool messages of one model turn, and whether the run must stop. */
export interface DispatchedTurn {
  /** One per call, in the order of the calls. */
  toolMessages: ToolMessage[];
  /** Set when a message asks the loop to stop; answer with fallback text, not another model call. */
  halt?: HaltReason;
}

/** Runs a turn's calls in parallel, as the provider allows, and keeps their order. */
export async function dispatchAll(
  dispatcher: Dispatcher,
  calls: readonly ToolCall[],
  options: DispatchOptions,
): Promise<DispatchedTurn> {
  const toolMessages = await Promise.all(calls.map((call) => dispatcher.dispatch(call, options)));
  const halted = toolMessages.find((message) => message.halt);
  return halted?.haltReason === undefined ? { toolMessages } : { toolMessages, halt: halted.haltReason };
}
