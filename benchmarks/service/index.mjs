// Full run of the service benchmark, in one run: the held-out comparison (our POST /v2/scrape against a Readability +
// turndown server and a fetch-only server on the frozen WCXB article pages, interleaved, heldOut.mjs), the service
// overhead on one fixture page (vs bare undici GET + processHtml) and throughput with autocannon.
// Writes benchmarks/results/service.json.
// Usage: node benchmarks/service/index.mjs [--rounds N] [--pages N] [--held-out-only] [--control] [--warmup N]
//   [--samples file.json] [--processes K]
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  heldOutArticleIds,
  measureHeldOut,
  mergeHeldOut,
  printHeldOut,
  startHeldOutPageServer,
  startReferenceServer,
  writeSamples,
} from './heldOut.mjs';
import {
  benchPage,
  measureLatency,
  measureThroughput,
  printSummary,
  startPageServer,
  startScrapeServer,
} from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    pages: { type: 'string' },
    'held-out-only': { type: 'boolean', default: false },
    // Unmeasured passes over the pages before the rounds (the first also checks every page on every server).
    warmup: { type: 'string', default: '2' },
    // A second copy of this server as the contender `control`: control/ours is the same-vs-same noise of the run.
    control: { type: 'boolean', default: false },
    // Every timed request to this JSON file (page → server → ms per round), for analysis.
    samples: { type: 'string' },
    // More rows of our service with other request options: --variant 'noStore={"storeInCache":false}'. They share
    // the `ours` process, which then serves more of the requests: a process asked more often answers faster (same
    // build against itself: 1.36 with two variants in its process), so compare variants with each other only.
    variant: { type: 'string', multiple: true, default: [] },
    // Another server of ours with more environment, same options: --variant-server 'inProcess={"SCRAPE_TRANSFORM_THREADS":"0"}'
    // or another build ('before={"BENCH_BIN":"<its dist/bin/scrape-server.js>"}'); read as <name>/ours and, with
    // --control, <name>/control (the same requests; control/ours is the run's same-vs-same noise).
    'variant-server': { type: 'string', multiple: true, default: [] },
    // Sets of server processes, one after another, each with its own warm-up and `rounds` rounds; every page's median
    // reads the rounds of all sets. One process of a build can run ~10% faster or slower than another for its whole
    // life (its garbage collector's sizing, docs/decisions.md); with one set that decides a comparison of two builds.
    processes: { type: 'string', default: '1' },
  },
});
/** Enough samples for a stable p99 on a noisy shared machine, still under a minute. */
const ITERATIONS = 300;
const WARMUP = 30;
/** A fixed, short load: enough to settle the JIT and pools, short enough to share the machine. */
const DURATION_SEC = 10;
const CONNECTIONS = 10;

const server = await startScrapeServer();
const summary = { node: process.version };
let failed = false;
try {
  const ids = heldOutArticleIds();
  if (!ids) console.log('held-out comparison skipped: ../shared/data/wcxb-dev is absent');
  else {
    const chosen = args.pages ? ids.slice(0, Number(args.pages)) : ids;
    const pages = await startHeldOutPageServer(chosen);
    try {
      const runs = [];
      for (let set = 0; set < Number(args.processes); set++) {
        if (Number(args.processes) > 1) console.log(`process set ${set + 1}/${args.processes}`);
        const run = await measureWithFreshServers(chosen, pages, set === 0 ? server : undefined);
        runs.push(run);
        const pairs = Object.entries(run.pairRatio).map(([pair, r]) => `${pair} ${r.ratio.toFixed(3)}`);
        if (Number(args.processes) > 1) console.log(`  set ${set + 1} alone (pair ratio): ${pairs.join(', ')}`);
      }
      const heldOut = runs.length === 1 ? runs[0] : mergeHeldOut(runs.map((r) => r.raw));
      if (args.samples) writeSamples(args.samples, heldOut.raw);
      printHeldOut(heldOut, pages.bytes);
      summary.heldOut = { ...heldOut, raw: undefined, megabytes: Math.round(pages.bytes / 1e5) / 10 };
    } finally {
      await pages.close();
    }
  }
  if (!args['held-out-only']) {
    const html = benchPage();
    const page = await startPageServer(html);
    try {
      const latency = await measureLatency(server, page.url, { iterations: ITERATIONS, warmup: WARMUP });
      const throughput = await measureThroughput(server, page.url, {
        durationSec: DURATION_SEC,
        connections: CONNECTIONS,
      });
      Object.assign(summary, { pageBytes: Buffer.byteLength(html), latency, throughput });
      printSummary(summary);
      if (throughput.errors + throughput.timeouts + throughput.non2xx > 0) {
        console.error('FAIL: the service answered errors under load');
        failed = true;
      }
    } finally {
      await page.close();
    }
  }
  summary.loadavg = loadavg();
  summary.at = new Date().toISOString();
  if (!args.pages && !args['held-out-only']) {
    mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
    writeFileSync(new URL('../results/service.json', import.meta.url), JSON.stringify(summary, null, 2) + '\n');
    console.log('\nwrote benchmarks/results/service.json');
  }
} finally {
  const code = await server.close();
  if (code !== 0) {
    console.error(`FAIL: scrape-server exited with ${code} on SIGTERM`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);

/**
 * One held-out run: the reference servers, the control and variant servers started for it and closed after it; ours
 * is `ours` when given (the first set reuses the server the fixture-page part measures), else started and closed here.
 */
async function measureWithFreshServers(chosen, pages, ours) {
  const own = ours ? [] : [await startScrapeServer()];
  const oursServer = ours ?? own[0];
  const readability = await startReferenceServer('readability');
  const fetchOnly = await startReferenceServer('fetch');
  let extra;
  try {
    const servers = { ours: oursServer, readability, fetch: fetchOnly };
    const split = (v) => [v.slice(0, v.indexOf('=')), JSON.parse(v.slice(v.indexOf('=') + 1))];
    extra = Object.fromEntries(
      args.variant.map(split).map(([name, options]) => [name, { server: oursServer, options }]),
    );
    const serverVariants = args['variant-server'].map(split);
    if (args.control) serverVariants.unshift(['control', {}]);
    for (const [name, env] of serverVariants)
      extra[name] = { server: await startScrapeServer(env), options: {}, own: true };
    return await measureHeldOut(servers, pages, chosen, {
      rounds: Number(args.rounds),
      warmup: Number(args.warmup),
      extra,
      log: console.log,
    });
  } finally {
    await Promise.all([
      readability.close(),
      fetchOnly.close(),
      ...own.map((s) => s.close()),
      ...Object.values(extra ?? {})
        .filter((e) => e.own)
        .map((e) => e.server.close()),
    ]);
  }
}
