import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScraper, type Scraper } from '../createScraper.js';
import { ScrapeError } from '../errors.js';
import { scraperOptionsFromEnv } from '../config/scraperOptionsFromEnv.js';
import { rejectionOf } from '@scrape/test-support';

const servers: http.Server[] = [];
let hits = 0;

async function listen(handler: http.RequestListener, host = '127.0.0.1'): Promise<number> {
  const server = http.createServer((req, res) => {
    hits++;
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ScrapeError);

const ok: http.RequestListener = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('reached');
};

let guarded: Scraper;
let port = 0;
let v6port = 0;

beforeAll(async () => {
  guarded = createScraper({ allowPrivateUrls: false });
  port = await listen(ok);
  v6port = await listen(ok, '::1').catch(() => 0);
});

afterAll(async () => {
  await guarded.close();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

describe('SSRF guard (on)', () => {
  it.each([
    ['loopback IPv4', () => `http://127.0.0.1:${port}/`],
    ['localhost (resolves to 127.0.0.1)', () => `http://localhost:${port}/`],
    ['IPv6 loopback', () => `http://[::1]:${v6port || port}/`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/`],
    ['unspecified 0.0.0.0', () => `http://0.0.0.0:${port}/`],
    ['decimal IPv4', () => `http://2130706433:${port}/`],
    ['octal IPv4', () => `http://0177.0.0.1:${port}/`],
    ['hex IPv4', () => `http://0x7f.0.0.1:${port}/`],
    ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['CGNAT 100.64.0.1', () => 'http://100.64.0.1/'],
    ['private 10.0.0.1', () => 'http://10.0.0.1/'],
    ['private 192.168.1.1 over https', () => 'https://192.168.1.1/'],
  ])('%s is refused with 403 SCRAPE_SSRF_BLOCKED before any connection', async (_name, url) => {
    const before = hits;
    const error = await failure(guarded.scrape({ url: url() }));
    expect(error.status).toBe(403);
    expect(error.code).toBe('SCRAPE_SSRF_BLOCKED');
    expect(hits).toBe(before);
  });

  it('a host name whose DNS answer is private is refused (the answer, not the name, is checked)', async () => {
    const rebinding = createScraper({
      allowPrivateUrls: false,
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    try {
      const before = hits;
      const error = await failure(rebinding.scrape({ url: `http://innocent-looking.example:${port}/` }));
      expect(error).toMatchObject({ status: 403, code: 'SCRAPE_SSRF_BLOCKED' });
      // The refusal says that the name is private, never which address it resolved to.
      expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain('127.0.0.1');
      expect(hits).toBe(before);
    } finally {
      await rebinding.close();
    }
  });

  it('a DNS answer mixing public and private addresses never connects to the private one', async () => {
    // 192.0.2.1 is TEST-NET (blocked too), so only an allowed address could be dialled: none is.
    const mixed = createScraper({
      allowPrivateUrls: false,
      lookup: async () => [
        { address: '10.1.2.3', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    try {
      expect(await failure(mixed.scrape({ url: `http://mixed.example:${port}/` }))).toMatchObject({
        code: 'SCRAPE_SSRF_BLOCKED',
      });
    } finally {
      await mixed.close();
    }
  });

  it('a redirect from an allowed server to a private address is refused at that hop', async () => {
    const privatePort = await listen(ok);
    const entryPort = await listen((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${privatePort}/internal` });
      res.end();
    });
    // The guard allows exactly the entry server (standing in for a public host); everything else stays private.
    const scraper = createScraper({
      allowPrivateUrls: false,
      allowAddress: (address, p) => address === '127.0.0.1' && p === entryPort,
    });
    try {
      const before = hits;
      const error = await failure(scraper.scrape({ url: `http://127.0.0.1:${entryPort}/start` }));
      expect(error).toMatchObject({ status: 403, code: 'SCRAPE_SSRF_BLOCKED' });
      expect(hits).toBe(before + 1); // the entry server answered; the private one was never reached
    } finally {
      await scraper.close();
    }
  });

  it('the same redirect via a host name (localhost) is refused too', async () => {
    const privatePort = await listen(ok);
    const entryPort = await listen((_req, res) => {
      res.writeHead(301, { location: `http://localhost:${privatePort}/` });
      res.end();
    });
    const scraper = createScraper({ allowPrivateUrls: false, allowAddress: (_a, p) => p === entryPort });
    try {
      expect(await failure(scraper.scrape({ url: `http://127.0.0.1:${entryPort}/` }))).toMatchObject({
        code: 'SCRAPE_SSRF_BLOCKED',
      });
    } finally {
      await scraper.close();
    }
  });

  it('allowAddress lets exactly the allowed server through', async () => {
    const scraper = createScraper({ allowPrivateUrls: false, allowAddress: (_a, p) => p === port });
    try {
      expect((await scraper.scrape({ url: `http://127.0.0.1:${port}/` })).markdown).toBe('reached');
    } finally {
      await scraper.close();
    }
  });
});

describe('SSRF guard (off)', () => {
  it('allowPrivateUrls: true reaches local servers, by IP and by name', async () => {
    const open = createScraper({ allowPrivateUrls: true });
    try {
      expect((await open.scrape({ url: `http://127.0.0.1:${port}/` })).markdown).toBe('reached');
      expect((await open.scrape({ url: `http://localhost:${port}/` })).markdown).toBe('reached');
      if (v6port) expect((await open.scrape({ url: `http://[::1]:${v6port}/` })).markdown).toBe('reached');
    } finally {
      await open.close();
    }
  });

  it('SCRAPE_ALLOW_PRIVATE_URLS=1 (through scraperOptionsFromEnv) turns the guard off; the default keeps it', async () => {
    expect(scraperOptionsFromEnv({ SCRAPE_ALLOW_PRIVATE_URLS: '1' }).allowPrivateUrls).toBe(true);
    expect(scraperOptionsFromEnv({ SCRAPE_ALLOW_PRIVATE_URLS: '0' }).allowPrivateUrls).toBe(false);
    expect(scraperOptionsFromEnv({}).allowPrivateUrls).toBe(false);
    const fromEnv = createScraper({ ...scraperOptionsFromEnv({ SCRAPE_ALLOW_PRIVATE_URLS: 'true' }), cache: false });
    // The library reads no environment: a caller that passes nothing gets the guard.
    const defaultGuarded = createScraper({ cache: false });
    try {
      expect((await fromEnv.scrape({ url: `http://127.0.0.1:${port}/` })).markdown).toBe('reached');
      expect(await failure(defaultGuarded.scrape({ url: `http://127.0.0.1:${port}/` }))).toMatchObject({
        code: 'SCRAPE_SSRF_BLOCKED',
      });
    } finally {
      await fromEnv.close();
      await defaultGuarded.close();
    }
  });
});
