import type { SanitizeOptions } from './leak.js';
import { redactValue } from './redact-value.js';

/**
 * Redacts leaking spans anywhere in a JSON-safe value, keys included; used for the arguments the
 * boundary logs. Returns a new value and never mutates the input.
 *
 * @example
 * sanitizeValue({ dsn: 'postgres://app:hunter2@db.internal:5432/shop' });
 * // { dsn: '[redacted]' }
 */
export function sanitizeValue(value: unknown, options: SanitizeOptions = {}): unknown {
  return redactValue(value, 'value', options.allowRules ?? []).value;
}
