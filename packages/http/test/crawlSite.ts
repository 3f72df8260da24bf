// A small multi-page site for the crawl tests, served from 127.0.0.1: robots.txt (a disallowed folder, a sitemap
// index), a sitemap index with a plain and a gzip sitemap, a depth chain, 404 and 500 pages, a redirect,
// query-string and fragment duplicates (one with a canonical link), a redirect to a linked page, an external link, a page only the sitemap knows, and slow pages.
import { gzipSync } from 'node:zlib';
import { listenLocal, type LocalServer } from '@scrape/test-support';

export interface CrawlSite {
  origin: string;
  url(path: string): string;
  /** Requests seen per path (query dropped). */
  hits(path: string): number;
  /** Every request path in arrival order. */
  paths(): string[];
  close(): Promise<void>;
}

const page = (title: string, body: string, links: string[] = [], head = '') =>
  `<!DOCTYPE html><html><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1><p>${body}</p>` +
  `<ul>${links.map((l) => `<li><a href="${l}">${l}</a></li>`).join('')}</ul></main></body></html>`;

export interface CrawlSiteOptions {
  /** How long each /slow/N page takes (ms). */
  slowMs?: number;
  /** How many /slow/N pages the home links to. */
  slowPages?: number;
  /** Crawl-delay line in robots.txt (seconds). */
  crawlDelay?: number;
}

export async function startCrawlSite(options: CrawlSiteOptions = {}): Promise<CrawlSite> {
  const slowMs = options.slowMs ?? 300;
  const slowPages = options.slowPages ?? 0;
  let server: LocalServer;
  const pages: Record<string, () => string> = {
    '/': () =>
      page('Harbour home', 'Welcome to the harbour site with docs, a blog and reports.', [
        '/docs/',
        '/docs/tides#top',
        '/blog/moorings?ref=home',
        '/blog/moorings?ref=footer',
        '/private/ledger',
        '/missing',
        '/broken',
        '/old-tides',
        '/docs/new-tides',
        '/chain/1',
        'http://external.invalid/elsewhere',
        '/logo.png',
        ...Array.from({ length: slowPages }, (_, i) => `/slow/${i}`),
      ]),
    '/docs/': () => page('Docs index', 'All the harbour documentation.', ['/docs/tides', '/docs/moorings-guide', '/']),
    '/docs/tides': () =>
      page('Tide tables', 'High and low water times for the harbour entrance.', ['/docs/', '/docs/tides/']),
    '/docs/moorings-guide': () =>
      page('Moorings guide', 'How to pick up a visitor mooring buoy safely.', ['/docs/tides']),
    '/docs/new-tides': () => page('New tide tables', 'The tide tables moved here from the old address.', []),
    '/blog/moorings': () =>
      page(
        'Moorings blog',
        'Winter moorings news from the harbour master.',
        ['/'],
        '<link rel="canonical" href="/blog/moorings">',
      ),
    '/private/ledger': () => page('Ledger', 'PRIVATE-LEDGER-CONTENT must never be crawled.', []),
    '/orphan': () => page('Orphan page', 'Only the sitemap knows this page about slipway fees.', []),
    '/gz-only': () => page('Gzip sitemap page', 'Only the gzip sitemap lists this page about crane hire.', []),
  };
  for (let i = 1; i <= 5; i++)
    pages[`/chain/${i}`] = () => page(`Chain ${i}`, `Link chain step ${i}.`, i < 5 ? [`/chain/${i + 1}`] : []);

  server = await listenLocal((req, res, path) => {
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    if (path === '/robots.txt') {
      const delay = options.crawlDelay !== undefined ? `Crawl-delay: ${options.crawlDelay}\n` : '';
      return send(
        200,
        'text/plain',
        `User-agent: *\nDisallow: /private/\n${delay}\nSitemap: ${server.origin}/sitemap-index.xml\n`,
      );
    }
    if (path === '/sitemap-index.xml') {
      return send(
        200,
        'application/xml',
        `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          `<sitemap><loc>${server.origin}/sitemap-pages.xml</loc></sitemap><sitemap><loc>${server.origin}/sitemap-more.xml.gz</loc></sitemap></sitemapindex>`,
      );
    }
    if (path === '/sitemap-pages.xml') {
      return send(
        200,
        'application/xml',
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          `<url><loc>${server.origin}/orphan</loc></url><url><loc>${server.origin}/docs/tides</loc></url></urlset>`,
      );
    }
    if (path === '/sitemap-more.xml.gz') {
      const xml = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${server.origin}/gz-only</loc></url></urlset>`;
      return send(200, 'application/gzip', gzipSync(xml));
    }
    if (path === '/sitemap.xml') return send(404, 'text/plain', 'no');
    if (path === '/old-tides') return send(301, 'text/html', '', { location: '/docs/new-tides' });
    if (path === '/missing') return send(404, 'text/html', page('Not found', 'This page does not exist.'));
    if (path === '/broken') return send(500, 'text/html', page('Server error', 'The harbour database is down.'));
    const slow = /^\/slow\/(\d+)$/.exec(path);
    if (slow) {
      const timer = setTimeout(
        () => send(200, 'text/html', page(`Slow ${slow[1]}`, 'A page that takes its time.')),
        slowMs,
      );
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (path === '/logo.png') return send(200, 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const render = pages[path];
    if (render) return send(200, 'text/html; charset=utf-8', render());
    send(404, 'text/html', page('Not found', 'Nothing here.'));
  });
  return {
    origin: server.origin,
    url: (path) => `${server.origin}${path}`,
    hits: (path) => server.hits.filter((h) => h.split('?')[0] === path).length,
    paths: () => server.hits.map((h) => h.split('?')[0]),
    close: () => server.close(),
  };
}
