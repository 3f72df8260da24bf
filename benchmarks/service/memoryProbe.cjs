// Bench-only preload (lazyPlaywright.mjs): on SIGUSR2, a full GC, then heap/RSS to <tmpdir>/lazy-pw-mem-<pid>.json.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const m = process.memoryUsage();
  const file = path.join(os.tmpdir(), `lazy-pw-mem-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify({ heap: m.heapUsed, rss: m.rss }));
});
