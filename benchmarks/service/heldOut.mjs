// The service against reference servers on the held-out article set: the WCXB dev article pages of the frozen split
// (quality-main-content/split.mjs, never tuned on), served from 127.0.0.1 as plain text/html, scraped one at a time
// through POST /v2/scrape of our service, of a Readability + turndown server and of a server that only fetches
// (referenceServer.mjs). Each page goes to every server in a balanced order (balancedOrders: each server follows each
// other one equally often), so load from neighbours on a shared machine hits all alike; a
// round is one pass over the pages. The figure is the pair ratio (pairRatios: per page, the median over rounds of
// ours / Readability + turndown in the same round, weighted by the reference's time); the sum of per-page medians
// (pairedRatios) and the ratio of summed times per round are printed beside it. CPU time of each server process (all
// its threads, from /proc) is reported beside wall time, also per thread kind: what load on the machine distorts least.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { isFrozen } from '../quality-main-content/split.mjs';
import { scrapeBody } from './lib.mjs';

const DATA_DIR = fileURLToPath(new URL('../../../shared/data/wcxb-dev/', import.meta.url));
const REFERENCE = fileURLToPath(new URL('./referenceServer.mjs', import.meta.url));
// BENCH_STARTUP_TIMEOUT_MS: more time to start on a machine loaded far past its cores.
const STARTUP_TIMEOUT_MS = Number(process.env.BENCH_STARTUP_TIMEOUT_MS) || 60_000;
/** The goal from issue 27: our service end to end ≤ 0.45 of the Readability + turndown server. */
export const GOAL_RATIO = 0.45;
/** Pages listed as furthest behind the reference: the outliers a sum of 260 pages hides. */
const SLOWEST_PAGES = 5;

