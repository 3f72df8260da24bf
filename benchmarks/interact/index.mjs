// Full run: sandbox overhead of interact code (process start + IPC per page call) vs direct Playwright.
import { measure, print, startSite } from './measure.mjs';

const site = await startSite();
try {
  const { rows, failures } = await measure({ base: site.base, iterations: 30 });
  print('Interact sandbox cost (30 runs each, one session page)', rows);
  if (failures.length) {
    console.error(failures.join('\n'));
    process.exitCode = 1;
  }
} finally {
  await site.close();
}
