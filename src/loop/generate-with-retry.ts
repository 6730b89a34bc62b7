import type { EventHandler } from '../observe/events.js';
import { abortableSleep } from '../policy/abortable-sleep.js';
import { classifyTransient } from '../policy/classify-transient.js';
import { decideRetry } from '../policy/decide-retry.js';
import type { ResolvedRetryOptions } from '../policy/retry-options.js';
import type { Clock } from '../state/clock.js';
import type { Model, ModelRequest, ModelResponse } from './model.js';
import { requestModel } from './request-model.js';

/** How a model call ended after its retries. */
export type Generation =
  | { kind: 'answered'; response: ModelResponse }
  /** Transient failures (429, 503, a reset connection) outlasted the retries. */
  | { kind: 'unavailable'; attempts: number; reason: string }
  | { kind: 'aborted' };

/** What {@link generateWithRetry} needs besides the request. */
export interface GenerateContext {
  model: Model;
  retry: ResolvedRetryOptions;
  clock: Clock;
  random: () => number;
  emit: EventHandler;
  runId: string;
  /** Streams the text: see `runAgent`'s `onText`. */
  onText?: ((delta: string) => void) | undefined;
}

/**
 * Calls the model, retrying transient failures by the same rules as tools (a model call changes
 * nothing, so it counts as idempotent): capped exponential backoff with jitter, at least the
 * `Retry-After` the provider asked for, never past `maxElapsedMs`. Any other error rejects, as
 * it is the caller's to handle; an abort resolves `aborted`.
 */
export async function generateWithRetry(
  request: ModelRequest,
  context: GenerateContext,
): Promise<Generation> {
  const { model, retry, clock, random, emit, runId } = context;
  let shown = false;
  const onText =
    context.onText === undefined
      ? undefined
      : (delta: string) => {
          shown = true;
          context.onText?.(delta);
        };
  const startedAt = clock.now();
  let previousDelayMs = retry.initialDelayMs;
  for (let attempt = 1; ; attempt++) {
    if (request.signal.aborted) return { kind: 'aborted' };
    try {
      return { kind: 'answered', response: await requestModel(model, request, onText) };
    } catch (error) {
      if (request.signal.aborted) return { kind: 'aborted' };
      const failure = classifyTransient(error, clock.now());
      if (failure === undefined) throw error;
      // part of this turn's text is already on the user's screen; a retry would show it twice
      if (shown) return { kind: 'unavailable', attempts: attempt, reason: failure.reason };
      const decision = decideRetry({
        failure,
        idempotent: true,
        attempts: attempt,
        elapsedMs: clock.now() - startedAt,
        previousDelayMs,
        options: retry,
        random,
      });
      if (!decision.retry) return { kind: 'unavailable', attempts: attempt, reason: failure.reason };
      emit({
        type: 'model.retried',
        time: clock.now(),
        runId,
        attempt: attempt + 1,
        delayMs: decision.delayMs,
        reason: failure.reason,
      });
      previousDelayMs = decision.delayMs;
      if (!(await abortableSleep(decision.delayMs, clock, request.signal))) return { kind: 'aborted' };
    }
  }
}
