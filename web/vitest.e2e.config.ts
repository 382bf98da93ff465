import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium against the built site and the built cms (see e2e/stack.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
