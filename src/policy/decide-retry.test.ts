import { describe, expect, it } from 'vitest';
import { decideRetry, type RetryInput } from './decide-retry.js';
import { resolveRetryOptions } from './retry-options.js';

const base: RetryInput = {
  failure: { reason: 'http_503', beforeRequest: false },
  idempotent: true,
  attempts: 1,
  elapsedMs: 0,
  previousDelayMs: 100,
  options: resolveRetryOptions({
    initialDelayMs: 100,
    maxDelayMs: 1_000,
    maxAttempts: 3,
    maxElapsedMs: 10_000,
  }),
  random: () => 0.5,
};

describe('decideRetry', () => {
  it('retries an idempotent tool with backoff until attempts run out', () => {
    expect(decideRetry(base)).toEqual({ retry: true, delayMs: 50 });
    expect(decideRetry({ ...base, attempts: 2 })).toEqual({ retry: true, delayMs: 100 });
    expect(decideRetry({ ...base, attempts: 3 })).toEqual({ retry: false, reason: 'exhausted' });
  });

  it('never retries a tool that is not idempotent after its request may have left', () => {
    expect(decideRetry({ ...base, idempotent: false })).toEqual({ retry: false, reason: 'outcome_unknown' });
    const timeout = { reason: 'timeout', beforeRequest: false };
    expect(decideRetry({ ...base, idempotent: false, failure: timeout })).toEqual({
      retry: false,
      reason: 'outcome_unknown',
    });
  });

  it('retries any tool when the failure came before the request', () => {
    const refused = { reason: 'ECONNREFUSED', beforeRequest: true };
    expect(decideRetry({ ...base, idempotent: false, failure: refused })).toEqual({
      retry: true,
      delayMs: 50,
    });
  });

  it('waits at least what Retry-After asks, above the cap', () => {
    const failure = { reason: 'http_429', beforeRequest: true, retryAfterMs: 3_000 };
    expect(decideRetry({ ...base, failure })).toEqual({ retry: true, delayMs: 3_000 });
  });

  it('gives up rather than wait past the call budget', () => {
    const failure = { reason: 'http_429', beforeRequest: true, retryAfterMs: 9_000 };
    expect(decideRetry({ ...base, failure, elapsedMs: 2_000 })).toEqual({
      retry: false,
      reason: 'exhausted',
    });
    expect(decideRetry({ ...base, failure: { ...failure, retryAfterMs: 86_400_000 } })).toEqual({
      retry: false,
      reason: 'exhausted',
    });
  });
});
