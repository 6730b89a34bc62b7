import { findLeaks, mergeSpans } from './find-leaks.js';
import type { LeakRuleName } from './leak-rule-name.js';
import { REDACTED } from './redacted.js';

export { REDACTED } from './redacted.js';

/** Result of {@link redactText}: the cleaned text and the distinct rules that fired. */
export interface RedactedText {
  text: string;
  /** Rule names, each once, in the order their first span appears. */
  rules: LeakRuleName[];
}

/** Replaces each leaking span of `text` with `[redacted]`, keeping the text between spans. */
export function redactText(text: string, allowRules: readonly LeakRuleName[] = []): RedactedText {
  const spans = findLeaks(text, { allowRules });
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
