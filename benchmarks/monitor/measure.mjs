// Monitor check cost per page against a plain scrape of the same pages: the real service (createServer, HTTP engine)
// on 127.0.0.1, a fixture site whose pages change every round (so each check computes real diffs), the same
// concurrency on both sides (a check scrapes 4 URLs at once; the plain side sends 4 requests at once).
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { createServer: createService } = await import(new URL('../../packages/http/dist/index.js', import.meta.url));
const KEY = 'bench-monitor-key-0123456789abcdef';
const LANES = 4;

async function startSite() {
  let round = 0;
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    const filler = '<p>Ordinary paragraph of a product page, the same on every visit.</p>'.repeat(40);
    res.end(
      `<title>${req.url}</title><h1>Page ${req.url}</h1><p>Price in round ${round}: ${10 + round} EUR.</p>${filler}`,
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    next: () => round++,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function call(base, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!json.success) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
  return json;
}

async function inLanes(items, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

export function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), min: sorted[0] };
}

export async function measure({ rounds, pages }) {
  const site = await startSite();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-monitor-'));
  const app = createService({ host: '127.0.0.1', apiKeys: [KEY], allowPrivateUrls: true, dataDir, logLevel: 'silent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const urls = Array.from({ length: pages }, (_, i) => `${site.base}/p${i}`);
  const failures = [];
  const scrapeMs = [];
  const checkMs = [];
  const statuses = {};
  try {
    const { data: monitor } = await call(base, 'POST', '/v2/monitor', {
      name: 'bench',
      schedule: { text: 'daily' },
      targets: [{ type: 'scrape', urls }],
    });
    for (let r = 0; r < rounds; r++) {
      site.next();
      let t = performance.now();
      await inLanes(urls, (url) => call(base, 'POST', '/v2/scrape', { url, formats: ['markdown'], maxAge: 0 }));
      scrapeMs.push((performance.now() - t) / pages);
      t = performance.now();
      const { data: started } = await call(base, 'POST', `/v2/monitor/${monitor.id}/run`, {});
      await app.monitors().idle();
      checkMs.push((performance.now() - t) / pages);
      const { data: check } = await call(base, 'GET', `/v2/monitor/${monitor.id}/checks/${started.id}?limit=1000`);
      for (const p of check.pages) statuses[p.status] = (statuses[p.status] ?? 0) + 1;
      const expected = r === 0 ? 'new' : 'changed';
      if (
        check.status !== 'completed' ||
        check.pages.length !== pages ||
        check.pages.some((p) => p.status !== expected)
      ) {
        failures.push(`round ${r}: ${check.status}, ${JSON.stringify(check.summary)} (expected all ${expected})`);
      }
      if (r > 0 && !check.pages.every((p) => p.diff?.text?.includes(`+Price in round ${r + 1}`)))
        failures.push(`round ${r}: a diff is missing`);
    }
  } finally {
    await app.close();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const s = summary(scrapeMs);
  const c = summary(checkMs);
  return {
    rows: [
      { name: `plain scrape, ms per page (${LANES} at once)`, ...s },
      { name: `monitor check, ms per page (change tracking + diff + store)`, ...c },
    ],
    ratio: c.median / s.median,
    statuses,
    failures,
  };
}

export function print(title, { rows, ratio, statuses }) {
  console.log(`\n${title}`);
  console.log('| scenario | median ms | p95 ms | min ms |\n|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.name} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.min.toFixed(2)} |`);
  console.log(
    `\ncheck cost per page / plain scrape per page (medians): ${ratio.toFixed(2)}x; ` +
      `page statuses ${JSON.stringify(statuses)}`,
  );
}
