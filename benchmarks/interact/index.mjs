// Full run: sandbox overhead of interact code (process start + IPC per page call) vs direct Playwright; a session
// started on the scrape's kept page vs a re-opened URL; Chromium memory per kept page.
import { measure, measureKeep, print, printMemory, startSite } from './measure.mjs';

const site = await startSite();
try {
  const { rows, failures } = await measure({ base: site.base, iterations: 30 });
  print('Interact sandbox cost (30 runs each, one session page)', rows);
  const keep = await measureKeep({ base: site.base, iterations: 20 });
  print('Interact session start (20 runs each)', keep.rows);
  printMemory(keep.memory);
  failures.push(...keep.failures);
  if (failures.length) {
    console.error(failures.join('\n'));
    process.exitCode = 1;
  }
} finally {
  await site.close();
}
