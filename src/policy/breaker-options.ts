import type { BreakerSettings } from '../state/state-store.js';

/**
 * When a service's circuit breaker opens and how it recovers. One breaker guards each service
 * key (a tool's `service`, which defaults to its name), shared by every tool naming it.
 */
export interface BreakerOptions {
  /**
   * Failed calls in a row that open the breaker.
   * @default 5
   */
  consecutiveFailures?: number;
  /**
   * Share of failed calls over the window that opens the breaker, once the window holds
   * `minimumCalls` calls.
   * @default 0.5
   */
  failureRatio?: number;
  /**
   * Calls the window must hold before `failureRatio` applies.
   * @default 10
   */
  minimumCalls?: number;
  /**
   * Length of the sliding window for `failureRatio`.
   * @default 60000
   */
  windowMs?: number;
  /**
   * How long an open breaker rejects calls before letting one probe call through.
   * @default 30000
   */
  openMs?: number;
  /**
   * How long this process trusts its last view of a closed breaker before asking the store
   * again. Successes in between are counted here and sent with the next store call (failures
   * go at once), so a healthy service costs no store round trip per call. Another process's
   * decision to open is seen within this interval. 0 asks the store on every call.
   * @default 1000
   */
  syncIntervalMs?: number;
}

/** Breaker settings with every default applied. */
export type ResolvedBreakerOptions = Required<BreakerOptions> & { settings: BreakerSettings };

/** Applies the defaults and checks each setting, so a typo fails at start-up. */
export function resolveBreakerOptions(options: BreakerOptions = {}): ResolvedBreakerOptions {
  const {
    consecutiveFailures = 5,
    failureRatio = 0.5,
    minimumCalls = 10,
    windowMs = 60_000,
    openMs = 30_000,
    syncIntervalMs = 1_000,
  } = options;
  for (const [name, value] of Object.entries({ consecutiveFailures, minimumCalls })) {
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(`breaker.${name} must be a positive integer; got ${JSON.stringify(value)}.`);
  }
  if (typeof failureRatio !== 'number' || !(failureRatio > 0 && failureRatio <= 1))
    throw new RangeError(
      `breaker.failureRatio must be above 0 and at most 1; got ${JSON.stringify(failureRatio)}.`,
    );
  for (const [name, value] of Object.entries({ windowMs, openMs })) {
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(
        `breaker.${name} must be a positive whole number of milliseconds; got ${JSON.stringify(value)}.`,
      );
  }
  if (!Number.isInteger(syncIntervalMs) || syncIntervalMs < 0)
    throw new RangeError(
      `breaker.syncIntervalMs must be a whole number of milliseconds; got ${JSON.stringify(syncIntervalMs)}.`,
    );
  return {
    consecutiveFailures,
    failureRatio,
    minimumCalls,
    windowMs,
    openMs,
    syncIntervalMs,
    // two windows so the older bucket is still there to weigh, and long enough to outlive open
    settings: {
      consecutiveFailures,
      failureRatio,
      minimumCalls,
      windowMs,
      openMs,
      ttlMs: Math.max(2 * windowMs, openMs) + 60_000,
    },
  };
}
