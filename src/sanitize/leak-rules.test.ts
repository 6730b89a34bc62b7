import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from './leak-rules.js';

// every pattern's ReDoS check (recheck, 40-60 s) is in leak-rules.audit.test.ts: npm run test:audit

describe('LEAK_RULES', () => {
  it('have unique kebab-case names and at least one pattern each', () => {
    const names = LEAK_RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of LEAK_RULES) {
      expect(rule.name).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(rule.patterns.length).toBeGreaterThan(0);
    }
  });
});
