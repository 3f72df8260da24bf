// Pool throughput at concurrency 1, 2 and 4 on the same pages (goal from issue 27: 4 at least as fast as 1 on a
// 2-core machine). Each round renders `total` pages through a fresh pool of each size, the sizes in a rotated order
// every round (load that drifts during a round hits each size in turn); reports renders/s per size, the ratios 2/1
// and 4/1 taken within each round (median and spread over rounds: what a loaded machine's drift does not move), and
// the CPU seconds Chromium spent per render (a figure that holds up on a loaded machine, where throughput does not).
// With --compare, the pool with Playwright's launch flags only (no lean features: the pool before issue 27's fix)
// runs as a second contender in the same rounds.
// Usage: node benchmarks/browser/concurrency.mjs [rounds=5] [total=12] [--compare]
//        (after `pnpm --filter @scrape/browser build`)
import { DEFAULT_LAUNCH_ARGS, measureThroughput, startSite } from './measure.mjs';

const SIZES = [1, 2, 4];

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const spread = (v) => ({ median: median(v), min: Math.min(...v), max: Math.max(...v) });

/** The pool as shipped, and (compare) the pool launched with the default flags as given, i.e. no lean features. */
function contenders(compare) {
  const list = [{ name: 'pool', poolOptions: {} }];
  if (compare) list.push({ name: 'no lean features', poolOptions: { launchArgs: [...DEFAULT_LAUNCH_ARGS] } });
  return list;
}

/**
 * Rounds over every (contender, size) pair in a rotated order; per contender and size: renders/s and Chromium CPU
 * per render; per contender: the within-round ratios 2/1 and 4/1.
 */
export async function measureConcurrency({ base, rounds, total, sizes = SIZES, compare = false, log = () => {} }) {
  const runs = contenders(compare).flatMap((c) => sizes.map((size) => ({ ...c, size })));
  const perSecond = {};
  const cpu = {};
  const ratios = {};
  const failures = [];
  for (let round = 0; round < rounds; round++) {
    const order = runs.map((_, i) => runs[(i + round) % runs.length]);
    const row = {};
    for (const run of order) {
      const r = await measureThroughput({
        base,
        size: run.size,
        total,
        expect: 'Paragraph 59',
        bare: false,
        poolOptions: run.poolOptions,
      });
      const key = `${run.name} ${run.size}`;
      row[key] = r.perSecond;
      (perSecond[key] ??= []).push(r.perSecond);
      (cpu[key] ??= []).push(r.chromiumCpuPerRender);
      failures.push(...r.failures.map((f) => `${key}: ${f}`));
    }
    const parts = [];
    for (const { name } of contenders(compare)) {
      for (const size of sizes.filter((s) => s !== 1)) {
        const ratio = row[`${name} ${size}`] / row[`${name} 1`];
        ((ratios[name] ??= {})[size] ??= []).push(ratio);
        parts.push(`${name} ${size}/1 ${ratio.toFixed(2)}`);
      }
    }
    log(
      `  round ${round + 1}/${rounds}: ${order.map((run) => `${run.name} ${run.size} → ${row[`${run.name} ${run.size}`].toFixed(2)}/s`).join(', ')}; ${parts.join(', ')}`,
    );
  }
  const result = { rounds, total, sizes, contenders: {}, failures };
  for (const { name } of contenders(compare)) {
    result.contenders[name] = {
      perSecond: Object.fromEntries(sizes.map((size) => [size, spread(perSecond[`${name} ${size}`])])),
      cpuPerRender: Object.fromEntries(sizes.map((size) => [size, spread(cpu[`${name} ${size}`])])),
      ratio: Object.fromEntries(Object.entries(ratios[name] ?? {}).map(([size, v]) => [size, spread(v)])),
    };
  }
  return result;
}

export function printConcurrency(r) {
  const f = (s, d = 2) => `${s.median.toFixed(d)} (${s.min.toFixed(d)}–${s.max.toFixed(d)})`;
  console.log(`\npool throughput, ${r.total} renders per run, ${r.rounds} rotated rounds; median (min–max)`);
  for (const [name, c] of Object.entries(r.contenders)) {
    console.log(`${name}:`);
    for (const size of r.sizes)
      console.log(
        `  concurrency ${size}: ${f(c.perSecond[size])} renders/s, Chromium CPU ${f(c.cpuPerRender[size])} s per render`,
      );
    for (const [size, ratio] of Object.entries(c.ratio))
      console.log(`  ${size} / 1 (within a round): ${f(ratio)}${size === '4' ? '   goal ≥ 1' : ''}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const rounds = Number(positional[0] ?? 5);
  const total = Number(positional[1] ?? 12);
  const compare = process.argv.includes('--compare');
  const site = await startSite();
  try {
    const result = await measureConcurrency({ base: site.base, rounds, total, compare, log: console.log });
    printConcurrency(result);
    if (result.failures.length) {
      console.error(`FAILED:\n${result.failures.slice(0, 10).join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    await site.close();
  }
}
