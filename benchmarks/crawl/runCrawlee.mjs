// One measured run of Crawlee's CheerioCrawler in its own process: fetch + parse + link discovery (no markdown),
// same site, same page limit, same concurrency, storage in memory.
import { CheerioCrawler, Configuration } from '@crawlee/cheerio';

const [origin, limitText, concurrencyText] = process.argv.slice(2);
const limit = Number(limitText);
let pages = 0;
const config = new Configuration({ persistStorage: false, purgeOnStart: true });
const crawler = new CheerioCrawler(
  {
    // Fixed at the same concurrency as ours from the first request (its autoscaling would start lower on a busy box).
    minConcurrency: Number(concurrencyText),
    maxConcurrency: Number(concurrencyText),
    maxRequestsPerCrawl: limit,
    maxRequestRetries: 0,
    // No sessions or cookie persistence: ours keeps none either, and they cost Crawlee time per request.
    useSessionPool: false,
    persistCookiesPerSession: false,
    // Its system-status checks would scale a crawler down on a busy shared box: off, so it runs at the set concurrency.
    autoscaledPoolOptions: {
      desiredConcurrency: Number(concurrencyText),
      systemStatusOptions: {
        maxMemoryOverloadedRatio: 1,
        maxEventLoopOverloadedRatio: 1,
        maxCpuOverloadedRatio: 1,
        maxClientOverloadedRatio: 1,
      },
    },
    async requestHandler({ enqueueLinks }) {
      pages++;
      await enqueueLinks({ strategy: 'same-hostname' });
    },
  },
  config,
);
const started = performance.now();
await crawler.run([`${origin}/p/0`]);
const seconds = (performance.now() - started) / 1000;
process.stdout.write(JSON.stringify({ pages, seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 }) + '\n');
