import type { Clock } from '../state/clock.js';

/**
 * Waits `delayMs` on the clock, or less when `signal` aborts. Resolves true when the wait ran
 * out, false when it was aborted; it never rejects and leaves no timer or listener behind.
 */
export function abortableSleep(delayMs: number, clock: Clock, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clock.clearTimeout(timer);
      resolve(false);
    };
    const timer = clock.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, delayMs);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
