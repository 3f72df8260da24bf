// Crawl throughput: our crawler (markdown output) against Crawlee's CheerioCrawler (no markdown) on the same local
// site in the same run, each in its own process (peak RSS is per crawler), interleaved, medians reported.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSite } from './site.mjs';
import { measureFrontier } from './frontier.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/** Our worker's default concurrency; Crawlee gets the same. */
export const CONCURRENCY = 8;

/** Runs one crawler process (asynchronously: the site is served by this process and must keep answering). */
function run(script, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, script), ...args], {
      env: { ...process.env, CRAWLEE_LOG_LEVEL: 'OFF' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${script} failed (${code}): ${stderr.slice(-2000)}`));
      const line = stdout
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .pop();
      resolve(JSON.parse(line));
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function measureAll({ pages, rounds, frontierUrls, redisUrl }) {
  const site = await startSite(pages);
  const ours = [];
  const crawlee = [];
  try {
    for (let r = 0; r < rounds; r++) {
      ours.push(await run('runOurs.mjs', [site.origin, String(pages)]));
      crawlee.push(await run('runCrawlee.mjs', [site.origin, String(pages), String(CONCURRENCY)]));
    }
  } finally {
    await site.close();
  }
  const failures = [];
  for (const o of ours) if (o.pages !== pages) failures.push(`ours crawled ${o.pages} of ${pages} pages`);
  for (const c of crawlee) if (c.pages !== pages) failures.push(`crawlee crawled ${c.pages} of ${pages} pages`);
  const oursRate = median(ours.map((o) => o.pages / o.seconds));
  const crawleeRate = median(crawlee.map((c) => c.pages / c.seconds));
  const frontier = await measureFrontier(frontierUrls, redisUrl);
  return {
    pages,
    rounds,
    concurrency: CONCURRENCY,
    ours: {
      pagesPerSec: oursRate,
      peakRssMb: median(ours.map((o) => o.peakRssMb)),
      markdownChars: ours[0]?.markdownChars,
    },
    crawlee: { pagesPerSec: crawleeRate, peakRssMb: median(crawlee.map((c) => c.peakRssMb)) },
    ratio: oursRate / crawleeRate,
    frontier,
    failures,
  };
}

export function printResult(result) {
  console.log(`crawl of ${result.pages} pages, concurrency ${result.concurrency}, ${result.rounds} round(s), medians:`);
  console.log(
    `  ours (markdown)          ${result.ours.pagesPerSec.toFixed(1)} pages/s, peak RSS ${result.ours.peakRssMb.toFixed(0)} MB`,
  );
  console.log(
    `  crawlee CheerioCrawler   ${result.crawlee.pagesPerSec.toFixed(1)} pages/s, peak RSS ${result.crawlee.peakRssMb.toFixed(0)} MB`,
  );
  console.log(`  ratio ours/crawlee       ${result.ratio.toFixed(2)}`);
  for (const f of result.frontier) console.log(`  frontier ${JSON.stringify(f)}`);
}
