import { defineConfig } from 'vitest/config';
import { HangWatchdog } from '../test-support/src/hangWatchdog.js';
import { RetryReporter } from '../test-support/src/retryReporter.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
    fileParallelism: false,
    // A file that shows no progress for 10 minutes (a blocked worker no timeout can stop) is reported and ended.
    reporters: ['default', new RetryReporter(), new HangWatchdog()],
  },
});
