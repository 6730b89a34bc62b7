import type { Clock } from '../state/clock.js';
import { onAbort } from './on-abort.js';

/** How a bounded piece of work ended. */
export type Bounded<T> =
  | { kind: 'settled'; value: T }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timed_out'; timeoutMs: number }
  | { kind: 'aborted' };

/**
 * Runs `work(first, second)` and settles when it does, when `timeoutMs` passes or when `signal` aborts,
 * whichever is first; work that never settles is left behind and its late result dropped. Its
 * timer and abort subscription end with it, so nothing outlives the call. Work that answers
 * synchronously is answered synchronously: no promise, no timer, no subscription. Never rejects.
 */
export function settleWithin<A, B, T>(
  work: (first: A, second: B) => T | PromiseLike<T>,
  first: A,
  second: B,
  timeoutMs: number,
  clock: Clock,
  signal: AbortSignal | undefined,
): Bounded<T> | Promise<Bounded<T>> {
  if (signal?.aborted) return { kind: 'aborted' };
  let started: T | PromiseLike<T>;
  try {
    // the work's two arguments are passed through, so a caller needs no closure for them
    started = work(first, second);
  } catch (error) {
    return { kind: 'threw', error };
  }
  if (!isThenable(started)) return { kind: 'settled', value: started };
  const pending = started;
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: Bounded<T>) => {
      if (done) return;
      done = true;
      clock.clearTimeout(timer);
      cancelAbort();
      resolve(result);
    };
    const timer = clock.setTimeout(() => finish({ kind: 'timed_out', timeoutMs }), timeoutMs);
    const cancelAbort = signal === undefined ? () => {} : onAbort(signal, () => finish({ kind: 'aborted' }));
    Promise.resolve(pending).then(
      (value) => finish({ kind: 'settled', value }),
      (error: unknown) => finish({ kind: 'threw', error }),
    );
  });
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  try {
    return (
      (typeof value === 'object' || typeof value === 'function') &&
      value !== null &&
      typeof (value as { then?: unknown }).then === 'function'
    );
  } catch {
    return true; // a hostile `then` getter: let Promise.resolve meet it and report the throw
  }
}
