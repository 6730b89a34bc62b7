import { type CallPosition, positionOfCall } from '../observe/read-stack.js';
import { type Deadline, deadlineQueue, type Expiring } from '../policy/deadline-queue.js';
import { onAbort } from '../policy/on-abort.js';
import { type Clock, systemClock } from '../state/clock.js';
import type { Tool, ToolApproval, ToolContext } from '../tool/define-tool.js';

/** How one attempt at running a tool ended, before classification. */
export type AttemptResult =
  | { kind: 'returned'; value: unknown }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timed_out'; timeoutMs: number }
  | { kind: 'aborted' };

/** What one attempt needs besides the tool, its arguments and the attempt's number: the call's context. */
export interface AttemptContext {
  runId: string;
  toolCallId: string;
  /** The caller's signal; aborting it ends the attempt at once. */
  signal: AbortSignal;
  clock: Clock;
  /** Set when the call runs under a person's approval. */
  approval?: ToolApproval | undefined;
}

/** The signal of calls made without one: nothing ever aborts it, so nobody needs to listen. */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;

const ABORTED: AttemptResult = Object.freeze({ kind: 'aborted' });
/** The prototype's `then`, called on the promise of what a tool returned. */
const then = Promise.prototype.then;

/** Calls a tool's `run`: the one frame every tool runs under, so a tool's stack can end there. */
function invokeTool(tool: Tool, args: unknown, context: ToolContext): unknown {
  return tool.run(args as never, context);
}

/**
 * Where {@link invokeTool} calls the tool, found once: a tool's error is logged with its stack
 * down to that frame, and the dispatcher's own frames below it are left out.
 */
export const TOOL_CALL_POSITION: CallPosition | undefined = positionOfCall((probe) =>
  invokeTool({ run: probe } as unknown as Tool, undefined, {} as ToolContext),
);

/** Hears how an attempt ended: `attemptEnded` is called exactly once, and must not throw. */
export interface AttemptListener {
  attemptEnded(result: AttemptResult): void;
}

/**
 * Runs the tool once under a signal that aborts when the caller aborts or the per-attempt
 * timeout fires: the semantics of `AbortSignal.any([caller, timeout])`, without its per-call
 * WeakRef bookkeeping, and the AbortController is only made if the tool reads `signal`. It
 * settles when the tool settles, the timeout fires or the caller aborts, whichever is first; a
 * tool that ignores its signal is left to finish in the background and its late result is dropped.
 */
export function runAttempt(
  tool: Tool,
  args: unknown,
  context: AttemptContext,
  attempt: number,
): Promise<AttemptResult> {
  return new Promise((resolve) => startAttempt(tool, args, context, attempt, { attemptEnded: resolve }));
}

/**
 * {@link runAttempt} without a promise of its own: `listener` hears the result, at once when the
 * caller has already aborted or the tool throws synchronously, else when the attempt settles.
 * The hot path uses it so that a tool's result reaches the dispatcher in one step.
 */
export function startAttempt(
  tool: Tool,
  args: unknown,
  context: AttemptContext,
  attempt: number,
  listener: AttemptListener,
): void {
  if (context.signal.aborted) listener.attemptEnded(ABORTED);
  else new Attempt(tool, context, attempt, listener).run(args);
}

/**
 * One attempt, and the context its tool reads. A class rather than closures: the hot path then
 * allocates one small object per call instead of a getter object and five functions, and the
 * `signal` getter lives on the prototype.
 */
class Attempt implements ToolContext, Expiring {
  readonly runId: string;
  readonly toolCallId: string;
  readonly attempt: number;
  readonly approval?: ToolApproval;
  readonly #tool: Tool;
  readonly #caller: AbortSignal;
  readonly #clock: Clock;
  #controller: AbortController | undefined;
  #abortReason: unknown;
  /** The timer of a clock other than the system's (a test's fake clock). */
  #timer: unknown;
  #settled = false;
  /** The system clock's timeout: a place in the process's queue for this duration (see DeadlineQueue). */
  #deadline: Deadline | undefined;
  readonly #listener: AttemptListener;
  #stopListening: (() => void) | undefined;

  constructor(tool: Tool, context: AttemptContext, attempt: number, listener: AttemptListener) {
    this.runId = context.runId;
    this.toolCallId = context.toolCallId;
    this.attempt = attempt;
    if (context.approval !== undefined) this.approval = context.approval;
    this.#tool = tool;
    this.#caller = context.signal;
    this.#clock = context.clock;
    this.#listener = listener;
  }

  /** Aborted when the caller gives up or the attempt times out; made on first read. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#abortReason !== undefined) this.#controller.abort(this.#abortReason);
    }
    return this.#controller.signal;
  }

  run(args: unknown): void {
    if (this.#clock === systemClock) this.#deadline = deadlineQueue(this.#tool.timeoutMs).add(this);
    else this.#timer = this.#clock.setTimeout(() => this.expire(), this.#tool.timeoutMs);
    // one listener per signal however many calls share it (see onAbort)
    if (this.#caller !== NEVER_ABORTED) {
      this.#stopListening = onAbort(this.#caller, () => {
        this.#abort(this.#caller.reason);
        this.#finish(ABORTED);
      });
    }
    try {
      // Promise.resolve reads a thenable's `then` in a job of its own, as `await` does, so a
      // hostile `then` cannot run here; the prototype's `then` is called, never the value's own
      then.call(Promise.resolve(invokeTool(this.#tool, args, this)), this.#onReturned, this.#onThrew);
    } catch (error) {
      this.#finish({ kind: 'threw', error });
    }
  }

  // bound once per attempt: the tool's promise needs its two callbacks
  readonly #onReturned = (value: unknown) => {
    this.#finish({ kind: 'returned', value });
  };
  readonly #onThrew = (error: unknown) => {
    this.#finish({ kind: 'threw', error });
  };

  /** The attempt's time is up (called by its deadline or its clock's timer). */
  expire(): void {
    const { name, timeoutMs } = this.#tool;
    this.#abort(new DOMException(`${name} timed out after ${timeoutMs} ms`, 'TimeoutError'));
    this.#finish({ kind: 'timed_out', timeoutMs });
  }
  #abort(reason: unknown): void {
    this.#abortReason ??= reason;
    this.#controller?.abort(reason);
  }

  #finish(result: AttemptResult): void {
    if (this.#settled) return;
    this.#settled = true;
    if (this.#deadline !== undefined) this.#deadline.queue?.leave(this.#deadline);
    else if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#stopListening?.();
    this.#listener.attemptEnded(result);
  }
}
