import type { LeakRuleName } from './leak-rule-name.js';

/** One piece of internal detail found on its way to the model. Never holds the secret. */
export interface Leak {
  /** Where it was, for example `message`, `hint` or `data.rows[2].note`. */
  field: string;
  /** The rule that matched, for example `connection-string`. */
  rule: LeakRuleName;
}

/** Options for the sanitiser. */
export interface SanitizeOptions {
  /**
   * Rule names this tool may pass through on purpose, for example `['filesystem-path']` for a
   * tool whose job is to return paths. The only way to opt out.
   * @default []
   */
  allowRules?: readonly LeakRuleName[];
}
