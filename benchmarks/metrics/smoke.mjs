// CI smoke: fewer samples; fails only on a gross regression (a per-request cost or a /metrics render that a busy
// shared machine cannot explain).
import { measure, print } from './measure.mjs';

const r = await measure({ observations: 50_000, renders: 20 });
print(r);
const problems = [];
if (!(r.observeNs < 50_000))
  problems.push(`observing one request took ${(r.observeNs / 1000).toFixed(1)} µs (limit 50 µs)`);
if (!(r.renderMs < 250)) problems.push(`rendering /metrics took ${r.renderMs.toFixed(1)} ms (limit 250 ms)`);
if (problems.length) {
  console.error(`metrics smoke FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('metrics smoke: ok');
