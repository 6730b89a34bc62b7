import type { Outcome } from '../outcome/outcome.js';

/** One piece of internal detail found on its way to the model. Never holds the secret. */
export interface Leak {
  /** Where it was, for example `message`, `hint` or `data.rows[2].note`. */
  field: string;
  /** The rule that matched, for example `connection-string`. */
  rule: string;
}

/** Options for {@link sanitizeOutcome}. */
export interface SanitizeOptions {
  /** Rule names this tool may pass through on purpose; the only way to opt out. */
  allowRules?: readonly string[];
}

/** The sentence that replaces a failure text that leaked internal detail. */
export const LEAK_REPLACEMENT_MESSAGE = 'That check failed for a technical reason. It has been logged.';

/**
 * PLACEHOLDER until the sanitiser lands: returns the outcome untouched.
 * Scans every string the model will read; replaces a leaking failure text whole and redacts
 * only the matched span inside successful data.
 */
export function sanitizeOutcome(
  outcome: Outcome,
  _options: SanitizeOptions = {},
): { outcome: Outcome; leaks: Leak[] } {
  return { outcome, leaks: [] };
}

/** PLACEHOLDER: redacts leaking spans anywhere in a JSON-safe value (used for logged arguments). */
export function sanitizeValue(value: unknown, _options: SanitizeOptions = {}): unknown {
  return value;
}
