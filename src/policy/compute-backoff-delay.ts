import type { ResolvedRetryOptions } from './retry-options.js';

/**
 * The wait before retry number `retry` (1 for the first retry), in milliseconds. Full jitter
 * spreads callers evenly below an exponential ceiling, which AWS measured as the fastest way
 * for many clients to drain a recovering service; decorrelated jitter grows from the previous
 * wait instead. `random` returns a number in [0, 1).
 */
export function computeBackoffDelay(
  retry: number,
  previousDelayMs: number,
  options: Pick<ResolvedRetryOptions, 'initialDelayMs' | 'maxDelayMs' | 'jitter'>,
  random: () => number,
): number {
  const { initialDelayMs: baseMs, maxDelayMs: capMs } = options;
  const draw = clampUnit(random());
  if (options.jitter === 'decorrelated') {
    const upperMs = Math.max(baseMs, previousDelayMs * 3);
    return Math.min(capMs, baseMs + draw * (upperMs - baseMs));
  }
  // 2 ** 1100 is Infinity; Math.min keeps the ceiling finite.
  const ceilingMs = Math.min(capMs, baseMs * 2 ** Math.max(0, retry - 1));
  return draw * ceilingMs;
}

// a random source outside [0, 1) must not produce a negative or runaway wait
function clampUnit(value: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
}
