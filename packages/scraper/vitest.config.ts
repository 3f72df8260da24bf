import { defineConfig } from 'vitest/config';
import { HangWatchdog } from '../test-support/src/hangWatchdog.js';
import { RetryReporter } from '../test-support/src/retryReporter.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Engine, PDF-thread and browser tests use real servers, threads and Chromium on a shared 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A failed test runs once more before it counts (a broken feature fails both times; the retry is reported).
    retry: 1,
    // A file that shows no progress for 10 minutes (a blocked worker no timeout can stop) is reported and ended.
    reporters: ['default', new RetryReporter(), new HangWatchdog()],
  },
});
