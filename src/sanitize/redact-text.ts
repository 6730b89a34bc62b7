import { findLeaks, mergeSpans } from './find-leaks.js';
import type { LeakSpan } from './leak-rule.js';
import type { LeakRuleName } from './leak-rule-name.js';
import { REDACTED } from './redacted.js';

export { REDACTED } from './redacted.js';

/** Result of {@link redactText}: the cleaned text and the distinct rules that fired. */
export interface RedactedText {
  text: string;
  /** Rule names, each once, in the order their first span appears. */
  rules: LeakRuleName[];
}

/**
 * Replaces each leaking span of `text` with `[redacted]`, keeping the text between spans.
 * `alsoFound` adds spans that the text alone cannot show, found in its context (the output of a
 * command that printed a secret, the command kept in another field).
 */
export function redactText(
  text: string,
  allowRules: readonly LeakRuleName[] = [],
  alsoFound: readonly LeakSpan[] = [],
): RedactedText {
  const found = findLeaks(text, { allowRules });
  const spans = alsoFound.length === 0 ? found : [...found, ...alsoFound];
  if (spans.length === 0) return { text, rules: [] };
  const rules: LeakRuleName[] = [];
  for (const found of spans) {
    if (!rules.includes(found.rule)) rules.push(found.rule);
  }
  const parts: string[] = [];
  let cursor = 0;
  for (const found of mergeSpans(spans)) {
    parts.push(text.slice(cursor, found.start), REDACTED);
    cursor = found.end;
  }
  parts.push(text.slice(cursor));
  return { text: parts.join(''), rules };
}
