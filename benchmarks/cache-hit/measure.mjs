// Shared by index.mjs (full run) and smoke.mjs (CI): a fixture page on 127.0.0.1, then, in one process and one run,
// fresh HTTP-engine scrapes of it against cache-hit scrapes of the same page, all through createScraper.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRAPER = join(ROOT, 'packages/scraper/dist/index.js');
const PAGE = readFileSync(join(ROOT, 'packages/http/test/fixtures/article.html'), 'utf8');
/** The fixture article's main content repeated: a ~21 KB page, closer to a typical article (as benchmarks/service does). */
const PAGE_REPEAT = 8;
/** The issue's goal for a cache hit against a fresh scrape of the same page. */
export const GOAL_RATIO = 10;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export function benchPage() {
  const [head, rest] = PAGE.split('<main>');
  const [main, tail] = rest.split('</main>');
  return `${head}<main>${main.repeat(PAGE_REPEAT)}</main>${tail}`;
}

async function startPageServer(html) {
  const bytes = Buffer.from(html, 'utf8');
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/articles/tidal-energy`,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** One Redis command over RESP (the benchmarks have no Redis client); the first reply line. */
function redisCommand(args) {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port) || 6379, hostname || '127.0.0.1');
    let reply = '';
    socket.setTimeout(2000, () => socket.destroy(new Error('redis: no answer')));
    socket.on('error', reject);
    socket.on('data', (c) => {
      reply += c.toString('utf8');
      if (reply.endsWith('\r\n')) {
        socket.end();
        resolve(reply);
      }
    });
    socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
  });
}

async function timeScrapes(scraper, body, { iterations, warmup }) {
  for (let i = 0; i < warmup; i++) await scraper.scrape(body);
  const samples = [];
  let last;
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    last = await scraper.scrape(body);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const pick = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { median: pick(0.5), p95: pick(0.95), mean: samples.reduce((a, b) => a + b, 0) / samples.length, last };
}

/**
 * Rows: fresh (maxAge 0, storeInCache false: fetch + transform every time), hit on the embedded home (with and
 * without the transform memory), hit on Redis when reachable. Problems: anything that makes the comparison invalid.
 */
export async function measureAll({ iterations, warmup }) {
  const { createScraper } = await import(SCRAPER);
  const html = benchPage();
  const page = await startPageServer(html);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cache-hit-'));
  const prefix = `bench:cache-hit:${process.pid}:${Date.now()}:`;
  const withRedis = await redisCommand(['PING']).then(
    (r) => r.startsWith('+PONG'),
    () => false,
  );
  const scrapers = {
    embedded: createScraper({ allowPrivateUrls: true, dataDir }),
    embeddedNoMemo: createScraper({ allowPrivateUrls: true, dataDir, transformMemoBytes: 0 }),
    redis: withRedis ? createScraper({ allowPrivateUrls: true, redisUrl: REDIS_URL, redisKeyPrefix: prefix }) : null,
  };
  const rows = [];
  const problems = [];
  try {
    const body = { url: page.url, formats: ['markdown'] };
    const fresh = await timeScrapes(
      scrapers.embedded,
      { ...body, maxAge: 0, storeInCache: false },
      { iterations, warmup },
    );
    rows.push({ name: 'fresh scrape (HTTP engine, maxAge 0)', ...fresh });
    const reference = fresh.last.markdown;

    const hitRow = async (name, scraper) => {
      const before = page.requests();
      await scraper.scrape(body); // the one fetch that fills the cache (a no-op when the home already has it)
      const hit = await timeScrapes(scraper, body, { iterations, warmup });
      if (hit.last.metadata.cacheState !== 'hit')
        problems.push(`${name}: cacheState is ${hit.last.metadata.cacheState}, not hit`);
      if (hit.last.markdown !== reference) problems.push(`${name}: the hit's markdown differs from the fresh scrape's`);
      if (page.requests() - before > 1)
        problems.push(`${name}: ${page.requests() - before} requests reached the page (expected at most 1)`);
      rows.push({ name, ...hit, ratio: fresh.median / hit.median });
    };
    await hitRow('cache hit, embedded (LMDB + LRU)', scrapers.embedded);
    await hitRow('cache hit, embedded, transform memory off', scrapers.embeddedNoMemo);
    if (scrapers.redis) await hitRow('cache hit, Redis', scrapers.redis);
    else console.warn('!!! Redis unreachable: the Redis row is SKIPPED');
  } finally {
    await Promise.all(Object.values(scrapers).map((s) => s?.close()));
    await page.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (withRedis) {
      const script = "for _,k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) end return 1";
      await redisCommand(['EVAL', script, '0', `${prefix}*`]).catch(() => undefined);
    }
  }
  return { rows, problems, pageBytes: Buffer.byteLength(html) };
}

export function printTable({ rows, pageBytes }, { iterations }) {
  const ms = (v) => `${v.toFixed(2)} ms`.padStart(11);
  console.log(
    `\ncache-hit benchmark: one ${(pageBytes / 1024).toFixed(1)} KB article on 127.0.0.1, formats [markdown], ${iterations} scrapes per row, in-process createScraper`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (the machine is shared; compare rows of one run)\n`,
  );
  console.log(
    `${'scrape'.padEnd(44)}${'median'.padStart(11)}${'p95'.padStart(11)}${'mean'.padStart(11)}   fresh/hit (median)`,
  );
  for (const r of rows) {
    const ratio =
      r.ratio === undefined
        ? ''
        : `${r.ratio.toFixed(1)}×${r.ratio >= GOAL_RATIO ? '' : `  (below the ${GOAL_RATIO}× goal)`}`;
    console.log(`${r.name.padEnd(44)}${ms(r.median)}${ms(r.p95)}${ms(r.mean)}   ${ratio}`);
  }
}
