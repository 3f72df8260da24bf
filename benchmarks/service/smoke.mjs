// CI smoke for the service benchmark: the same code paths with small samples. Fails when the built server does not
// start, answers differently from the bare pipeline, errors under a short load, does not shut down cleanly, or is
// grossly slower than the Readability + turndown reference server on a few held-out articles (not on noise).
import {
  heldOutArticleIds,
  measureHeldOut,
  printHeldOut,
  startHeldOutPageServer,
  startReferenceServer,
} from './heldOut.mjs';
import {
  benchPage,
  measureLatency,
  measureThroughput,
  printSummary,
  startPageServer,
  startScrapeServer,
} from './lib.mjs';

const ITERATIONS = 20;
const WARMUP = 3;
const DURATION_SEC = 3;
const CONNECTIONS = 4;
/**
 * Every 13th held-out article (20 pages), two unmeasured passes, then six rounds, with a second copy of our server
 * as a same-vs-same control. The figure is the pair ratio (heldOut.mjs, `pairRatios`): each page's median over rounds
 * of our time over the Readability server's time in the same round, weighted by the reference's time. Over six
 * runs of this set-up on a loaded machine it read 0.410-0.517 (standard deviation 0.044) where the sum of per-page
 * medians over three rounds, reported before, read 0.371-0.609 (0.092) on the same requests (docs/decisions.md);
 * control/ours prints the run's own noise.
 */
const HELD_OUT_EVERY = 13;
const HELD_OUT_WARMUP = 2;
const HELD_OUT_ROUNDS = 6;
/** Far above the goal (0.45) and today's figure (~0.8 on these pages): CI is noisy; this catches a collapse only. */
const MAX_HELD_OUT_RATIO = 1.5;

const html = benchPage();
const page = await startPageServer(html);
const server = await startScrapeServer();
const problems = [];
try {
  const ids = heldOutArticleIds();
  if (!ids) console.log('held-out comparison skipped: ../shared/data/wcxb-dev is absent');
  else {
    const chosen = ids.filter((_, i) => i % HELD_OUT_EVERY === 0);
    const pages = await startHeldOutPageServer(chosen);
    const readability = await startReferenceServer('readability');
    const fetchOnly = await startReferenceServer('fetch');
    const control = await startScrapeServer();
    try {
      const heldOut = await measureHeldOut({ ours: server, readability, fetch: fetchOnly }, pages, chosen, {
        rounds: HELD_OUT_ROUNDS,
        warmup: HELD_OUT_WARMUP,
        extra: { control: { server: control, options: {} } },
      });
      printHeldOut(heldOut, pages.bytes);
      if (heldOut.leftOut.some((f) => f.server === 'ours' || f.server === 'control'))
        problems.push(`the service failed held-out pages: ${JSON.stringify(heldOut.leftOut)}`);
      const ratio = heldOut.pairRatio['ours/readability'].ratio;
      printHeadline(heldOut);
      if (ratio > MAX_HELD_OUT_RATIO) {
        problems.push(
          `held-out ratio ${ratio.toFixed(3)} > ${MAX_HELD_OUT_RATIO} of the Readability + turndown server`,
        );
      }
    } finally {
      const controlCode = await control.close();
      await Promise.all([readability.close(), fetchOnly.close(), pages.close()]);
      if (controlCode !== 0) problems.push(`the control scrape-server exited with ${controlCode} on SIGTERM`);
    }
  }
  const latency = await measureLatency(server, page.url, { iterations: ITERATIONS, warmup: WARMUP });
  const throughput = await measureThroughput(server, page.url, { durationSec: DURATION_SEC, connections: CONNECTIONS });
  printSummary({ pageBytes: Buffer.byteLength(html), latency, throughput });
  if (throughput.requests === 0) problems.push('no request completed under load');
  if (throughput.errors + throughput.timeouts + throughput.non2xx > 0) {
    problems.push(
      `under load: ${throughput.errors} errors, ${throughput.timeouts} timeouts, ${throughput.non2xx} non-2xx`,
    );
  }
} catch (err) {
  problems.push(String(err?.stack ?? err));
} finally {
  const code = await server.close();
  await page.close();
  if (code !== 0) problems.push(`scrape-server exited with ${code} on SIGTERM`);
}
/** One line for CI's log: our figure, both copies pooled, and how far two identical servers read apart. */
function printHeadline({ pairRatio }) {
  const r = (pair) => pairRatio[pair].ratio.toFixed(3);
  const interval = (pair) => pairRatio[pair].interval.map((v) => v.toFixed(3)).join('–');
  const rounds = pairRatio['control/ours'].rounds;
  console.log(
    `service held-out (pair ratio): ours/readability ${r('ours/readability')} (${interval('ours/readability')}), ` +
      `ours+control ${r('ours+control/readability')}, control/ours ${r('control/ours')} ` +
      `(pages ${interval('control/ours')}, rounds ${rounds.min.toFixed(3)}–${rounds.max.toFixed(3)}), ` +
      `fetch ${r('fetch/readability')}`,
  );
}

if (problems.length > 0) {
  console.error(`service smoke FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('service smoke: ok');
