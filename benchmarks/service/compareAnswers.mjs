// Answers of two builds of the server compared byte for byte: every chosen held-out article through POST /v2/scrape
// in several request shapes (a body with a Content-Length, chunked, gzip; more formats; a cache hit; the kept result
// read back by GET /v2/scrape/{id}), the JSON bodies equal with the per-scrape fields (scrapeId, cachedAt) blanked.
// Usage: node benchmarks/service/compareAnswers.mjs --before <dist/bin/scrape-server.js> [--pages N] [--port P]
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { heldOutArticleIds, loadHeldOutPage } from './heldOut.mjs';
import { startScrapeServer } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    pages: { type: 'string', default: '40' },
    // First of three ports (page server, the build before, this build); 0: any free ports.
    port: { type: 'string', default: '0' },
  },
});
if (!args.before) throw new Error('--before <path to the other build’s dist/bin/scrape-server.js> is required');
const ids = heldOutArticleIds();
if (!ids) throw new Error('../shared/data/wcxb-dev is absent');
const every = Math.max(1, Math.floor(ids.length / Number(args.pages)));
const chosen = ids.filter((_, i) => i % every === 0).slice(0, Number(args.pages));
const portAt = (i) => (Number(args.port) ? String(Number(args.port) + i) : '0');

const bodies = new Map(chosen.map((id) => [id, loadHeldOutPage(id)]));
const pageServer = createServer((req, res) => {
  const [, how, id] = /^\/(cl|chunked|gz)\/(\d{4})\.html$/.exec(req.url ?? '') ?? [];
  const body = bodies.get(id);
  if (!body) return res.writeHead(404).end();
  if (how === 'cl') return res.writeHead(200, { 'content-type': 'text/html', 'content-length': body.length }).end(body);
  if (how === 'gz') {
    const zipped = gzipSync(body);
    const headers = { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': zipped.length };
    return res.writeHead(200, headers).end(zipped);
  }
  // Chunked: no Content-Length, the page in three writes.
  res.writeHead(200, { 'content-type': 'text/html' });
  const third = Math.ceil(body.length / 3);
  res.write(body.subarray(0, third));
  res.write(body.subarray(third, 2 * third));
  res.end(body.subarray(2 * third));
});
await new Promise((resolve) => pageServer.listen(Number(portAt(0)), '127.0.0.1', resolve));
const pageBase = `http://127.0.0.1:${pageServer.address().port}`;

const before = await startScrapeServer({ BENCH_BIN: args.before, PORT: portAt(1) });
const after = await startScrapeServer({ PORT: portAt(2) });

const SHAPES = [
  { name: 'markdown, content-length', how: 'cl', body: { formats: ['markdown'], maxAge: 0 } },
  { name: 'markdown, chunked', how: 'chunked', body: { formats: ['markdown'], maxAge: 0 } },
  { name: 'markdown, gzip', how: 'gz', body: { formats: ['markdown'], maxAge: 0 } },
  {
    name: 'markdown + html + links + rawHtml',
    how: 'cl',
    body: { formats: ['markdown', 'html', 'links', 'rawHtml'], onlyMainContent: false, maxAge: 0 },
  },
  { name: 'cache hit (maxAge 10 min)', how: 'cl', body: { formats: ['markdown'], maxAge: 600_000 } },
];

const blank = (text) =>
  text.replace(/"scrapeId":"[^"]*"/g, '"scrapeId":""').replace(/"cachedAt":"[^"]*"/g, '"cachedAt":""');

async function call(server, method, path, body) {
  const res = await request(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.statusCode, text: await res.body.text() };
}

let same = 0;
let total = 0;
let ok = 0;
const differing = [];
for (const id of chosen) {
  for (const shape of SHAPES) {
    const body = { url: `${pageBase}/${shape.how}/${id}.html`, ...shape.body };
    const answers = [await call(before, 'POST', '/v2/scrape', body), await call(after, 'POST', '/v2/scrape', body)];
    const compare = (name, a, b) => {
      total++;
      if (a.status === 200 && JSON.parse(a.text).success) ok++;
      if (a.status === b.status && blank(a.text) === blank(b.text)) same++;
      else differing.push(`${id} ${name}: ${a.status} ${a.text.length} / ${b.status} ${b.text.length}`);
    };
    compare(shape.name, ...answers);
    if (shape.how !== 'cl' || shape.body.maxAge !== 0 || shape.body.formats.length > 1) continue;
    // The kept result read back by its id (the result store's record).
    const kept = answers.map((a, i) => {
      const scrapeId = JSON.parse(a.text).data?.metadata?.scrapeId;
      return call([before, after][i], 'GET', `/v2/scrape/${scrapeId}`);
    });
    compare('GET /v2/scrape/{id}', ...(await Promise.all(kept)));
  }
}
console.log(`${same} of ${total} answers identical (${chosen.length} pages, ${SHAPES.length} shapes + GET by id)`);
console.log(`${ok} of ${total} were 200 with success: true`);
for (const line of differing.slice(0, 20)) console.log(`  differs: ${line}`);
await Promise.all([before.close(), after.close()]);
pageServer.close();
process.exitCode = same === total ? 0 : 1;
