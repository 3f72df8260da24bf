// The reference servers of the held-out service comparison, run in a child process like the real one so each side
// pays for its own process: `POST /v2/scrape {url}` fetches the page with undici and then
//   readability: parses it with linkedom, runs Mozilla Readability and turndown, answers {success, data: {markdown}};
//   fetch:       answers the byte count only (the floor: HTTP in, one fetch, HTTP out).
// Plain node:http, no validation, no auth: the cheapest server a caller could write around those libraries.
// Usage (from heldOut.mjs): node referenceServer.mjs readability|fetch → prints {"port":N} once listening.
import { createServer } from 'node:http';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { request } from 'undici';

const mode = process.argv[2];
if (mode !== 'readability' && mode !== 'fetch') throw new Error(`mode must be readability or fetch, not ${mode}`);
const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });

async function scrape(url) {
  const res = await request(url);
  const bytes = Buffer.from(await res.body.arrayBuffer());
  if (mode === 'fetch') return { bytes: bytes.length };
  const { document } = parseHTML(bytes.toString('utf8'));
  const article = new Readability(document).parse();
  return { markdown: article?.content ? turndown.turndown(article.content) : '' };
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    let status = 200;
    let body;
    try {
      const { url } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      body = { success: true, data: await scrape(url) };
    } catch (error) {
      status = 500;
      body = { success: false, error: String(error?.message ?? error) };
    }
    const out = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) });
    res.end(out);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