/** The frozen split's article pages, sorted by id; null when the data set is absent. */
export function heldOutArticleIds() {
  const truthDir = join(DATA_DIR, 'ground-truth');
  if (!existsSync(truthDir)) return null;
  return readdirSync(truthDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .filter((id) => isFrozen(id))
    .filter(
      (id) =>
        JSON.parse(readFileSync(join(truthDir, `${id}.json`), 'utf8'))._internal?.page_type?.primary === 'article',
    )
    .sort();
}

/** Every page in memory (no gunzip in the timed loop), served as `text/html` without a charset under `/<id>.html`. */
/** A held-out article's page as its site sent it. */
export function loadHeldOutPage(id) {
  return gunzipSync(readFileSync(join(DATA_DIR, 'html', `${id}.html.gz`)));
}

export async function startHeldOutPageServer(ids) {
  const pages = new Map(ids.map((id) => [id, loadHeldOutPage(id)]));
  const server = createServer((req, res) => {
    const body = pages.get(/^\/(\d{4})\.html$/.exec(req.url ?? '')?.[1] ?? '');
    if (!body) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': body.length }).end(body);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const bytes = [...pages.values()].reduce((sum, b) => sum + b.length, 0);
  return {
    urlOf: (id) => `${base}/${id}.html`,
    bytes,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

export async function startReferenceServer(mode) {
  const child = spawn(process.execPath, [REFERENCE, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`reference server (${mode}) did not start: ${stderr}`));
    }, STARTUP_TIMEOUT_MS);
    child.on('exit', (code) => reject(new Error(`reference server (${mode}) exited with ${code}: ${stderr}`)));
    child.stdout.once('data', (chunk) => {
      clearTimeout(timer);
      resolve(JSON.parse(String(chunk).split('\n')[0]).port);
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** User + system CPU ms of a process, all threads (Linux /proc; null elsewhere). */
function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU ms of a process by thread kind (the thread's name: MainThread, WorkerThread for our transform threads, V8Worker
 * for V8's GC and compiler helpers, libuv-worker for the thread pool that LMDB commits on); {} off Linux. Threads
 * that exited between two reads are lost (transform threads are recycled after 1,000 jobs).
 */
function threadCpuMsOf(pid) {
  const byKind = {};
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const kind = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        byKind[kind] = (byKind[kind] ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      } catch {
        // the thread exited while being read
      }
    }
  } catch {
    return {};
  }
  return byKind;
}

const minus = (after, before) =>
  Object.fromEntries(Object.entries(after).map(([kind, ms]) => [kind, ms - (before[kind] ?? 0)]));

async function post(server, body) {
  const headers = { 'content-type': 'application/json' };
  if (server.apiKey) headers.authorization = `Bearer ${server.apiKey}`;
  const res = await request(`${server.baseUrl}/v2/scrape`, { method: 'POST', headers, body });
  const json = await res.body.json();
  if (res.statusCode !== 200 || !json.success)
    throw new Error(`${res.statusCode}: ${JSON.stringify(json).slice(0, 200)}`);
  return json.data;
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const spread = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

/**
 * `servers`: { ours, readability, fetch } as started above (ours from lib.mjs's startScrapeServer); more contenders
 * (`extra`: name → { server, options }) are our service with other request options, e.g. storeInCache: false. One unmeasured
 * pass checks every page on every server (and warms them up); pages that any server fails on are left out and listed.
 * Then `rounds` measured passes. Returns per-round sums and ratios, and their median / min / max.
 */
export async function measureHeldOut(
  ourServers,
  pageServer,
  ids,
  { rounds, warmup = 1, extra = {}, log = () => {}, samplesFile },
) {
  const servers = { ...ourServers, ...Object.fromEntries(Object.entries(extra).map(([n, e]) => [n, e.server])) };
  const names = Object.keys(servers);
  const bodyOf = (name, id) => {
    const url = pageServer.urlOf(id);
    if (name === 'ours') return scrapeBody(url);
    if (name in extra) return scrapeBody(url, extra[name].options);
    return JSON.stringify({ url });
  };
  const failed = [];
  for (const id of ids) {
    for (const name of names) {
      try {
        await post(servers[name], bodyOf(name, id));
      } catch (error) {
        failed.push({ id, server: name, error: error.message });
      }
    }
  }
  const usable = ids.filter((id) => !failed.some((f) => f.id === id));
  if (usable.length === 0) throw new Error(`no page scraped by every server: ${JSON.stringify(failed.slice(0, 5))}`);
  // More unmeasured passes: the first pass compiles the transform threads' code while it checks the pages; the
  // first measured round used to read 10-20% slower than the next ones.
  for (let pass = 1; pass < warmup; pass++) {
    for (let i = 0; i < usable.length; i++)
      for (const name of names) await post(servers[name], bodyOf(name, usable[i]));
  }
  // Every timed request, by page then server: the per-page medians below come from these.
  const samples = new Map(usable.map((id) => [id, Object.fromEntries(names.map((n) => [n, []]))]));
  const perRound = [];
  const orders = balancedOrders(names);
  for (let round = 0; round < rounds; round++) {
    const wall = Object.fromEntries(names.map((n) => [n, 0]));
    const cpuStart = Object.fromEntries(names.map((n) => [n, cpuMsOf(servers[n].pid)]));
    const threadsStart = Object.fromEntries(names.map((n) => [n, threadCpuMsOf(servers[n].pid)]));
    for (let i = 0; i < usable.length; i++) {
      // A balanced order: each server follows each other one equally often. Work a server does after its answer
      // (cache writes, indexing, a collection) slows whichever server is asked next; with rotation alone ours was
      // followed by the Readability server two times in three, which charged it our after-answer work. Rotation
      // reversed every other page balances three servers only: with five, a copy of our server run against itself
      // read 0.83 (it followed the fetch-only server, the other copy followed two heavy ones).
      const order = orders[(i + round * usable.length) % orders.length];
      for (const name of order) {
        const body = bodyOf(name, usable[i]);
        const t0 = performance.now();
        await post(servers[name], body);
        const ms = performance.now() - t0;
        wall[name] += ms;
        samples.get(usable[i])[name].push(ms);
      }
    }
    // A process serving several contenders (request-option variants) shares its CPU time among them evenly.
    const sharing = (n) => names.filter((m) => servers[m].pid === servers[n].pid).length;
    const cpu = Object.fromEntries(
      names.map((n) => [n, cpuStart[n] === null ? null : (cpuMsOf(servers[n].pid) - cpuStart[n]) / sharing(n)]),
    );
    const threadMs = Object.fromEntries(names.map((n) => [n, minus(threadCpuMsOf(servers[n].pid), threadsStart[n])]));
    const row = {
      wallMs: wall,
      cpuMs: cpu,
      ratio: wall.ours / wall.readability,
      extraRatios: Object.fromEntries(Object.keys(extra).map((n) => [n, wall[n] / wall.readability])),
      fetchRatio: wall.fetch / wall.readability,
      cpuRatio: cpu.ours === null ? null : cpu.ours / cpu.readability,
      threadMs,
    };
    perRound.push(row);
    log(
      `  round ${round + 1}/${rounds}: ours/readability ${row.ratio.toFixed(3)}, fetch/readability ${row.fetchRatio.toFixed(3)}` +
        (row.cpuRatio === null ? '' : `, CPU ours/readability ${row.cpuRatio.toFixed(3)}`) +
        Object.entries(row.extraRatios)
          .map(([n, r]) => `, ${n}/readability ${r.toFixed(3)}`)
          .join(''),
    );
  }
  if (samplesFile) writeSamples(samplesFile, { names, samples });
  return summarise({ names, extraNames: Object.keys(extra), samples, perRound, leftOut: failed });
}

/**
 * The figures of one or more runs of measureHeldOut over the same pages, each with its own server processes
 * (`runs`: their `raw` parts): samples of a page from every run feed its median, so a process's own speed (see
 * index.mjs's --processes) weighs in each page as one run among several instead of deciding the whole figure.
 */
export function mergeHeldOut(runs) {
  const names = runs[0].names;
  const pages = [...runs[0].samples.keys()].filter((id) => runs.every((r) => r.samples.has(id)));
  const samples = new Map(
    pages.map((id) => [id, Object.fromEntries(names.map((n) => [n, runs.flatMap((r) => r.samples.get(id)[n])]))]),
  );
  return summarise({
    names,
    extraNames: runs[0].extraNames,
    samples,
    perRound: runs.flatMap((r) => r.perRound),
    leftOut: runs.flatMap((r) => r.leftOut),
    processSets: runs.length,
  });
}

/** Every timed request (page → server → ms in each round, process sets one after another) as JSON. */
export function writeSamples(file, { names, samples }) {
  writeFileSync(file, JSON.stringify({ names, pages: Object.fromEntries(samples) }) + '\n');
}

function summarise(raw) {
  const { names, extraNames, samples, perRound, leftOut } = raw;
  const pages = samples.size;
  const msPerPage = (name) => median(perRound.map((r) => r.wallMs[name] / pages));
  const meanOf = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const slowest = [...samples]
    .map(([id, ms]) => ({
      id,
      oursMs: meanOf(ms.ours),
      readabilityMs: meanOf(ms.readability),
      share: ms.ours.reduce((a, b) => a + b, 0) / perRound.reduce((sum, r) => sum + r.wallMs.ours, 0),
    }))
    .sort((a, b) => b.oursMs - b.readabilityMs - (a.oursMs - a.readabilityMs))
    .slice(0, SLOWEST_PAGES);
  return {
    pages,
    leftOut,
    rounds: perRound.length,
    processSets: raw.processSets ?? 1,
    paired: pairedRatios(samples, names),
    pairRatio: pairRatios(samples, names),
    ratio: spread(perRound.map((r) => r.ratio)),
    fetchRatio: spread(perRound.map((r) => r.fetchRatio)),
    cpuRatio: perRound[0].cpuRatio === null ? null : spread(perRound.map((r) => r.cpuRatio)),
    extraRatios: Object.fromEntries(extraNames.map((n) => [n, spread(perRound.map((r) => r.extraRatios[n]))])),
    msPerPage: Object.fromEntries(names.map((n) => [n, msPerPage(n)])),
    threadMsPerPage: threadMsPerPage(perRound, names, pages),
    slowest,
    perRound,
    raw,
  };
}

/**
 * A Williams design: orders of `names` in which every server directly follows every other one equally often (n orders
 * for an even count, 2n for an odd one, the second half mirrored) and stands in each position equally often.
 */
export function balancedOrders(names) {
  const n = names.length;
  // First row 0, 1, n-1, 2, n-2, ...; each next row adds 1 to every entry (mod n).
  const first = [0];
  for (let k = 1; first.length < n; k++) {
    first.push(k);
    if (first.length < n) first.push(n - k);
  }
  const rows = Array.from({ length: n }, (_, r) => first.map((v) => names[(v + r) % n]));
  return n % 2 === 0 ? rows : [...rows, ...rows.map((row) => [...row].reverse())];
}

/**
 * The paired estimator: each server's time on a page is the median of its rounds on that page, and a ratio is the sum
 * of those medians over the pages, divided by the Readability server's sum. A ratio of summed round times (above,
 * `ratio`) lets one slow request decide a round: a full mark-compact of a heap (100-350 ms on this machine), a
 * thread descheduled for tens of ms, on pages that take ~30-150 ms. The median per page drops such one-offs as long
 * as they hit a page in fewer than half of its rounds, while a page that is always slow still counts in full.
 * `interval`: the 5th-95th percentile of the ratio over 400 resamplings of the pages (seeded, so reruns agree):
 * how much the figure depends on which pages were drawn. Against `ours` too: `control / ours` is the same-vs-same
 * noise when a second copy of our server runs as the contender `control`.
 */
export function pairedRatios(samples, names) {
  const med = [...samples.values()].map((byName) => Object.fromEntries(names.map((n) => [n, median(byName[n])])));
  const ratioOf = (rows, a, b) => rows.reduce((s, r) => s + r[a], 0) / rows.reduce((s, r) => s + r[b], 0);
  const draws = resamplings(med.length).map((indices) => indices.map((i) => med[i]));
  const out = {};
  for (const [a, b] of pairsOf(names)) {
    const boot = draws.map((rows) => ratioOf(rows, a, b)).sort((x, y) => x - y);
    out[`${a}/${b}`] = {
      ratio: ratioOf(med, a, b),
      interval: [boot[Math.floor(0.05 * boot.length)], boot[Math.floor(0.95 * boot.length) - 1]],
    };
  }
  return out;
}

/** Our build's two copies: what another build of the server (`--variant-server`) is read against. */
const OUR_COPIES = new Set(['ours', 'control']);

/**
 * The pairs every figure reports: each server against Readability + turndown, the control against ours, and another
 * build against each copy of ours (a before/after in the same requests, beside the same-vs-same noise of its run:
 * two builds' ratios to the reference differ by the reference's own noise too).
 */
function pairsOf(names) {
  return names.flatMap((n) => {
    if (n === 'readability') return [];
    if (n === 'control')
      return [
        [n, 'readability'],
        [n, 'ours'],
      ];
    if (OUR_COPIES.has(n) || n === 'fetch') return [[n, 'readability']];
    return [[n, 'readability'], ...names.filter((b) => OUR_COPIES.has(b)).map((b) => [n, b])];
  });
}

/** A fixed sequence of page resamplings (xorshift32, seeded: reruns on the same samples agree). */
function resamplings(count, draws = 400) {
  let seed = 0x2545f491;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  return Array.from({ length: draws }, () => Array.from({ length: count }, () => Math.floor(random() * count)));
}

/**
 * The pair-ratio estimator, what the smoke reports: on a page in one round, `a`'s time over `b`'s time in that round
 * (the two requests ran next to each other, so load on the machine that hits both cancels in the ratio); a page's
 * ratio is the median over its rounds; the figure is the mean of the pages' ratios weighted by `b`'s median time on
 * each page. The weights keep what is measured a share of total time (a page that takes the reference 80 ms counts
 * four times one of 20 ms, as in a sum), only the noise is read off per pair instead of per server.
 * `ours+control/readability` pools both copies of our build (each page's median over both copies' ratios): two
 * processes, so one fast or slow process (docs/decisions.md: ~7% for its whole life) weighs half.
 * `interval`: 5th-95th percentile over 400 resamplings of the pages. `rounds`: each round's ratio of summed times,
 * median (min-max): with `control/ours`, the spread of two identical servers within the run.
 */
export function pairRatios(samples, names) {
  const pages = [...samples.values()];
  const roundsOf = (byName, a, b) => byName[a].map((ms, r) => ms / byName[b][r]);
  const weights = pages.map((byName) => median(byName.readability));
  const weighted = (ratios, indices, w = weights) =>
    indices.reduce((s, i) => s + ratios[i] * w[i], 0) / indices.reduce((s, i) => s + w[i], 0);
  const all = pages.map((_, i) => i);
  const draws = resamplings(pages.length);
  const pairs = pairsOf(names).map(([a, b]) => [`${a}/${b}`, (byName) => roundsOf(byName, a, b), b]);
  if (names.includes('control'))
    pairs.push([
      'ours+control/readability',
      (byName) => [...roundsOf(byName, 'ours', 'readability'), ...roundsOf(byName, 'control', 'readability')],
      'readability',
    ]);
  const out = {};
  for (const [pair, perRound, b] of pairs) {
    const w = b === 'readability' ? weights : pages.map((byName) => median(byName[b]));
    const ratios = pages.map((byName) => median(perRound(byName)));
    const boot = draws.map((indices) => weighted(ratios, indices, w)).sort((x, y) => x - y);
    // A round alone has one request per page: its ratio of summed times, as a mean of ratios would be one outlier's.
    const [a] = pair.split('/');
    const roundCount = Math.min(...pages.map((byName) => byName[b].length));
    const sumOf = (name, r) => pages.reduce((sum, byName) => sum + byName[name][r], 0);
    const single = names.includes(a) ? Array.from({ length: roundCount }, (_, r) => sumOf(a, r) / sumOf(b, r)) : [];
    out[pair] = {
      ratio: weighted(ratios, all, w),
      interval: [boot[Math.floor(0.05 * boot.length)], boot[Math.floor(0.95 * boot.length) - 1]],
      rounds: single.length ? spread(single) : null,
    };
  }
  return out;
}

/** Per server and thread kind, CPU ms per page (median round); servers sharing a process are listed once. */
function threadMsPerPage(perRound, names, pages) {
  const out = {};
  const seen = new Set();
  for (const name of names) {
    const kinds = Object.keys(perRound.at(-1).threadMs[name]);
    const key = kinds.length === 0 ? name : JSON.stringify(perRound.map((r) => r.threadMs[name]));
    if (seen.has(key)) continue;
    seen.add(key);
    out[name] = Object.fromEntries(
      kinds.map((k) => [k, median(perRound.map((r) => (r.threadMs[name][k] ?? 0) / pages))]),
    );
  }
  return out;
}

export function printHeldOut(result, pageBytes) {
  const f = (s) => `${s.median.toFixed(3)} (${s.min.toFixed(3)}–${s.max.toFixed(3)})`;
  console.log(
    `\nheld-out articles (WCXB dev, frozen split): ${result.pages} pages, ${(pageBytes / 1e6).toFixed(1)} MB, ` +
      `one at a time, ${result.rounds} interleaved rounds` +
      (result.processSets > 1 ? ` (${result.processSets} sets of fresh server processes)` : '') +
      '; median (min–max) over rounds',
  );
  const interval = (r) => `(${r.interval[0].toFixed(3)}–${r.interval[1].toFixed(3)})`;
  console.log(
    "  pair ratio (each page's median over rounds of a/b in the same round, weighted by b's time; 90% interval over" +
      " resampled pages; each round's ratio of sums, median (min–max)):",
  );
  for (const [pair, r] of Object.entries(result.pairRatio)) {
    const goal = pair.endsWith('/readability') && pair.startsWith('ours') ? `   goal ≤ ${GOAL_RATIO}` : '';
    const rounds = r.rounds ? `   rounds ${f(r.rounds)}` : '';
    console.log(`    ${pair.padEnd(26)} ${r.ratio.toFixed(3)} ${interval(r)}${rounds}${goal}`);
  }
  console.log("  paired (sum over pages of each page's median round; 90% interval over resampled pages):");
  for (const [pair, r] of Object.entries(result.paired))
    console.log(`    ${pair.padEnd(26)} ${r.ratio.toFixed(3)} ${interval(r)}`);
  console.log('  per round (ratio of summed times), median (min–max):');
  console.log(`  ours / Readability+turndown (wall):  ${f(result.ratio)}`);
  console.log(`  fetch-only / Readability+turndown:   ${f(result.fetchRatio)}`);
  if (result.cpuRatio) console.log(`  ours / Readability+turndown (CPU):   ${f(result.cpuRatio)}`);
  for (const [n, r] of Object.entries(result.extraRatios ?? {})) console.log(`  ${n} / Readability+turndown: ${f(r)}`);
  const ms = result.msPerPage;
  console.log(
    `  ms per page (median round): ${Object.entries(ms)
      .map(([n, v]) => `${n} ${v.toFixed(1)}`)
      .join(', ')}`,
  );
  const threads = Object.entries(result.threadMsPerPage ?? {}).filter(([, byKind]) => Object.keys(byKind).length);
  if (threads.length) {
    console.log('  CPU ms per page by thread (median round):');
    for (const [n, byKind] of threads) {
      const parts = Object.entries(byKind)
        .filter(([, v]) => v >= 0.05)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${v.toFixed(2)}`);
      console.log(`    ${n}: ${parts.join(', ')}`);
    }
  }
  console.log(
    `  pages furthest behind the reference (ms per round, ours vs Readability+turndown, share of our time): ` +
      result.slowest
        .map((p) => `${p.id} ${p.oursMs.toFixed(0)} vs ${p.readabilityMs.toFixed(0)} (${(100 * p.share).toFixed(1)}%)`)
        .join(', '),
  );
  if (result.leftOut.length)
    console.log(`  left out (a server failed): ${result.leftOut.map((f) => `${f.id} ${f.server}`).join(', ')}`);
}
