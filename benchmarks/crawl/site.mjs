// The benchmark's site: N article pages (/p/0 … /p/N-1) on 127.0.0.1, each ~6 KB with a navigation bar and links to a few other
// pages, so a crawler has to discover all of them through links (no sitemap; robots.txt is a 404).
import { createServer } from 'node:http';

const PARAGRAPH =
  'The harbour master keeps the tide tables, the mooring register and the list of visiting boats. Each entry notes ' +
  'the vessel, its draught and the berth it was given, so that the next crew knows where the deep water lies.';

export function pageHtml(i, n) {
  const links = [0, i + 1, i + 2, i + 7, (i * 13 + 5) % n, Math.floor(i / 2)]
    .filter((j) => j < n)
    .map((j) => `<li><a href="/p/${j}">Page ${j}</a></li>`);
  return `<!DOCTYPE html><html><head><title>Harbour page ${i}</title><meta name="description" content="Page ${i}"></head><body>
<nav><a href="/p/0">Start</a> <a href="/p/1">Next</a></nav><main><article><h1>Harbour page ${i}</h1>
${Array.from({ length: 10 }, (_, k) => `<p>${k + 1}. ${PARAGRAPH}</p>`).join('\n')}
<h2>More pages</h2><ul>${links.join('')}</ul></article></main><footer>Harbour site footer</footer></body></html>`;
}

export async function startSite(n) {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const m = /^\/p\/(\d+)$/.exec(path);
    if (m && Number(m[1]) < n) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(pageHtml(Number(m[1]), n));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  server.keepAliveTimeout = 5_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
