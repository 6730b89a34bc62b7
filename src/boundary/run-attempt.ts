import type { Clock } from '../state/clock.js';
import type { Tool } from '../tool/define-tool.js';

/** How one attempt at running a tool ended, before classification. */
export type AttemptResult =
  | { kind: 'returned'; value: unknown }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timed_out'; timeoutMs: number }
  | { kind: 'aborted' };

/** What one attempt needs besides the tool and its arguments. */
export interface AttemptContext {
  runId: string;
  toolCallId: string;
  attempt: number;
  /** The caller's signal; aborting it ends the attempt at once. */
  signal: AbortSignal;
  clock: Clock;
}

/**
 * Runs the tool once under `AbortSignal.any([caller, per-attempt timeout])`. It settles when the
 * tool settles, the timeout fires or the caller aborts, whichever is first; a tool that ignores
 * its signal is left to finish in the background and its late result is dropped.
 */
export function runAttempt(tool: Tool, args: unknown, context: AttemptContext): Promise<AttemptResult> {
  if (context.signal.aborted) return Promise.resolve({ kind: 'aborted' });
  const timeout = new AbortController();
  const signal = AbortSignal.any([context.signal, timeout.signal]);
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      context.clock.clearTimeout(timer);
      context.signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = () => finish({ kind: 'aborted' });
    const timer = context.clock.setTimeout(() => {
      timeout.abort(new DOMException(`${tool.name} timed out after ${tool.timeoutMs} ms`, 'TimeoutError'));
      finish({ kind: 'timed_out', timeoutMs: tool.timeoutMs });
    }, tool.timeoutMs);
    context.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const pending = tool.run(args as never, {
        signal,
        runId: context.runId,
        toolCallId: context.toolCallId,
        attempt: context.attempt,
      });
      Promise.resolve(pending).then(
        (value) => finish({ kind: 'returned', value }),
        (error: unknown) => finish({ kind: 'threw', error }),
      );
    } catch (error) {
      finish({ kind: 'threw', error });
    }
  });
}
