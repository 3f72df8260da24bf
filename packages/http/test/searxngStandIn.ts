// A SearXNG-compatible stand-in served on 127.0.0.1: GET /search?format=json answers like SearXNG's JSON API
// (results, unresponsive_engines) from a small fixed corpus per category, and serves the result pages themselves
// under /pages/, so scrapeOptions scrapes real pages. Modes make it fail like a real instance can.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandIn {
  origin: string;
  /** The query strings of every /search request, in order. */
  queries: URLSearchParams[];
  /** `ok`; `forbidden`: the json format is disabled (SearXNG's 403); `slow`: never answers in time; `newsDown`: news answers 500. */
  mode: 'ok' | 'forbidden' | 'slow' | 'newsDown';
  close(): Promise<void>;
}

const PAGES: Record<string, { title: string; body: string }> = {
  'tide-tables': {
    title: 'Tide tables for small harbours',
    body: 'High water at the north pier is at 06:12 and 18:40.',
  },
  'ferry-times': { title: 'Ferry timetable', body: 'The ferry to the island leaves at noon every day except Sunday.' },
  'crane-news': { title: 'New crane installed', body: 'The port installed a forty-tonne crane on the east quay.' },
};

export async function startSearxngStandIn(): Promise<StandIn> {
  const state: StandIn = { origin: '', queries: [], mode: 'ok', close: async () => {} };
  const pending = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin.invalid');
    if (url.pathname === '/pages' || url.pathname === '/pages/') {
      const links = Object.keys(PAGES)
        .map((name) => `<li><a href="/pages/${name}">${PAGES[name].title}</a></li>`)
        .join('');
      return void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html><head><title>Pages</title></head><body><main><h1>Pages</h1><ul>${links}</ul></main></body></html>`,
        );
    }
    if (url.pathname.startsWith('/pages/')) {
      const page = PAGES[url.pathname.slice('/pages/'.length)];
      if (!page)
        return void res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body><h1>Gone</h1></body></html>');
      const html = `<!doctype html><html><head><title>${page.title}</title></head><body><main><h1>${page.title}</h1><p>${page.body}</p></main></body></html>`;
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    }
    if (url.pathname !== '/search') return void res.writeHead(404).end();
    state.queries.push(url.searchParams);
    const category = url.searchParams.get('categories');
    if (state.mode === 'forbidden')
      return void res.writeHead(403, { 'content-type': 'text/html' }).end('<html>Forbidden</html>');
    if (state.mode === 'slow') {
      const t = setTimeout(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"results":[]}'),
        60_000,
      );
      pending.add(t);
      res.on('close', () => clearTimeout(t));
      return;
    }
    if (state.mode === 'newsDown' && category === 'news')
      return void res.writeHead(500, { 'content-type': 'text/plain' }).end('engine crashed');
    const page = Number(url.searchParams.get('pageno') ?? '1');
    const results = resultsFor(state.origin, url.searchParams.get('q') ?? '', category ?? 'general', page);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        query: url.searchParams.get('q'),
        number_of_results: results.length,
        results,
        unresponsive_engines: [['brave', 'timeout']],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const t of pending) clearTimeout(t);
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return state;
}

function resultsFor(origin: string, q: string, category: string, page: number): Record<string, unknown>[] {
  if (category === 'news') {
    if (page > 1) return [];
    return [
      {
        url: `${origin}/pages/crane-news`,
        title: 'New crane installed',
        content: 'A forty-tonne crane on the east quay.',
        publishedDate: '2026-11-20T09:00:00',
        thumbnail: `${origin}/img/crane-thumb.jpg`,
        category: 'news',
      },
      {
        url: 'https://news.example.org/harbour-strike',
        title: 'Harbour strike ends',
        content: 'Dock workers return.',
        publishedDate: '2026-11-18T12:00:00',
        category: 'news',
      },
    ];
  }
  if (category === 'images') {
    if (page > 1) return [];
    return [
      {
        url: 'https://photos.example.org/pier',
        title: 'North pier at dawn',
        img_src: 'https://photos.example.org/pier.jpg',
        thumbnail_src: 'https://photos.example.org/pier-t.jpg',
        resolution: '1920 x 1080',
        category: 'images',
      },
    ];
  }
  if (q.includes('site:github.com')) {
    return page > 1
      ? []
      : [
          { url: 'https://github.com/harbour/tides', title: 'harbour/tides', content: 'Tide prediction library.' },
          { url: 'https://example.com/not-github', title: 'Elsewhere', content: 'An engine that ignored site:.' },
        ];
  }
  if (q.includes('many')) {
    // 10 results a page, 3 pages: for limits above one page.
    return page > 3
      ? []
      : Array.from({ length: 10 }, (_, i) => ({
          url: `https://many.example.org/${page}/${i}`,
          title: `Result ${page}.${i}`,
          content: `Entry ${i} of page ${page}.`,
        }));
  }
  if (page > 1) return [];
  return [
    {
      url: `${origin}/pages/tide-tables`,
      title: 'Tide tables for small harbours',
      content: 'High water times at the north pier.',
    },
    { url: `${origin}/pages/ferry-times`, title: 'Ferry timetable', content: 'Ferry departures.' },
    { url: 'http://127.0.0.1:1/refused', title: 'A dead link', content: 'This server is gone.' },
    {
      url: 'https://blocked.example.net/page',
      title: 'Excluded site',
      content: 'Should be filtered by excludeDomains.',
    },
  ];
}
