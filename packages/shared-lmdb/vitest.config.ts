import { defineConfig } from 'vitest/config';
import { HangWatchdog } from '../test-support/src/hangWatchdog.js';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // A file that shows no progress for 10 minutes (a blocked worker no timeout can stop) is reported and ended.
    reporters: ['default', new HangWatchdog()],
  },
});
