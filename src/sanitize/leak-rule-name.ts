/** The names of the built-in leak rules, in reporting order. */
export const LEAK_RULE_NAMES = [
  'stack-trace',
  'sql',
  'connection-string',
  'internal-address',
  'filesystem-path',
  'credential',
  'environment-dump',
] as const;

/** The name of a built-in leak rule, as a tool names it in `allowRules`; a typo fails to compile. */
export type LeakRuleName = (typeof LEAK_RULE_NAMES)[number];
