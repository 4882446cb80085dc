import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's import alias (web/vite.config.ts), for its unit tests.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'web/src') } },
  test: {
    include: [
      'common/**/*.test.ts',
      'server/**/*.test.ts',
      'tools/**/*.test.ts',
      'test/**/*.test.ts',
      // Web unit tests; each file that needs a DOM asks for jsdom with a `// @vitest-environment jsdom` comment.
      'web/**/*.test.{ts,tsx}',
    ],
    setupFiles: ['web/src/test-setup.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
