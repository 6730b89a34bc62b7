import { onAbort } from '../policy/on-abort.js';
import type { Clock } from '../state/clock.js';
import type { Tool, ToolApproval } from '../tool/define-tool.js';

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
  /** Set when the call runs under a person's approval. */
  approval?: ToolApproval;
}

/** The signal of calls made without one: nothing ever aborts it, so nobody needs to listen. */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;

/**
 * Runs the tool once under a signal that aborts when the caller aborts or the per-attempt
 * timeout fires: the semantics of `AbortSignal.any([caller, timeout])`, without its per-call
 * WeakRef bookkeeping, and the AbortController is only made if the tool reads `signal`. It
 * settles when the tool settles, the timeout fires or the caller aborts, whichever is first; a
 * tool that ignores its signal is left to finish in the background and its late result is dropped.
 */
export function runAttempt(tool: Tool, args: unknown, context: AttemptContext): Promise<AttemptResult> {
  const caller = context.signal;
  if (caller.aborted) return Promise.resolve({ kind: 'aborted' });
  let controller: AbortController | undefined;
  let abortReason: unknown;
  const abortAttempt = (reason: unknown) => {
    abortReason ??= reason;
    controller?.abort(reason);
  };
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      context.clock.clearTimeout(timer);
      stopListening();
      resolve(result);
    };
    const timer = context.clock.setTimeout(() => {
      abortAttempt(new DOMException(`${tool.name} timed out after ${tool.timeoutMs} ms`, 'TimeoutError'));
      finish({ kind: 'timed_out', timeoutMs: tool.timeoutMs });
    }, tool.timeoutMs);
    // one listener per signal however many calls share it (see onAbort)
    const stopListening =
      caller === NEVER_ABORTED
        ? () => {}
        : onAbort(caller, () => {
            abortAttempt(caller.reason);
            finish({ kind: 'aborted' });
          });
    try {
      const pending = tool.run(args as never, {
        get signal() {
          if (controller === undefined) {
            controller = new AbortController();
            if (abortReason !== undefined) controller.abort(abortReason);
          }
          return controller.signal;
        },
        runId: context.runId,
        toolCallId: context.toolCallId,
        attempt: context.attempt,
        ...(context.approval === undefined ? {} : { approval: context.approval }),
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
