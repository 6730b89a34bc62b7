import { defineConfig } from 'vitest/config';

/** `npm run test:unit`: the tests beside the code, which need no redis-server, Chromium or build. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/*.audit.test.ts'],
    setupFiles: ['test/helpers/fast-check-setup.ts'],
    testTimeout: 30_000,
  },
});
