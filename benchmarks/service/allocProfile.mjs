// What the service's main thread allocates per POST /v2/scrape, by where: the main heap's collections were ~40% of its
// busy time on the request path (docs/decisions.md), and every byte allocated moves the next one closer.
// Scrapes every `--every`-th held-out article one at a time (two unmeasured passes), samples allocation over two more
// passes (allocProbe.cjs, collected objects included) and prints KB per scrape by allocating frame, by the innermost
// frame of our packages and by the chain of our frames.
// Usage: node benchmarks/service/allocProfile.mjs [--pages N] [--every K] [--profile file.heapprofile --scrapes N]
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { heldOutArticleIds, startHeldOutPageServer } from './heldOut.mjs';
import { scrapeBody, startScrapeServer } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '40' },
    every: { type: 'string', default: '6' },
    // Summarise a profile written earlier instead of running the service.
    profile: { type: 'string' },
    // With --profile: the scrapes it covered (per-scrape figures).
    scrapes: { type: 'string', default: '1' },
  },
});
const PASSES = 2;

const { file, scrapes } = args.profile ? { file: args.profile, scrapes: Number(args.scrapes) } : await profileService();
summarise(JSON.parse(readFileSync(file, 'utf8')), scrapes);

async function profileService() {
  const ids = heldOutArticleIds();
  if (!ids) throw new Error('../shared/data/wcxb-dev is absent');
  const chosen = ids.filter((_, i) => i % Number(args.every) === 0).slice(0, Number(args.pages));
  const pages = await startHeldOutPageServer(chosen);
  const probe = new URL('./allocProbe.cjs', import.meta.url).pathname;
  process.env.BENCH_SERVER_NODE_ARGS = `${process.env.BENCH_SERVER_NODE_ARGS ?? ''} -r ${probe}`;
  const server = await startScrapeServer();
  const fileOf = (ext) => join(tmpdir(), `alloc-${server.pid}.${ext}`);
  const waitFor = async (path) => {
    while (!existsSync(path)) await new Promise((r) => setTimeout(r, 50));
  };
  const scrape = async (id) => {
    const res = await request(`${server.baseUrl}/v2/scrape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
      body: scrapeBody(pages.urlOf(id)),
    });
    if (res.statusCode !== 200) throw new Error(`${id}: ${res.statusCode}`);
    await res.body.dump();
  };
  try {
    for (let pass = 0; pass < PASSES; pass++) for (const id of chosen) await scrape(id);
    // The first passes' after-answer work (indexing, the search snapshot) lands before sampling starts.
    await new Promise((r) => setTimeout(r, 2_000));
    process.kill(server.pid, 'SIGUSR2');
    await waitFor(fileOf('started'));
    for (let pass = 0; pass < PASSES; pass++) for (const id of chosen) await scrape(id);
    process.kill(server.pid, 'SIGUSR2');
    await waitFor(fileOf('heapprofile'));
    await new Promise((r) => setTimeout(r, 500));
    const scrapes = PASSES * chosen.length;
    rmSync(fileOf('started'), { force: true });
    console.log(`profile: ${fileOf('heapprofile')} (${scrapes} scrapes)`);
    return { file: fileOf('heapprofile'), scrapes };
  } finally {
    await server.close();
    await pages.close();
  }
}

function summarise(profile, scrapes) {
  const ours = (frame) => /packages\/[a-z-]+\/dist/.test(frame.url);
  const name = (frame) => `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
  const shortUrl = (url) => url.replace(/.*\/(packages|node_modules)\//, '$1/');
  const bySelf = new Map();
  const byOurs = new Map();
  const byChain = new Map();
  const add = (map, key, bytes) => map.set(key, (map.get(key) ?? 0) + bytes);
  let total = 0;
  const walk = (node, stack) => {
    const frames = [...stack, node.callFrame];
    if (node.selfSize) {
      total += node.selfSize;
      add(bySelf, name(node.callFrame), node.selfSize);
      const own = frames.filter(ours);
      add(byOurs, own.length ? name(own.at(-1)) : '(no frame of ours)', node.selfSize);
      add(byChain, own.map((f) => f.functionName || '(anonymous)').join(' > ') || '(no frame of ours)', node.selfSize);
    }
    for (const child of node.children) walk(child, frames);
  };
  walk(profile.head, []);
  const kb = (bytes) => `${(bytes / scrapes / 1024).toFixed(1)} KB`;
  console.log(`main thread: ${kb(total)} allocated per scrape`);
  for (const [title, map] of [
    ['allocating frame', bySelf],
    ['innermost frame of ours', byOurs],
    ['chain of our frames', byChain],
  ]) {
    console.log(`\nby ${title}:`);
    for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`  ${kb(bytes).padStart(9)}  ${key}`);
  }
}
