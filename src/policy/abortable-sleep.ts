import type { Clock } from '../state/clock.js';
import { onAbort } from './on-abort.js';

/**
 * Waits `delayMs` on the clock, or less when `signal` aborts. Resolves true when the wait ran
 * out, false when it was aborted; it never rejects and leaves no timer or listener behind.
 */
export function abortableSleep(delayMs: number, clock: Clock, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    let cancel = () => {};
    const timer = clock.setTimeout(() => {
      cancel();
      resolve(true);
    }, delayMs);
    if (signal !== undefined)
      cancel = onAbort(signal, () => {
        clock.clearTimeout(timer);
        resolve(false);
      });
  });
}
