// Iteration helper: per-page F1 differences between two dev.mjs runs.
import { readFileSync } from 'node:fs';
const a = new Map(JSON.parse(readFileSync(process.argv[2], 'utf8')).map((r) => [r.id, r]));
const b = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const d = b
  .map((r) => ({ id: r.id, type: r.type, was: a.get(r.id)?.f1 ?? 0, now: r.f1 }))
  .filter((x) => Math.abs(x.now - x.was) > 0.02)
  .sort((x, y) => x.now - x.was - (y.now - y.was));
for (const x of d) console.log(x.id, x.type, x.was.toFixed(2), '->', x.now.toFixed(2));
