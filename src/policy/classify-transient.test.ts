import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transient } from '../outcome/transient-error.js';
import { classifyTransient } from './classify-transient.js';

const now = Date.parse('2026-03-01T12:00:00Z');
const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('classifyTransient', () => {
  it('reads a TransientError with its Retry-After and before-request flag', () => {
    expect(classifyTransient(transient('busy', { retryAfterMs: 2_000 }), now)).toEqual({
      reason: 'transient',
      beforeRequest: false,
      retryAfterMs: 2_000,
    });
    expect(classifyTransient(transient('no socket', { beforeRequest: true }), now)?.beforeRequest).toBe(true);
  });

  it('reads transient HTTP statuses wherever the common clients put them', () => {
    expect(classifyTransient(Object.assign(new Error('x'), { status: 503 }), now)).toEqual({
      reason: 'http_503',
      beforeRequest: false,
    });
    expect(classifyTransient(Object.assign(new Error('x'), { statusCode: 502 }), now)?.reason).toBe(
      'http_502',
    );
    // axios: error.response.status and plain headers
    const axios = Object.assign(new Error('x'), {
      response: { status: 429, headers: { 'retry-after': '7' } },
    });
    expect(classifyTransient(axios, now)).toEqual({
      reason: 'http_429',
      beforeRequest: true,
      retryAfterMs: 7_000,
    });
    // openai / anthropic SDKs: error.status and a fetch Headers object
    const sdk = Object.assign(new Error('x'), {
      status: 503,
      headers: new Headers({ 'Retry-After': 'Sun, 01 Mar 2026 12:00:10 GMT' }),
    });
    expect(classifyTransient(sdk, now)?.retryAfterMs).toBe(10_000);
    const milliseconds = Object.assign(new Error('x'), {
      status: 429,
      headers: new Headers({ 'retry-after-ms': '150' }),
    });
    expect(classifyTransient(milliseconds, now)?.retryAfterMs).toBe(150);
  });

  it('treats 408, 425 and 429 as unprocessed and 5xx as possibly acted on', () => {
    for (const status of [408, 425, 429])
      expect(classifyTransient({ status }, now)?.beforeRequest).toBe(true);
    for (const status of [500, 502, 503, 504])
      expect(classifyTransient({ status }, now)?.beforeRequest).toBe(false);
  });

  it('does not treat other statuses as transient, whatever their cause', () => {
    for (const status of [200, 400, 401, 403, 404, 409, 422, 501])
      expect(classifyTransient({ status, cause: withCode('ECONNRESET') }, now)).toBeUndefined();
  });

  it('reads network codes on the error and down its cause chain', () => {
    expect(classifyTransient(withCode('ECONNREFUSED'), now)).toEqual({
      reason: 'ECONNREFUSED',
      beforeRequest: true,
    });
    expect(classifyTransient(withCode('ECONNRESET'), now)).toEqual({
      reason: 'ECONNRESET',
      beforeRequest: false,
    });
    // undici's fetch: TypeError('fetch failed') with the socket error as cause
    const fetchFailed = new TypeError('fetch failed', { cause: withCode('UND_ERR_CONNECT_TIMEOUT') });
    expect(classifyTransient(fetchFailed, now)).toEqual({
      reason: 'UND_ERR_CONNECT_TIMEOUT',
      beforeRequest: true,
    });
    const nested = new Error('a', { cause: new Error('b', { cause: withCode('EAI_AGAIN') }) });
    expect(classifyTransient(nested, now)?.reason).toBe('EAI_AGAIN');
    const aggregate = new TypeError('fetch failed', {
      cause: new AggregateError([withCode('ECONNREFUSED')]),
    });
    expect(classifyTransient(aggregate, now)?.reason).toBe('ECONNREFUSED');
    expect(classifyTransient(new DOMException('slow', 'TimeoutError'), now)?.reason).toBe('timeout');
  });

  it('leaves ordinary errors alone', () => {
    for (const value of [new TypeError('x is undefined'), withCode('ENOENT'), 'string', null, 42, {}])
      expect(classifyTransient(value, now)).toBeUndefined();
  });

  it('survives cycles and hostile objects', () => {
    const cyclic: { cause?: unknown } = {};
    cyclic.cause = cyclic;
    expect(classifyTransient(cyclic, now)).toBeUndefined();
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(classifyTransient(hostile, now)).toBeUndefined();
    fc.assert(fc.property(fc.anything(), (value) => void classifyTransient(value, now)));
  });
});
