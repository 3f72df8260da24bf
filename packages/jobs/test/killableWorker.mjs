// A worker process for the takeover tests: it runs items of kind `slow` with a handler that announces the item on
// stdout and then never finishes, so the test can SIGKILL it while it holds leases.
import { createJobStore } from '../dist/index.js';

const [redisUrl, keyPrefix, dataDir, leaseMs] = process.argv.slice(2);
const store = await createJobStore({
  redisUrl: redisUrl || undefined,
  redisKeyPrefix: keyPrefix,
  dataDir,
  leaseMs: Number(leaseMs),
});
store.startWorker({
  concurrency: 2,
  handlers: {
    slow: async (item) => {
      process.stdout.write(`took ${item.key}\n`);
      await new Promise(() => {});
      return {};
    },
  },
});
process.stdout.write('ready\n');
