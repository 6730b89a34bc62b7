/**
 * `toolbound/sanitize`: the leak detector that guards every message, for use on its own, such as
 * on text a tool writes somewhere other than the model. The dispatcher already runs it on every
 * outcome; nothing here is needed to get that protection.
 */

export { type FindLeaksOptions, findLeaks } from './find-leaks.js';
export type { LeakRule, LeakSpan } from './leak-rule.js';
export { LEAK_RULE_NAMES, type LeakRuleName } from './leak-rule-name.js';
export { LEAK_RULES } from './leak-rules.js';
export {
  LEAK_REPLACEMENT_MESSAGE,
  LEAK_REPLACEMENT_NOTE,
  LEAK_REPLACEMENT_SEARCHED,
  type Leak,
  type SanitizeOptions,
  sanitizeOutcome,
  sanitizeValue,
} from './sanitize-outcome.js';
