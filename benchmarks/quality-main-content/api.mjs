// Held-out check rehearsal (not part of CI): every WCXB dev page through POST /v2/scrape of a running service, the
// way an outside evaluator reaches it: pages served from 127.0.0.1 as plain `text/html` (no charset, a local path),
// default request options. Prints core-vs-API F1 per type and the pages whose scores differ.
// usage: start the service with SCRAPE_ALLOW_PRIVATE_URLS=1, then `node api.mjs [service URL] [concurrency]`
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, listPages, loadPage, runOurs, scoreText } from './lib.mjs';
import * as core from '../../packages/core/dist/internal.js';

const service = process.argv[2] ?? 'http://127.0.0.1:3002';
const concurrency = Number(process.argv[3] ?? 4);
const ids = listPages();
if (!ids) {
  console.log('quality-main-content/api: ../shared/data/wcxb-dev is absent; skipping.');
  process.exit(0);
}
const pages = http.createServer((req, res) => {
  const id = /^\/(\d{4})\.html$/.exec(req.url ?? '')?.[1];
  try {
    if (!id) throw new Error('no such page');
    const body = gunzipSync(readFileSync(join(DATA_DIR, 'html', `${id}.html.gz`)));
    res.writeHead(200, { 'content-type': 'text/html' }).end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
});
await new Promise((resolve) => pages.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${pages.address().port}`;

const rows = [];
const queue = [...ids];
async function worker() {
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    const page = loadPage(id);
    const direct = scoreText(runOurs(page), page.main).f1;
    let api = 0;
    let error = '';
    try {
      const res = await fetch(`${service}/v2/scrape`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${base}/${id}.html`, formats: ['markdown'] }),
      });
      const json = await res.json();
      if (json.success) api = scoreText(core.markdownToPlainText(json.data.markdown ?? ''), page.main).f1;
      else error = `${res.status} ${json.error ?? ''}`;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    rows.push({ id, type: page.type, direct, api, error });
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
pages.close();

const groups = {};
for (const r of rows)
  for (const k of ['overall', r.type]) {
    const g = (groups[k] ??= { n: 0, direct: 0, api: 0 });
    g.n++;
    g.direct += r.direct;
    g.api += r.api;
  }
console.log('group              n   core F1   API F1');
for (const [k, g] of Object.entries(groups))
  console.log(
    `${k.padEnd(14)} ${String(g.n).padStart(5)}   ${(g.direct / g.n).toFixed(4)}   ${(g.api / g.n).toFixed(4)}`,
  );
const differ = rows
  .filter((r) => r.error || Math.abs(r.direct - r.api) > 0.002)
  .sort((a, b) => a.api - a.direct - (b.api - b.direct));
console.log(`${differ.length} pages differ (|ΔF1| > 0.002 or an error)`);
for (const r of differ)
  console.log(`  ${r.id} ${r.type.padEnd(13)} core ${r.direct.toFixed(3)}  API ${r.api.toFixed(3)}  ${r.error}`);
