// Search latency: POST /v2/search for 5 results with scrapeOptions (provider query + 5 scrapes through the pipeline)
// against the same 5 pages scraped with 5 parallel POST /v2/scrape calls, and the search alone. The provider is a
// SearXNG-compatible stand-in on 127.0.0.1 that also serves the result pages (so only our code is measured).
import { createServer as createHttpServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../../packages/http/dist/index.js';

const KEY = 'bench-search-key-0123456789';
const paragraph = (i) =>
  `<p>Paragraph ${i} about tides, ferries and the harbour, long enough to be real text on a real page.</p>`;
const page = (n) =>
  `<!doctype html><html><head><title>Harbour page ${n}</title></head><body><nav>Home</nav><main><h1>Harbour page ${n}</h1>${Array.from({ length: 40 }, (_, i) => paragraph(i)).join('')}</main><footer>Footer</footer></body></html>`;

async function startStandIn() {
  const server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x.invalid');
    if (url.pathname.startsWith('/pages/'))
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(url.pathname.slice(7)));
    const origin = `http://127.0.0.1:${server.address().port}`;
    const results =
      url.searchParams.get('pageno') === '1'
        ? Array.from({ length: 10 }, (_, i) => ({
            url: `${origin}/pages/${i}`,
            title: `Harbour page ${i}`,
            content: `Result ${i}`,
          }))
        : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

async function post(base, path, body) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
  return json;
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function measureSearch({ iterations }) {
  const standIn = await startStandIn();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-search-'));
  const app = createServer({
    host: '127.0.0.1',
    apiKeys: [KEY],
    allowPrivateUrls: true,
    dataDir,
    logLevel: 'silent',
    search: { searxngUrl: standIn.origin },
    interact: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const scrapeOptions = { formats: ['markdown'], maxAge: 0 };
  const timings = { searchOnly: [], searchScrape: [], directScrapes: [] };
  try {
    for (let i = 0; i < iterations + 1; i++) {
      let t = performance.now();
      const plain = await post(base, '/v2/search', { query: 'harbour', limit: 5 });
      const searchOnly = performance.now() - t;
      t = performance.now();
      const full = await post(base, '/v2/search', { query: 'harbour', limit: 5, scrapeOptions });
      const searchScrape = performance.now() - t;
      if (full.data.web.length !== 5 || full.data.web.some((r) => !r.markdown?.includes('Paragraph 39')))
        throw new Error('search did not scrape 5 results');
      t = performance.now();
      await Promise.all(plain.data.web.map((r) => post(base, '/v2/scrape', { url: r.url, ...scrapeOptions })));
      const direct = performance.now() - t;
      if (i === 0) continue; // warm-up
      timings.searchOnly.push(searchOnly);
      timings.searchScrape.push(searchScrape);
      timings.directScrapes.push(direct);
    }
  } finally {
    await app.close();
    await standIn.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const result = {
    searchOnlyMs: median(timings.searchOnly),
    searchScrapeMs: median(timings.searchScrape),
    directScrapesMs: median(timings.directScrapes),
  };
  return { ...result, overhead: result.searchScrapeMs / (result.searchOnlyMs + result.directScrapesMs) };
}

export function printSearch(r, iterations) {
  console.log(`| measure (median of ${iterations}) | ms |\n|---|---|`);
  console.log(`| search, 5 results, no scrapes | ${r.searchOnlyMs.toFixed(1)} |`);
  console.log(`| search, 5 results, scrapeOptions markdown (maxAge 0) | ${r.searchScrapeMs.toFixed(1)} |`);
  console.log(`| the same 5 pages via 5 parallel POST /v2/scrape | ${r.directScrapesMs.toFixed(1)} |`);
  console.log(`| search+scrape / (search + direct scrapes) | ${r.overhead.toFixed(2)}x |`);
}
