import type { StoreEvent } from '../observe/events.js';
import { serializeError } from '../observe/serialize-error.js';

/** Who noticed the store's trouble. */
export type StoreTroubleSource = 'run policy' | 'circuit breaker' | 'redis';

/**
 * The one `store.degraded` event every part of toolbound emits, in one format:
 * `<source>: <what happened>[ (key "<key>")]: <error message, at most 200 characters>`.
 */
export function storeDegradedEvent(report: {
  time: number;
  runId?: string;
  source: StoreTroubleSource;
  what: string;
  error: unknown;
  key?: string;
}): StoreEvent {
  let message: string;
  try {
    message = serializeError(report.error).message.slice(0, 200);
  } catch {
    message = 'unknown error';
  }
  const key = report.key === undefined ? '' : ` (key ${JSON.stringify(report.key)})`;
  return {
    type: 'store.degraded',
    time: report.time,
    runId: report.runId ?? '',
    reason: `${report.source}: ${report.what}${key}: ${message}`,
    ...(report.key === undefined ? {} : { key: report.key }),
  };
}
