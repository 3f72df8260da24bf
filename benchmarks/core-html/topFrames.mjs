// Lists the top self-time frames of a .cpuprofile (from profile.mjs), grouped by function and file.
// Usage: node benchmarks/core-html/topFrames.mjs <file.cpuprofile> [topN] [--filter substring-of-url]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
const filterArg = process.argv.indexOf('--filter');
const filter = filterArg === -1 ? null : process.argv[filterArg + 1];
const top = Number(topArg) || 40;
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0));
}
const grouped = new Map();
let total = 0;
for (const [id, us] of selfUs) {
  const { callFrame: f } = byId.get(id);
  const url = f.url.replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '').replace(/^.*perf-core\//, '');
  if (filter && !url.includes(filter)) continue;
  const key = `${f.functionName || '(anon)'}  ${url}:${f.lineNumber + 1}`;
  grouped.set(key, (grouped.get(key) ?? 0) + us);
  total += us;
}
const rows = [...grouped].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(`total ${(total / 1000).toFixed(0)} ms`);
for (const [key, us] of rows)
  console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
