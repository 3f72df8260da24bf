// Shared by index.mjs (full run) and smoke.mjs (CI): a fixture page server in this process, the real scrape-server
// (packages/http/dist) in a child process, the baseline (bare undici GET + core processHtml) and the service measured
// in the same run, then autocannon for throughput.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { request } from 'undici';
import { processHtml } from '@scrape/core';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** BENCH_SERVER_BIN: another build of the server to measure (default: this checkout's). */
const BIN = process.env.BENCH_SERVER_BIN || join(ROOT, 'packages/http/dist/bin/scrape-server.js');
const PAGE = readFileSync(join(ROOT, 'packages/http/test/fixtures/article.html'), 'utf8');
const API_KEY = 'bench-service-key-0123456789';
/** The article alone is small (~4 KB); its main content repeated gives a ~21 KB page, closer to a typical article. */
const PAGE_REPEAT = 8;
/**
 * The server must come up well within this, or something is wrong with the build (generous: on a shared 2-core
 * machine at load 30 a start took over 20 s). A server that missed it is killed, not left behind.
 */
// BENCH_STARTUP_TIMEOUT_MS: more time to start on a machine loaded far past its cores.
const STARTUP_TIMEOUT_MS = Number(process.env.BENCH_STARTUP_TIMEOUT_MS) || 60_000;

/** The fixture page with its main content repeated: one ~21 KB page with nav, footer, table, images and links. */
export function benchPage() {
  const [head, rest] = PAGE.split('<main>');
  const [main, tail] = rest.split('</main>');
  return `${head}<main>${main.repeat(PAGE_REPEAT)}</main>${tail}`;
}

export async function startPageServer(html) {
  const bytes = Buffer.from(html, 'utf8');
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/articles/tidal-energy`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** Runs the built bin as an operator would, with keys and private URLs allowed (the page is on 127.0.0.1). */
/** `extraEnv.BENCH_BIN` runs another build of the server (e.g. main's, for a before/after in one run). */
/** `extraEnv.BENCH_NODE_ARGS` adds node flags for this server only (e.g. V8 heap flags, for an A/B in one run). */
export async function startScrapeServer({ BENCH_BIN: bin = BIN, BENCH_NODE_ARGS: ownArgs = '', ...extraEnv } = {}) {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run pnpm --filter @scrape/http... build first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-service-'));
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = [process.env.BENCH_SERVER_NODE_ARGS ?? '', ownArgs].join(' ').split(' ').filter(Boolean);
  // BENCH_GC_LOG=<dir>: V8's --trace-gc lines of the server (stdout lines that are not JSON logs) go to <dir>/<pid>.log.
  const gcDir = process.env.BENCH_GC_LOG;
  if (gcDir) nodeArgs.push('--trace-gc');
  const child = spawn(process.execPath, [...nodeArgs, bin], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      SCRAPE_API_KEYS: API_KEY,
      SCRAPE_ALLOW_PRIVATE_URLS: '1',
      SCRAPE_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...(process.env.SCRAPE_TRANSFORM_THREADS
        ? { SCRAPE_TRANSFORM_THREADS: process.env.SCRAPE_TRANSFORM_THREADS }
        : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
    // BENCH_SERVER_STDERR=1 shows the server's stderr (diagnostics while profiling).
    if (process.env.BENCH_SERVER_STDERR === '1') process.stderr.write(c);
  });
  const port = await new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`scrape-server did not start in ${STARTUP_TIMEOUT_MS} ms: ${stderr}`));
    }, STARTUP_TIMEOUT_MS);
    child.on('exit', (code) => reject(new Error(`scrape-server exited with ${code}: ${stderr}`)));
    let gcBuf = '';
    if (gcDir) appendFileSync(join(gcDir, `${child.pid}.log`), `# ${bin} ${nodeArgs.join(' ')}\n`);
    if (gcDir)
      child.stdout.on('data', (chunk) => {
        gcBuf += chunk;
        const cut = gcBuf.lastIndexOf('\n');
        if (cut === -1) return;
        const lines = gcBuf
          .slice(0, cut)
          .split('\n')
          .filter((l) => l.startsWith('[') && !l.startsWith('[{'));
        gcBuf = gcBuf.slice(cut + 1);
        if (lines.length) appendFileSync(join(gcDir, `${child.pid}.log`), lines.join('\n') + '\n');
      });
    child.stdout.on('data', (chunk) => {
      buf += chunk;
      // Keep draining stdout (one log line per scrape) but only parse until the listening line is seen.
      let nl;
      while ((nl = buf.indexOf('\n')) !== -1) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (!line.includes('scrape-server listening')) continue;
        clearTimeout(timer);
        resolve(JSON.parse(line).addresses[0].port);
      }
      if (buf.length > 1e6) buf = '';
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: API_KEY,
    pid: child.pid,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** The baseline: what a caller would do without the service (fetch with undici, run the same core pipeline). */
export async function bareScrape(url) {
  const res = await request(url);
  const body = new Uint8Array(await res.body.arrayBuffer());
  const out = processHtml(
    { body, url, contentType: String(res.headers['content-type'] ?? '') },
    { onlyMainContent: true },
  );
  return out.markdown;
}

export function scrapeBody(url, extra = {}) {
  // maxAge 0: every request fetches the page, as the baseline does (no cache hit can flatter the service).
  return JSON.stringify({ url, formats: ['markdown'], maxAge: 0, ...extra });
}

export async function serviceScrape(server, url, extra = {}) {
  const res = await request(`${server.baseUrl}/v2/scrape`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
    body: scrapeBody(url, extra),
  });
  const json = await res.body.json();
  if (res.statusCode !== 200 || !json.success)
    throw new Error(`service answered ${res.statusCode}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data.markdown;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { n: s.length, p50: percentile(s, 50), p90: percentile(s, 90), p99: percentile(s, 99), mean };
}

/**
 * Sequential latency of three paths, in a rotating order each iteration so drift on a shared machine hits all alike:
 * the bare baseline, the service as users call it (the fetched page is written to the cache), and the service with
 * storeInCache:false (HTTP + validation + the same pipeline, no cache write) to tell the two costs apart.
 */
export async function measureLatency(server, url, { iterations, warmup }) {
  const samples = { bare: [], service: [], serviceNoStore: [] };
  const run = {
    bare: () => bareScrape(url),
    service: () => serviceScrape(server, url),
    serviceNoStore: () => serviceScrape(server, url, { storeInCache: false }),
  };
  const names = Object.keys(run);
  let checked = false;
  for (let i = 0; i < warmup + iterations; i++) {
    const order = names.map((_, k) => names[(i + k) % names.length]);
    for (const which of order) {
      const t0 = performance.now();
      const markdown = await run[which]();
      const ms = performance.now() - t0;
      if (!checked && which === 'service') {
        // Same page, same pipeline: the service must produce what the baseline does.
        const reference = await bareScrape(url);
        if (markdown !== reference) throw new Error('service markdown differs from bare processHtml markdown');
        if (!markdown.includes('Marine growth on the blades')) throw new Error('markdown lacks the article text');
        checked = true;
      }
      if (i >= warmup) samples[which].push(ms);
    }
  }
  const b = stats(samples.bare);
  const s = stats(samples.service);
  const n = stats(samples.serviceNoStore);
  return {
    bare: b,
    service: s,
    serviceNoStore: n,
    overheadP50Ms: s.p50 - b.p50,
    overheadMeanMs: s.mean - b.mean,
    overheadNoStoreP50Ms: n.p50 - b.p50,
    overheadNoStoreMeanMs: n.mean - b.mean,
  };
}

export async function measureThroughput(server, url, { durationSec, connections }) {
  const result = await autocannon({
    url: `${server.baseUrl}/v2/scrape`,
    method: 'POST',
    headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
    body: scrapeBody(url),
    connections,
    duration: durationSec,
  });
  return {
    connections,
    durationSec,
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printSummary({ pageBytes, latency, throughput }) {
  const f = (n) => n.toFixed(2);
  const signed = (n) => (n >= 0 ? '+' : '') + n.toFixed(2);
  console.log(
    `\nservice benchmark: one ${(pageBytes / 1024).toFixed(1)} KB article page on 127.0.0.1, formats [markdown], maxAge 0`,
  );
  // Shared machines skew absolute figures; the load average says how much to trust them (the overhead is relative).
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('\nlatency (sequential, ms)          n      p50      p90      p99     mean');
  const row = (label, st) =>
    console.log(
      `  ${label.padEnd(30)}${String(st.n).padStart(4)} ${f(st.p50).padStart(8)} ${f(st.p90).padStart(8)} ${f(st.p99).padStart(8)} ${f(st.mean).padStart(8)}`,
    );
  row('bare undici GET + processHtml', latency.bare);
  row('POST /v2/scrape (service)', latency.service);
  row('  same, storeInCache:false', latency.serviceNoStore);
  console.log(`  service overhead: p50 ${signed(latency.overheadP50Ms)} ms, mean ${signed(latency.overheadMeanMs)} ms`);
  console.log(
    `  without the cache write: p50 ${signed(latency.overheadNoStoreP50Ms)} ms, mean ${signed(latency.overheadNoStoreMeanMs)} ms`,
  );
  const t = throughput;
  console.log(`\nthroughput (autocannon, ${t.connections} connections, ${t.durationSec} s)`);
  console.log(
    `  ${t.reqPerSec.toFixed(1)} req/s, ${t.requests} requests, latency p50 ${t.p50Ms} ms, p99 ${t.p99Ms} ms, errors ${t.errors}, timeouts ${t.timeouts}, non-2xx ${t.non2xx}`,
  );
}
