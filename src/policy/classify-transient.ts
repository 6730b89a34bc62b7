import { TransientError } from '../outcome/transient-error.js';
import { readField } from '../util/read-field.js';
import { parseRetryAfter, parseRetryAfterMilliseconds } from './parse-retry-after.js';

/** What made a failure transient, and whether it is safe to try again for any tool. */
export interface TransientFailure {
  /** A short code for logs and events: `http_503`, `ECONNRESET`, `timeout`, `transient`. */
  reason: string;
  /**
   * True when the other side is known not to have acted on the request: the connection was
   * never made, or the server said it did not process it. Only then may a tool that is not
   * idempotent be tried again.
   */
  beforeRequest: boolean;
  /** The wait the service asked for, in milliseconds. */
  retryAfterMs?: number;
}

/** Statuses that say "try again later". 408, 425 and 429 also say the request was not processed. */
const TRANSIENT_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
const UNPROCESSED_STATUSES = new Set([408, 425, 429]);

/** Codes from a connection that was never made: nothing reached the other side. */
const BEFORE_REQUEST_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Codes from a connection that broke after the request may have left. */
const IN_FLIGHT_CODES = new Set([
  'ECONNRESET',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EPIPE',
  'ECONNABORTED', // axios also uses it for its own timeout
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

const MAX_NODES = 8;

/**
 * Decides whether a thrown value is a transient failure: a `TransientError`, an error carrying
 * HTTP status 408, 425, 429, 500, 502, 503 or 504 (as fetch wrappers, axios and the OpenAI and
 * Anthropic SDKs throw them), or a network error code, looked for on the error and down its
 * `cause` chain and AggregateError `errors`. Returns undefined for anything else. Never throws.
 */
export function classifyTransient(error: unknown, nowMs: number): TransientFailure | undefined {
  const queue: unknown[] = [error];
  const seen = new Set<unknown>();
  for (let index = 0; index < queue.length && index < MAX_NODES; index++) {
    const node = queue[index];
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const found = safely(() => inspect(node, nowMs));
    if (found === 'permanent') return undefined; // an explicit 404 outranks a cause below it
    if (found !== undefined) return found;
    queue.push(readField(node, 'cause'));
    const errors = readField(node, 'errors');
    if (Array.isArray(errors)) queue.push(...errors.slice(0, MAX_NODES));
  }
  return undefined;
}

function inspect(node: object, nowMs: number): TransientFailure | 'permanent' | undefined {
  if (TransientError.isInstance(node)) {
    const failure: TransientFailure = { reason: 'transient', beforeRequest: node.beforeRequest === true };
    const retryAfterMs = node.retryAfterMs;
    if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs >= 0)
      failure.retryAfterMs = retryAfterMs;
    return failure;
  }
  const response = readField(node, 'response');
  const status = readStatus(node) ?? (isObject(response) ? readStatus(response) : undefined);
  if (status !== undefined) {
    if (!TRANSIENT_STATUSES.has(status)) return 'permanent';
    const failure: TransientFailure = {
      reason: `http_${status}`,
      beforeRequest: UNPROCESSED_STATUSES.has(status),
    };
    const retryAfterMs =
      readRetryAfter(readField(node, 'headers'), nowMs) ??
      (isObject(response) ? readRetryAfter(readField(response, 'headers'), nowMs) : undefined);
    if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
    return failure;
  }
  const code = readField(node, 'code');
  if (typeof code === 'string') {
    if (BEFORE_REQUEST_CODES.has(code)) return { reason: code, beforeRequest: true };
    if (IN_FLIGHT_CODES.has(code)) return { reason: code, beforeRequest: false };
  }
  if (readField(node, 'name') === 'TimeoutError') return { reason: 'timeout', beforeRequest: false };
  return undefined;
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined; // a proxy whose traps throw is not a transient failure we can vouch for
  }
}

function readStatus(node: object): number | undefined {
  for (const key of ['status', 'statusCode']) {
    const value = readField(node, key);
    const status = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value;
    if (typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599)
      return status;
  }
  return undefined;
}

function readRetryAfter(headers: unknown, nowMs: number): number | undefined {
  if (!isObject(headers)) return undefined;
  const milliseconds = parseRetryAfterMilliseconds(readHeader(headers, 'retry-after-ms'));
  return milliseconds ?? parseRetryAfter(readHeader(headers, 'retry-after'), nowMs);
}

/** A fetch `Headers` (has `get`) or a plain object with any casing of the name. */
function readHeader(headers: object, name: string): unknown {
  try {
    const get = (headers as { get?: unknown }).get;
    if (typeof get === 'function') return get.call(headers, name) ?? undefined;
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() !== name) continue;
      const value = (headers as Record<string, unknown>)[key];
      return Array.isArray(value) ? value[0] : value;
    }
  } catch {
    // a hostile headers object reads as absent
  }
  return undefined;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
