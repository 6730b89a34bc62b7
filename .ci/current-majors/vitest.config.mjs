import { defineConfig } from 'vitest/config';

// src and test are symlinks to the repository's; preserving them makes every import from the tests
// and from src resolve from this folder's node_modules, so the adapters meet the current majors.
export default defineConfig({
  resolve: { preserveSymlinks: true },
  test: {
    include: [
      'test/adapters/ai-sdk.test.ts',
      'test/adapters/openai-chat.test.ts',
      'test/adapters/openai-responses.test.ts',
      'test/adapters/openai-agents.test.ts',
      'test/adapters/streaming.test.ts',
    ],
    setupFiles: ['test/helpers/fast-check-setup.ts'],
    testTimeout: 30_000,
  },
});
