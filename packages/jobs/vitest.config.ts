import { defineConfig } from 'vitest/config';
import { RetryReporter } from '../test-support/src/retryReporter.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
    fileParallelism: false,
    reporters: ['default', new RetryReporter()],
  },
});
