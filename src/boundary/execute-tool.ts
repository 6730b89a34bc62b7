import type { Outcome } from '../outcome/outcome.js';
import type { Clock } from '../state/clock.js';
import type { Tool } from '../tool/define-tool.js';
import { type AttemptResult, runAttempt } from './run-attempt.js';

/** How a call's execution ended: an attempt's raw result, or an outcome decided on the way. */
export type ExecutionResult = AttemptResult | { kind: 'outcome'; outcome: Outcome };

/** The result of executing a call, with how many attempts it took. */
export interface Execution {
  result: ExecutionResult;
  attempts: number;
}

/** What executing a call needs from the dispatcher. */
export interface ExecutionContext {
  runId: string;
  toolCallId: string;
  signal: AbortSignal;
  clock: Clock;
}

/** Runs a validated call. */
export async function executeTool(tool: Tool, args: unknown, context: ExecutionContext): Promise<Execution> {
  const result = await runAttempt(tool, args, { ...context, attempt: 1 });
  return { result, attempts: 1 };
}
