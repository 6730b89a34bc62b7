import { defineConfig } from 'vitest/config';

/** `npm run test:audit`: slow audits, such as every leak pattern through the recheck ReDoS checker. */
export default defineConfig({
  test: {
    include: ['src/**/*.audit.test.ts', 'test/**/*.audit.test.ts'],
    testTimeout: 120_000,
  },
});
