import type { Outcome } from '../outcome/outcome.js';
import type { Leak, SanitizeOptions } from './leak.js';
import type { LeakRuleName } from './leak-rule-name.js';
import { redactText } from './redact-text.js';
import { type RedactedValue, redactValue } from './redact-value.js';
import { closeScan, openScan } from './scan-memory.js';

export type { Leak, SanitizeOptions } from './leak.js';
// the dispatcher imports both entry points from this file
export { sanitizeValue } from './sanitize-value.js';

/** The sentence that replaces a failure's message that leaked internal detail. */
export const LEAK_REPLACEMENT_MESSAGE = 'That check failed for a technical reason. It has been logged.';

/** Replaces the message of a `partial` outcome that leaked internal detail. */
export const LEAK_REPLACEMENT_PARTIAL_MESSAGE =
  'Part of the result could not be retrieved for a technical reason. It has been logged.';

/** Replaces the message of an `empty` outcome that leaked internal detail. */
export const LEAK_REPLACEMENT_EMPTY_MESSAGE = 'Nothing matched the request.';

/** Replaces a `note` that leaked internal detail. */
export const LEAK_REPLACEMENT_NOTE =
  'A remark about this result was withheld because it held internal details.';

/** Replaces a `searched` scope that leaked internal detail. */
export const LEAK_REPLACEMENT_SEARCHED = 'the requested source';

/** Replaces an `error` code that leaked internal detail. */
export const LEAK_REPLACEMENT_ERROR = 'internal_error';

/** Added to (or set as) the note of a successful outcome whose data had values redacted. */
export const REDACTED_DATA_NOTE =
  'Some values in this result were redacted because they held internal details.';

/** Fields the walk below handles by name; anything else on the outcome is redacted span by span. */
const KNOWN_FIELDS = new Set([
  'class',
  'ok',
  'data',
  'note',
  'message',
  'missing',
  'searched',
  'error',
  'hint',
  'suggestion',
  'candidates',
  'retryable',
  'retryAfterMs',
  'offer',
]);

/**
 * Scans every string the model will read and returns a new outcome without internal detail,
 * plus one leak record per field and rule (for the server log; a record never holds the secret).
 *
 * - `message`, `note`, `searched` and `error`: a hit replaces the whole string with a generic one
 *   (a sentence that half-survives redaction would still describe the internals).
 * - `hint`: a hit drops the hint; a generic hint would tell the model nothing.
 * - `data`, `missing`, candidate labels and arguments, `suggestion`, `offer`: only the matching
 *   span becomes `[redacted]`, in strings and object keys at any depth; when `data` changed,
 *   the note says so.
 *
 * @example
 * const { outcome, leaks } = sanitizeOutcome(unavailable({ error: 'db_down', message: String(error) }));
 * // outcome.message === LEAK_REPLACEMENT_MESSAGE; leaks === [{ field: 'message', rule: 'stack-trace' }]
 */
export function sanitizeOutcome(
  outcome: Outcome,
  options: SanitizeOptions = {},
): { outcome: Outcome; leaks: Leak[] } {
  openScan();
  try {
    return sanitizeFields(outcome, options.allowRules ?? []);
  } finally {
    closeScan();
  }
}

function sanitizeFields(
  outcome: Outcome,
  allowRules: readonly LeakRuleName[],
): { outcome: Outcome; leaks: Leak[] } {
  let data: RedactedValue | undefined;
  if (isBareSuccess(outcome)) {
    // the usual success carries nothing but its data: one check of the data (answered at once
    // for a copy the dispatcher checked as it made it), and the same outcome written out afresh
    data = redactValue(outcome.data, 'data', allowRules);
    if (data.leaks.length === 0)
      return { outcome: { ok: true, class: 'ok', data: data.value }, leaks: data.leaks };
  }
  const leaks: Leak[] = [];
  const source = outcome as unknown as Record<string, unknown>;
  const result: Record<string, unknown> = { ...source };

  const wholeString = (field: string, replacement: string | undefined): void => {
    const text = source[field];
    if (typeof text !== 'string') return;
    const { rules } = redactText(text, allowRules);
    if (rules.length === 0) return;
    for (const rule of rules) leaks.push({ field, rule });
    if (replacement === undefined) delete result[field];
    else result[field] = replacement;
  };
  const spans = (field: string): boolean => {
    if (!(field in source)) return false;
    const redacted =
      field === 'data' && data !== undefined ? data : redactValue(source[field], field, allowRules);
    leaks.push(...redacted.leaks);
    result[field] = redacted.value;
    return redacted.leaks.length > 0;
  };

  wholeString('message', messageReplacement(outcome));
  wholeString('note', LEAK_REPLACEMENT_NOTE);
  wholeString('searched', LEAK_REPLACEMENT_SEARCHED);
  wholeString('error', LEAK_REPLACEMENT_ERROR);
  wholeString('hint', undefined);
  for (const field of ['missing', 'suggestion', 'candidates', 'offer']) spans(field);
  for (const field of Object.keys(source)) {
    if (!KNOWN_FIELDS.has(field)) spans(field);
  }
  if (spans('data') && outcome.ok) {
    const note = result['note'];
    result['note'] =
      typeof note === 'string' && note.length > 0 ? `${note} ${REDACTED_DATA_NOTE}` : REDACTED_DATA_NOTE;
  }
  return { outcome: result as unknown as Outcome, leaks };
}

/**
 * Whether an outcome is a plain object whose own keys are `ok`, `class` and `data`, in that
 * order, for `ok: true, class: 'ok'`: the walk below would only check its data and copy it.
 */
function isBareSuccess(outcome: Outcome): outcome is Extract<Outcome, { class: 'ok' }> {
  if (outcome.ok !== true || outcome.class !== 'ok' || Object.getPrototypeOf(outcome) !== Object.prototype)
    return false;
  let index = 0;
  for (const key in outcome) {
    if (key !== BARE_SUCCESS_KEYS[index]) return false;
    index++;
  }
  return index === 3;
}

const BARE_SUCCESS_KEYS = ['ok', 'class', 'data'] as const;

function messageReplacement(outcome: Outcome): string {
  if (outcome.class === 'partial') return LEAK_REPLACEMENT_PARTIAL_MESSAGE;
  if (outcome.class === 'empty') return LEAK_REPLACEMENT_EMPTY_MESSAGE;
  return LEAK_REPLACEMENT_MESSAGE;
}
