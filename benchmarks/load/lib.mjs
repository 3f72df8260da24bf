// Shared by index.mjs (full run) and smoke.mjs (CI). In one run: the bare pipeline (createScraper in this process,
// no HTTP, no cache) and the real scrape-server bin under autocannon at saturation, with and without accounts
// (credits + rate + concurrency on the embedded store, and on Redis), against a fixture page on 127.0.0.1.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_BIN = join(ROOT, 'packages/http/dist/bin/scrape-server.js');
const ADMIN_BIN = join(ROOT, 'packages/http/dist/bin/scrape-admin.js');
const SCRAPER = join(ROOT, 'packages/scraper/dist/index.js');
const PAGE = readFileSync(join(ROOT, 'packages/http/test/fixtures/article.html'), 'utf8');
const LEGACY_KEY = 'bench-load-key-0123456789';
/** Never the limits under test here: the accounts path is measured, not its refusals. */
const HUGE = '1000000000';
/** Fresh fetch and transform every time (no cache): the same work the bare pipeline does. */
const BODY_EXTRA = { maxAge: 0, storeInCache: false };
const STARTUP_TIMEOUT_MS = 20_000;

export async function startPageServer() {
  const bytes = Buffer.from(PAGE, 'utf8');
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/articles/tidal-energy`,
    bytes: bytes.length,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/** The bare pipeline: `connections` loops calling scraper.scrape in this process for `durationSec`. */
export async function measureBare(url, { durationSec, connections }) {
  const { createScraper } = await import(SCRAPER);
  const scraper = createScraper({ allowPrivateUrls: true, cache: false });
  const latencies = [];
  let errors = 0;
  const rssStart = process.memoryUsage().rss;
  let peakRss = rssStart;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const end = performance.now() + durationSec * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        await scraper.scrape({ url, ...BODY_EXTRA });
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await scraper.close();
  latencies.sort((a, b) => a - b);
  return {
    name: 'bare pipeline (in process)',
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    fivexx: 0,
    non2xx: 0,
    peakRssMb: peakRss / 1048576,
  };
}

async function adminRun(env, ...args) {
  const { stdout } = await promisify(execFile)(process.execPath, [ADMIN_BIN, ...args, '--json'], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return JSON.parse(stdout);
}

/**
 * The scrape-server bin in a child process. mode: 'legacy' (SCRAPE_API_KEYS, no limits), 'embedded' (an account
 * with credits and limits in LMDB), 'redis' (the same account in Redis at redisUrl).
 */
export async function startServer(mode, { redisUrl } = {}) {
  for (const bin of [SERVER_BIN, ADMIN_BIN])
    if (!existsSync(bin)) throw new Error(`${bin} is missing: run pnpm --filter @scrape/http... build first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const prefix = `bench:load:${process.pid}:${Date.now()}:`;
  const storeEnv =
    mode === 'redis' ? { REDIS_URL: redisUrl, SCRAPE_ACCOUNTS_KEY_PREFIX: prefix } : { SCRAPE_DATA_DIR: dataDir };
  let key = LEGACY_KEY;
  const env = {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    PORT: '0',
    SCRAPE_ALLOW_PRIVATE_URLS: '1',
    SCRAPE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...storeEnv,
  };
  if (mode === 'legacy') env.SCRAPE_API_KEYS = LEGACY_KEY;
  else
    ({ key } = await adminRun(
      storeEnv,
      'keys',
      'create',
      '--account',
      'bench',
      '--credits',
      HUGE,
      '--rate',
      HUGE,
      '--concurrency',
      '64',
      '--queue',
      '1000',
    ));
  const child = spawn(process.execPath, [SERVER_BIN], {
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(
      () => reject(new Error(`scrape-server (${mode}) did not start: ${stderr}`)),
      STARTUP_TIMEOUT_MS,
    );
    child.stdout.on('data', (chunk) => {
      buf += chunk;
      for (const line of buf.split('\n')) {
        if (!line.includes('scrape-server listening')) continue;
        clearTimeout(timer);
        resolve(JSON.parse(line).addresses[0].port);
      }
      buf = buf.slice(buf.lastIndexOf('\n') + 1);
    });
    child.on('exit', (code) => reject(new Error(`scrape-server (${mode}) exited ${code}: ${stderr}`)));
  });
  child.stdout.resume();
  let peakKb = 0;
  const sampler = setInterval(() => {
    try {
      peakKb = Math.max(
        peakKb,
        Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0),
      );
    } catch {
      // exited
    }
  }, 100);
  return {
    mode,
    baseUrl: `http://127.0.0.1:${port}`,
    key,
    peakRssMb: () => peakKb / 1024,
    async close() {
      clearInterval(sampler);
      child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      if (mode === 'redis') {
        const { stdout } = await promisify(execFile)('redis-cli', [
          '-u',
          redisUrl,
          '--scan',
          '--pattern',
          `${prefix}*`,
        ]);
        const keys = stdout.split('\n').filter(Boolean);
        if (keys.length) await promisify(execFile)('redis-cli', ['-u', redisUrl, 'del', ...keys]);
      }
      return code;
    },
  };
}

/** autocannon at saturation for a fixed time; statuses counted exactly. */
export async function measureService(server, url, { durationSec, connections }) {
  const result = await autocannon({
    url: `${server.baseUrl}/v2/scrape`,
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url, ...BODY_EXTRA }),
    connections,
    duration: durationSec,
  });
  return {
    name: `scrape-server (${server.mode})`,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    fivexx: result['5xx'],
    non2xx: result.non2xx,
    peakRssMb: server.peakRssMb(),
  };
}

export function printTable(rows, bare) {
  const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
  console.log('\n| run | requests | req/s | vs bare | p50 ms | p99 ms | errors | non-2xx | 5xx | peak RSS MB |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.requests} | ${fmt(r.rps)} | ${fmt((r.rps / bare.rps) * 100, 0)}% | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors} | ${r.non2xx} | ${r.fivexx} | ${fmt(r.peakRssMb, 0)} |`,
    );
  }
}

/** Problems that make the run a failure: any 5xx or transport error, or nothing served. */
export function problemsOf(rows) {
  const problems = [];
  for (const r of rows) {
    if (r.requests === 0) problems.push(`${r.name}: no request completed`);
    if (r.fivexx > 0) problems.push(`${r.name}: ${r.fivexx} 5xx responses`);
    if (r.errors > 0) problems.push(`${r.name}: ${r.errors} errors/timeouts`);
    if (r.non2xx > 0) problems.push(`${r.name}: ${r.non2xx} non-2xx responses`);
  }
  return problems;
}
