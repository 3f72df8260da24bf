// Full run: node benchmarks/metrics/index.mjs
import { measure, print } from './measure.mjs';

print(await measure({ observations: 1_000_000, renders: 200 }));
