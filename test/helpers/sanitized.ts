import { findLeaks } from '../../src/sanitize/find-leaks.js';
import type { LeakSpan } from '../../src/sanitize/leak-rule.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';

/** A value as the model reads it: a string as it is, anything else as JSON. */
export function asRead(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Whether `secret` is still in what the model reads of `input` once it is sanitised. */
export function survives(input: unknown, secret: string): boolean {
  return asRead(sanitizeValue(input)).includes(secret);
}

/** Whether sanitising leaves `input` as the model would read it anyway. */
export function unchanged(input: unknown): boolean {
  return asRead(sanitizeValue(input)) === asRead(input);
}

/** The spans the credential rule finds in `text`, for a test that other rules' spans do not concern. */
export function credentialSpans(text: string): LeakSpan[] {
  return findLeaks(text).filter((span) => span.rule === 'credential');
}
