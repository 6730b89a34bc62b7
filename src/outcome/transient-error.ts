const marker = Symbol.for('toolbound.TransientError');

/**
 * A failure that may pass if the same call is tried again (a timeout, a 503, a rate limit).
 * Only tools declared idempotent are retried; `beforeRequest` marks a failure known to have
 * happened before the request left, which is safe to retry for any tool.
 */
export class TransientError extends Error {
  /** Milliseconds the service asked us to wait, from a Retry-After header or similar. */
  readonly retryAfterMs: number | undefined;
  /** True when the request never reached the other side (for example ECONNREFUSED). */
  readonly beforeRequest: boolean;
  readonly [marker] = true;

  constructor(
    message: string,
    options: { cause?: unknown; retryAfterMs?: number; beforeRequest?: boolean } = {},
  ) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.name = 'TransientError';
    this.retryAfterMs = options.retryAfterMs;
    this.beforeRequest = options.beforeRequest ?? false;
  }

  /** True for a TransientError from any installed copy of toolbound. */
  static isInstance(value: unknown): value is TransientError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }
}

/**
 * Builds a TransientError to throw from a tool.
 * @example throw transient('billing API returned 503', { retryAfterMs: 2000 })
 */
export function transient(
  message: string,
  options: { cause?: unknown; retryAfterMs?: number; beforeRequest?: boolean } = {},
): TransientError {
  return new TransientError(message, options);
}
