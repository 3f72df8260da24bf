// CI smoke: the same code paths on a 60-page site and a 5,000-URL frontier; fails when a crawler misses pages or the
// frontier loses URLs (a broken crawler), never on speed (the machine is shared).
import { measureAll, printResult } from './measure.mjs';

const result = await measureAll({
  pages: 60,
  rounds: 1,
  frontierUrls: 5_000,
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
});
printResult(result);
for (const f of result.frontier)
  if (f.urls !== 5_000) result.failures.push(`${f.home} frontier holds ${f.urls} of 5000 URLs`);
if (result.failures.length) {
  console.error(`FAILED:\n${result.failures.join('\n')}`);
  process.exit(1);
}
console.log('crawl smoke ok');
