import { defineConfig } from 'vitest/config';

/**
 * `npm test`: every test, the integration ones against a real redis-server and Chromium. The
 * ReDoS audit (`*.audit.test.ts`, 40-60 s) has its own script, `npm run test:audit`, which CI runs.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/*.audit.test.ts'],
    setupFiles: ['test/helpers/fast-check-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
