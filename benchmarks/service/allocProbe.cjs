// Bench-only preload (allocProfile.mjs): SIGUSR2 starts the main thread's sampling heap profiler, counting the objects
// minor and major collections free too (what the collector is made to work through); the next SIGUSR2 stops it and
// writes the profile to <tmpdir>/alloc-<pid>.heapprofile.
const inspector = require('node:inspector');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const session = new inspector.Session();
session.connect();
const fileOf = (ext) => path.join(os.tmpdir(), `alloc-${process.pid}.${ext}`);
let sampling = false;
process.on('SIGUSR2', () => {
  if (!sampling) {
    sampling = true;
    const options = {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    };
    session.post('HeapProfiler.enable', () =>
      session.post('HeapProfiler.startSampling', options, () => fs.writeFileSync(fileOf('started'), '1')),
    );
    return;
  }
  session.post('HeapProfiler.stopSampling', (error, result) => {
    sampling = false;
    fs.writeFileSync(fileOf('heapprofile'), error ? '{}' : JSON.stringify(result.profile));
  });
});
