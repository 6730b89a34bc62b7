/** How transient failures are retried inside the boundary. Only idempotent tools are retried. */
export interface RetryOptions {
  /**
   * Attempts a call may make in all, the first one included; 1 turns retrying off.
   * @default 3
   */
  maxAttempts?: number;
  /**
   * The base of the exponential backoff: the ceiling of the first wait.
   * @default 200
   */
  initialDelayMs?: number;
  /**
   * The cap on any one computed wait (a Retry-After may ask for more, within the budget).
   * @default 5000
   */
  maxDelayMs?: number;
  /**
   * `full`: wait a random time between 0 and min(cap, base × 2^retry), the AWS "full jitter".
   * `decorrelated`: wait a random time between base and three times the previous wait, capped.
   * @default 'full'
   */
  jitter?: 'full' | 'decorrelated';
  /**
   * The time budget of one call, attempts and waits together. No wait may end past it, so a
   * Retry-After longer than the time left ends the retries instead of being slept.
   * @default 60000
   */
  maxElapsedMs?: number;
}

/** Retry settings with every default applied. */
export type ResolvedRetryOptions = Required<RetryOptions>;

/** Applies the defaults and checks each setting, so a typo fails at start-up. */
export function resolveRetryOptions(options: RetryOptions = {}): ResolvedRetryOptions {
  const {
    maxAttempts = 3,
    initialDelayMs = 200,
    maxDelayMs = 5_000,
    jitter = 'full',
    maxElapsedMs = 60_000,
  } = options;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new RangeError(`retry.maxAttempts must be a positive integer; got ${JSON.stringify(maxAttempts)}.`);
  for (const [name, value] of Object.entries({ initialDelayMs, maxDelayMs, maxElapsedMs })) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw new RangeError(`retry.${name} must be a number of milliseconds; got ${JSON.stringify(value)}.`);
  }
  if (jitter !== 'full' && jitter !== 'decorrelated')
    throw new RangeError(`retry.jitter must be 'full' or 'decorrelated'; got ${JSON.stringify(jitter)}.`);
  return { maxAttempts, initialDelayMs, maxDelayMs, jitter, maxElapsedMs };
}
