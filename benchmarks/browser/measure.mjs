// Shared by index.mjs (full run) and smoke.mjs (CI): fixture site on 127.0.0.1, @scrape/browser's pool against a
// bare Playwright goto + content() on the same Chromium, throughput at pool size 4, and peak memory.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const browserPkg = new URL('../../packages/browser/', import.meta.url);
const { createBrowserPool } = await import(new URL('dist/index.js', browserPkg));
// The pool's launch defaults are not part of the browser package's public face: read them from their module.
const { DEFAULT_LAUNCH_ARGS, DEFAULT_EXECUTABLE } = await import(new URL('dist/startChromium.js', browserPkg));
export { DEFAULT_LAUNCH_ARGS };
// playwright-core is the browser package's dependency; resolve it from there rather than adding it here.
const playwright = await import(
  pathToFileURL(createRequire(new URL('package.json', browserPkg)).resolve('playwright-core')).href
);
const { chromium } = playwright.default ?? playwright;

/** A news-article-shaped page: ~25 KB of text, a stylesheet, a script, a few images. */
function articlePage() {
  const paragraphs = Array.from(
    { length: 60 },
    (_, i) =>
      `<p>Paragraph ${i} of the benchmark article. ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6)}</p>`,
  ).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Benchmark article</title>
<link rel="stylesheet" href="/style.css"><script src="/app.js" defer></script></head>
<body><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<main><article><h1>Benchmark article</h1>${paragraphs}
<img src="/img/1.svg" alt="one"><img src="/img/2.svg" alt="two"><img src="/img/3.svg" alt="three"></article></main>
<footer>© bench</footer></body></html>`;
}

/** A client-rendered page: the article arrives by fetch after the script runs. */
const SPA = `<!doctype html><html><head><meta charset="utf-8"><title>SPA</title></head><body><div id="root"></div>
<script>fetch('/api/article').then(r => r.json()).then(a => { document.getElementById('root').innerHTML = '<h1>' + a.title + '</h1>' + a.body; });</script></body></html>`;

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120"><rect width="200" height="120" fill="#c33"/></svg>';

export async function startSite() {
  const article = articlePage();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (type, body, delay = 0) =>
      setTimeout(() => {
        res.setHeader('content-type', type);
        res.end(body);
      }, delay);
    if (path === '/article') return send('text/html; charset=utf-8', article);
    if (path === '/spa') return send('text/html; charset=utf-8', SPA);
    if (path === '/api/article')
      return send(
        'application/json',
        JSON.stringify({ title: 'Client rendered', body: '<p>Arrived by fetch.</p>' }),
        20,
      );
    if (path === '/style.css')
      return send('text/css', 'body{font-family:sans-serif;max-width:60em;margin:auto} img{display:block}');
    if (path === '/app.js') return send('text/javascript', 'document.documentElement.dataset.js = "1";');
    if (path.startsWith('/img/')) return send('image/svg+xml', SVG);
    res.statusCode = 404;
    res.end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    base,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(resolve);
      }),
  };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
export const summary = (values) => ({ median: quantile(values, 0.5), p95: quantile(values, 0.95), n: values.length });

/**
 * Peak memory of this Node process and of the Chromium tree, sampled by a worker thread: reading /proc (smaps_rollup
 * walks page tables) on the main thread would stall the event loop that drives Playwright and skew the timings.
 */
export function startMemorySampler(pool, everyMs = 250) {
  const worker = new Worker(new URL('./memorySampler.mjs', import.meta.url), {
    workerData: { rootPid: pool.stats().pid, nodePid: process.pid, everyMs },
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (peak) => {
          void worker.terminate();
          resolve(peak);
        });
        worker.postMessage('stop');
      }),
  };
}

/**
 * Latency: pool.render (default options: blockAds on, an allowRequest hook, smart wait) against a bare
 * newContext → newPage → goto(load) → content() → close on its own Chromium, interleaved so noise hits both.
 */
export async function measureLatency({ base, path = '/article', iterations, expect }) {
  const url = base + path;
  const pool = createBrowserPool({ maxConcurrency: 1, idleTimeoutMs: 0 });
  const bare = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? DEFAULT_EXECUTABLE,
    args: [...DEFAULT_LAUNCH_ARGS],
  });
  const bareOnce = async () => {
    const context = await bare.newContext();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const html = await page.content();
    await context.close();
    return html;
  };
  const variants = {
    bare: bareOnce,
    render: () => pool.render({ url, timeout: 30_000, allowRequest: () => true }),
    'render (no blockAds, no hook)': () => pool.render({ url, timeout: 30_000, blockAds: false }),
  };
  const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  // Per-phase render timings (setup, navigation, settle, capture…), to show where the overhead goes.
  const phases = {};
  const failures = [];
  const WARMUP = 2;
  for (let i = 0; i < iterations + WARMUP; i++) {
    for (const [name, run] of Object.entries(variants)) {
      const started = performance.now();
      const out = await run();
      const ms = performance.now() - started;
      const html = typeof out === 'string' ? out : out.html;
      if (!html.includes(expect)) failures.push(`${name} on ${path}: expected content missing`);
      if (i >= WARMUP) {
        times[name].push(ms);
        if (typeof out !== 'string') {
          phases[name] ??= {};
          for (const [phase, value] of Object.entries(out.timings)) (phases[name][phase] ??= []).push(value);
        }
      }
    }
  }
  await pool.close();
  await bare.close();
  return { times, phases, failures };
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU seconds used so far by the process tree under `rootPid` (Chromium: browser, renderers, GPU and network
 * services), processes that already exited included (each render's renderer ends with its context). A ratio of CPU
 * time holds up on a loaded machine where wall time does not.
 */
export function treeCpuSeconds(rootPid) {
  const parent = new Map();
  const cpu = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
      // utime + stime, plus cutime + cstime: the CPU of children that exited and were waited for (a renderer
      // ends with its context; without these its whole CPU would vanish from the sum once it has exited).
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      cpu.set(Number(entry), ticks / USER_HZ);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  let total = 0;
  for (const [pid, seconds] of cpu) {
    let up = pid;
    while (up && up !== rootPid && up !== 1) up = parent.get(up);
    if (up === rootPid) total += seconds;
  }
  return total;
}

/**
 * Throughput: `total` renders submitted at once to a pool of `size` (timeout at the spec's maximum, since queueing is
 * the point), with peak memory sampled meanwhile; then the same count through bare Playwright with `size` workers on
 * its own Chromium, the baseline for what this machine can do at that concurrency.
 */
export async function measureThroughput({
  base,
  size,
  total,
  path = '/article',
  expect,
  bare: withBare = true,
  poolOptions = {},
}) {
  const pool = createBrowserPool({ maxConcurrency: size, idleTimeoutMs: 0, ...poolOptions });
  await pool.render({ url: base + path, timeout: 120_000 }); // launch outside the measurement (slow on a loaded box)
  const sampler = startMemorySampler(pool);
  const cpuBefore = treeCpuSeconds(pool.stats().pid);
  let started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: total }, () => pool.render({ url: base + path, timeout: 300_000, allowRequest: () => true })),
  );
  const seconds = (performance.now() - started) / 1000;
  const chromiumCpuPerRender = (treeCpuSeconds(pool.stats().pid) - cpuBefore) / total;
  const peak = await sampler.stop();
  await pool.close();
  const failures = results.flatMap((r, i) =>
    r.status === 'rejected'
      ? [`render ${i}: ${r.reason?.message ?? r.reason}`]
      : r.value.html.includes(expect)
        ? []
        : [`render ${i}: expected content missing`],
  );

  const perSecond = total / seconds;
  if (!withBare) return { size, total, seconds, perSecond, chromiumCpuPerRender, barePerSecond: NaN, peak, failures };
  const bare = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? DEFAULT_EXECUTABLE,
    args: [...DEFAULT_LAUNCH_ARGS],
  });
  let next = 0;
  started = performance.now();
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next++ < total) {
        const context = await bare.newContext();
        const page = await context.newPage();
        await page.goto(base + path, { waitUntil: 'load' });
        await page.content();
        await context.close();
      }
    }),
  );
  const bareSeconds = (performance.now() - started) / 1000;
  await bare.close();
  return { size, total, seconds, perSecond, chromiumCpuPerRender, barePerSecond: total / bareSeconds, peak, failures };
}

export function printLatency(title, { times, phases = {} }) {
  const base = summary(times.bare);
  console.log(`\n${title}`);
  console.log('| variant | median ms | p95 ms | × bare (median) | n |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, values] of Object.entries(times)) {
    const s = summary(values);
    console.log(
      `| ${name} | ${s.median.toFixed(0)} | ${s.p95.toFixed(0)} | ${(s.median / base.median).toFixed(2)} | ${s.n} |`,
    );
  }
  const names = Object.keys(phases);
  if (names.length === 0) return;
  const keys = Object.keys(phases[names[0]]).filter((k) => names.some((n) => summary(phases[n][k]).median > 0));
  console.log(`\nRender timings, median ms per phase`);
  console.log(`| variant | ${keys.join(' | ')} |`);
  console.log(`|---|${keys.map(() => '---:').join('|')}|`);
  for (const name of names)
    console.log(`| ${name} | ${keys.map((k) => summary(phases[name][k]).median.toFixed(0)).join(' | ')} |`);
}

export function printThroughput(rows) {
  console.log('\nThroughput (renders submitted at once) and peak memory');
  console.log(
    '| pool size | renders | seconds | renders/s | bare Playwright pages/s (same concurrency) | peak node RSS MB | peak Chromium RSS MB (sum) | peak Chromium PSS MB | peak total PSS MB | Chromium processes |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const p = r.peak;
    console.log(
      `| ${r.size} | ${r.total} | ${r.seconds.toFixed(2)} | ${r.perSecond.toFixed(2)} | ${r.barePerSecond.toFixed(2)} | ${p.nodeRssMb.toFixed(0)} | ${p.chromiumRssMb.toFixed(0)} | ${p.chromiumPssMb.toFixed(0)} | ${p.totalPssMb.toFixed(0)} | ${p.processes} |`,
    );
  }
}
