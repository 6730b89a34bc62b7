import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from './leak-rules.js';

// the pure-JS backend: no JVM, no native binary, no worker thread; generous timeouts, since a
// loaded CI machine can make recheck give up with 'unknown' on a pattern it finds safe alone
process.env['RECHECK_SYNC_BACKEND'] = 'pure';
const require = createRequire(import.meta.url);
const { checkSync } = require('recheck') as {
  checkSync: (
    source: string,
    flags: string,
    parameters?: Record<string, unknown>,
  ) => { status: string; complexity?: { summary?: string } };
};

describe('LEAK_RULES, audited by recheck', () => {
  describe.each(LEAK_RULES.map((rule) => [rule.name, rule] as const))('%s', (_name, rule) => {
    it.each(rule.patterns.map((pattern) => [pattern.source.slice(0, 60), pattern] as const))(
      'recheck finds %s safe',
      (_source, pattern) => {
        const result = checkSync(pattern.source, pattern.flags.replace('g', ''), { timeout: 60_000 });
        expect({
          source: pattern.source,
          status: result.status,
          complexity: result.complexity?.summary,
        }).toEqual({
          source: pattern.source,
          status: 'safe',
          complexity: result.complexity?.summary,
        });
      },
      180_000,
    );
  });
});
