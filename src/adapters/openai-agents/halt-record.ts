import type { ToolMessage } from '../../protocol.js';

const MAX_RECORDED = 1_000;

/** Halted calls by tool object and call id, read once by the tool-use behaviour. */
const halts = new WeakMap<object, Map<string, ToolMessage>>();

/** Remembers that a call of this tool halted the run. */
export function recordHalt(tool: object, callId: string, message: ToolMessage): void {
  let calls = halts.get(tool);
  if (calls === undefined) {
    calls = new Map();
    halts.set(tool, calls);
  }
  calls.set(callId, message);
  // a run that never reaches the behaviour (an exception elsewhere) must not grow this forever
  if (calls.size > MAX_RECORDED) calls.delete(calls.keys().next().value as string);
}

/** The halting message of a call, forgetting it. */
export function takeHalt(tool: object, callId: string): ToolMessage | undefined {
  const calls = halts.get(tool);
  const message = calls?.get(callId);
  if (message !== undefined) calls!.delete(callId);
  return message;
}
