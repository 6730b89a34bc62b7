import type { LeakRule } from './leak-rule.js';
import { connectionStringRule } from './rules/connection-string.js';
import { credentialRule } from './rules/credential.js';
import { environmentDumpRule } from './rules/environment-dump.js';
import { filesystemPathRule } from './rules/filesystem-path.js';
import { internalAddressRule } from './rules/internal-address.js';
import { sqlStatementRule } from './rules/sql-statement.js';
import { stackTraceRule } from './rules/stack-trace.js';

/** Every rule the sanitiser runs, in reporting order. A tool opts out of one by name in `allowRules`. */
export const LEAK_RULES: readonly LeakRule[] = [
  stackTraceRule,
  sqlStatementRule,
  connectionStringRule,
  internalAddressRule,
  filesystemPathRule,
  credentialRule,
  environmentDumpRule,
];

export { LEAK_RULE_NAMES, type LeakRuleName } from './leak-rule-name.js';
