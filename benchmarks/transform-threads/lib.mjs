// Per-call cost of running processHtml on a transform thread (createCpuWorkerPool) instead of in-process: the same
// page, calls alternating between the two, in one run. The thread's extra is a structured copy of the page in and of
// the result out, plus the thread's wake-up (which dominates on a loaded machine).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { processHtml } from '@scrape/core';
import { createCpuWorkerPool } from '../../packages/scraper/dist/cpu/createCpuWorkerPool.js';
import { benchPage } from '../service/lib.mjs';

export async function measureThreadCost({ iterations, warmup }) {
  const html = new TextEncoder().encode(benchPage());
  const input = () => ({ body: new Uint8Array(html), url: 'https://example.test/article', contentType: 'text/html' });
  const pool = createCpuWorkerPool({ workers: 1 });
  try {
    const local = [];
    const threaded = [];
    let same = true;
    for (let i = 0; i < warmup + iterations; i++) {
      let t = performance.now();
      const a = processHtml(input(), {});
      const localMs = performance.now() - t;
      const job = input();
      t = performance.now();
      const b = await pool.run('processHtml', [job, {}], { transfer: [job.body.buffer] });
      const threadMs = performance.now() - t;
      if (i === 0) same = JSON.stringify(a) === JSON.stringify(b);
      if (i >= warmup) {
        local.push(localMs);
        threaded.push(threadMs);
      }
    }
    return {
      pageBytes: html.length,
      iterations,
      same,
      local: stats(local),
      threaded: stats(threaded),
      loadavg: loadavg(),
    };
  } finally {
    await pool.close();
  }
}

function stats(samples) {
  const sorted = [...samples].sort((x, y) => x - y);
  const at = (p) => Number(sorted[Math.floor(p * (sorted.length - 1))].toFixed(2));
  return { p50: at(0.5), p90: at(0.9), mean: Number((samples.reduce((s, x) => s + x, 0) / samples.length).toFixed(2)) };
}

export function printSummary(r) {
  console.log(
    `transform threads: processHtml of a ${(r.pageBytes / 1024).toFixed(1)} KB page, n=${r.iterations}, load ${r.loadavg[0].toFixed(1)}`,
  );
  console.log(`  in-process        p50 ${r.local.p50} ms  p90 ${r.local.p90} ms  mean ${r.local.mean} ms`);
  console.log(`  transform thread  p50 ${r.threaded.p50} ms  p90 ${r.threaded.p90} ms  mean ${r.threaded.mean} ms`);
  console.log(`  thread extra p50 +${(r.threaded.p50 - r.local.p50).toFixed(2)} ms; same result: ${r.same}`);
}
