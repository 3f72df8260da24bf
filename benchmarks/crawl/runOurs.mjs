// One measured run of our crawler in its own process: crawl the site to `limit` pages with markdown output through
// the in-process API (the same job queue and handlers the HTTP service uses, embedded LMDB home).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScraper } from '@scrape/scraper';

const [origin, limitText] = process.argv.slice(2);
const limit = Number(limitText);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-crawl-ours-'));
const scraper = createScraper({ allowPrivateUrls: true, dataDir, engines: { browser: false }, pdf: { ocr: false } });
const started = performance.now();
let pages = 0;
let markdownChars = 0;
for await (const doc of scraper.crawl({
  url: `${origin}/p/0`,
  limit,
  sitemap: 'skip',
  ignoreRobotsTxt: false,
  scrapeOptions: { formats: ['markdown'] },
})) {
  pages++;
  markdownChars += doc.markdown?.length ?? 0;
}
const seconds = (performance.now() - started) / 1000;
await scraper.close();
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(
  JSON.stringify({ pages, seconds, markdownChars, peakRssMb: process.resourceUsage().maxRSS / 1024 }) + '\n',
);
