// Issue #27 A/B for lazy playwright-core: start-up to /health, heap/RSS after start and after 50 plain scrapes,
// and the first render's latency. Builds in $LAZY_A and $LAZY_B are copied over packages/browser/dist in turn.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'undici';
import { benchPage, serviceScrape, startPageServer, startScrapeServer } from './lib.mjs';

const DIST = new URL('../../packages/browser/dist', import.meta.url).pathname;
const PROBE = new URL('./memoryProbe.cjs', import.meta.url).pathname;
const builds = { A: process.env.LAZY_A, B: process.env.LAZY_B };
const rounds = Number(process.env.LAZY_ROUNDS) || 4;
const mb = (n) => Math.round(n / 1e5) / 10;

async function memory(pid) {
  const file = `${tmpdir()}/lazy-pw-mem-${pid}.json`;
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 500 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 20));
  return JSON.parse(readFileSync(file, 'utf8'));
}

async function once(dist, page) {
  execFileSync('bash', ['-c', `rm -rf "${DIST}" && cp -r "${dist}" "${DIST}"`]);
  const t0 = performance.now();
  const server = await startScrapeServer({ BENCH_NODE_ARGS: `--expose-gc --require ${PROBE}` });
  for (;;) {
    const res = await request(`${server.baseUrl}/health`).catch(() => undefined);
    await res?.body.dump();
    if (res?.statusCode === 200) break;
  }
  const startMs = performance.now() - t0;
  const atStart = await memory(server.pid);
  // LAZY_START_ONLY=1: start-up time and heap only (more rounds in the same time).
  if (process.env.LAZY_START_ONLY === '1') {
    await server.close();
    return { startMs, atStart, after50: atStart, firstRenderMs: 0 };
  }
  for (let i = 0; i < 50; i++) await serviceScrape(server, page.url);
  const after50 = await memory(server.pid);
  const r0 = performance.now();
  await serviceScrape(server, page.url, { waitFor: 1, mobile: true });
  const firstRenderMs = performance.now() - r0;
  await server.close();
  return { startMs, atStart, after50, firstRenderMs };
}

const page = await startPageServer(benchPage());
const rows = { A: [], B: [] };
for (let r = 0; r < rounds; r++)
  for (const k of r % 2 ? ['B', 'A'] : ['A', 'B']) {
    const x = await once(builds[k], page);
    rows[k].push(x);
    console.log(
      k,
      Math.round(x.startMs),
      'ms start',
      mb(x.atStart.heap),
      mb(x.atStart.rss),
      'MB heap/rss at start',
      mb(x.after50.heap),
      mb(x.after50.rss),
      'after 50',
      Math.round(x.firstRenderMs),
      'ms first render',
    );
  }
await page.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const k of ['A', 'B']) {
  const xs = rows[k];
  console.log(
    k,
    'median',
    Math.round(median(xs.map((x) => x.startMs))),
    'ms start;',
    mb(median(xs.map((x) => x.atStart.heap))),
    '/',
    mb(median(xs.map((x) => x.atStart.rss))),
    'MB heap/rss start;',
    mb(median(xs.map((x) => x.after50.heap))),
    '/',
    mb(median(xs.map((x) => x.after50.rss))),
    'after 50;',
    Math.round(median(xs.map((x) => x.firstRenderMs))),
    'ms first render',
  );
}
