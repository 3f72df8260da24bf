// The body reader of two builds side by side: the CPU to fetch the held-out article pages
// over real HTTP (undici, as the fetch engine does) and read each body, builds alternating per round, order swapped
// every other round, with a same-vs-same control (this build imported a second time).
// Usage: node --expose-gc benchmarks/service/readBodyAB.mjs --before <other checkout>/packages/scraper/dist [--rounds N]
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { heldOutArticleIds, startHeldOutPageServer } from './heldOut.mjs';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    rounds: { type: 'string', default: '30' },
    pages: { type: 'string', default: '60' },
  },
});
if (!args.before) throw new Error('--before <path to the other build’s packages/scraper/dist> is required');
const ours = new URL('../../packages/scraper/dist/engines/readBody.js', import.meta.url).href;
const readers = {
  before: (await import(`${args.before}/engines/readBody.js`)).readBody,
  ours: (await import(ours)).readBody,
  control: (await import(`${ours}?control`)).readBody,
};
const ids = heldOutArticleIds().slice(0, Number(args.pages));
const pages = await startHeldOutPageServer(ids);

async function pass(read) {
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  let bytes = 0;
  for (const id of ids) {
    const answer = await request(pages.urlOf(id));
    const length = answer.headers['content-length'];
    bytes += (await read(answer.body, '', 10 * 1024 * 1024, length === undefined ? undefined : Number(length)))
      .byteLength;
  }
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000 / ids.length, bytes };
}

const names = Object.keys(readers);
const cpu = Object.fromEntries(names.map((n) => [n, []]));
for (const n of names) await pass(readers[n]); // warm-up
for (let round = 0; round < Number(args.rounds); round++) {
  const order = round % 2 ? [...names].reverse() : names;
  for (const n of order) cpu[n].push((await pass(readers[n])).cpuMs);
}
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const ratio = (a, b) => median(cpu[a].map((x, i) => x / cpu[b][i]));
for (const n of names) console.log(`${n}: ${median(cpu[n]).toFixed(3)} ms CPU a page (median of ${cpu[n].length})`);
console.log(`ours/before ${ratio('ours', 'before').toFixed(3)}, control/ours ${ratio('control', 'ours').toFixed(3)}`);
await pages.close();
