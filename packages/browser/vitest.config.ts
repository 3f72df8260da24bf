import { defineConfig } from 'vitest/config';
import { HangWatchdog } from '../test-support/src/hangWatchdog.js';
import { RetryReporter } from '../test-support/src/retryReporter.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Real Chromium on a shared 2-core machine: a render takes a few hundred ms, a launch about a second.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // One file at a time: each file owns a Chromium.
    fileParallelism: false,
    // Real browsers, processes and timers on a shared 2-core machine: a failed test runs once more before it counts
    // (a broken feature fails both times; the retry is reported in the output).
    retry: 1,
    // A file that shows no progress for 10 minutes (a blocked worker no timeout can stop) is reported and ended.
    reporters: ['default', new RetryReporter(), new HangWatchdog()],
  },
});
