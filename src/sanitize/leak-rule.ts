import type { LeakRuleName } from './leak-rule-name.js';

/** A stretch of text that one rule found, as UTF-16 offsets: `text.slice(start, end)`. */
export interface LeakSpan {
  /** The rule that matched, for example `connection-string`. */
  rule: LeakRuleName;
  start: number;
  end: number;
}

/** What a finder calls for each stretch `[start, end)` of text it finds leaking. */
export type Found = (start: number, end: number) => void;

/**
 * One family of internal detail that must not reach the model, such as stack traces or credentials.
 * A rule finds spans with bounded, linear-time scanning; `patterns` lists every regular expression
 * it uses so that a test can prove each one free of catastrophic backtracking.
 */
export interface LeakRule {
  /** Stable kebab-case name, used in leak records and in a tool's `allowRules`. */
  name: LeakRuleName;
  /** One sentence on what the rule catches. */
  description: string;
  /** Every regular expression the rule runs, for the ReDoS check. */
  patterns: readonly RegExp[];
  /** Returns the spans of `text` that leak, in any order; they may overlap. */
  find(text: string): LeakSpan[];
}
