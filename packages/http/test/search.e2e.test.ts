// POST /v2/search through the Firecrawl SDK as a real client, against a SearXNG-compatible stand-in on 127.0.0.1
// (web, news, images, categories, domains, paging, provider failures) and against the service's own index of the
// pages it has scraped when no provider is configured (persisted in the data dir).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from '@mendable/firecrawl-js';
import { useCleanups, useStarted } from '@scrape/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSearxngStandIn } from './searxngStandIn.js';
import { callApi, startService, TEST_KEY, type Service } from './startService.js';
import { sdkError } from './sdkError.js';

const env = useStarted(async (own) => ({ standIn: own(await startSearxngStandIn()) }));
const cleanups = useCleanups();

describe('search with a SearXNG provider', () => {
  let svc: Service;
  let client: Firecrawl;
  beforeAll(async () => {
    svc = await startService({ search: { searxngUrl: env.standIn.origin } });
    client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 });
    cleanups.push(() => svc.close());
  });
  const lastQuery = () => env.standIn.queries[env.standIn.queries.length - 1];

  it('web, news and images in the SDK shapes, with positions; tbs maps to time_range', async () => {
    env.standIn.mode = 'ok';
    const res = await client.search('harbour', { sources: ['web', 'news', 'images'], limit: 2, tbs: 'qdr:w' });
    expect(res.web).toEqual([
      {
        url: `${env.standIn.origin}/pages/tide-tables`,
        title: 'Tide tables for small harbours',
        description: 'High water times at the north pier.',
        position: 1,
      },
      {
        url: `${env.standIn.origin}/pages/ferry-times`,
        title: 'Ferry timetable',
        description: 'Ferry departures.',
        position: 2,
      },
    ]);
    expect(res.news).toEqual([
      {
        title: 'New crane installed',
        url: `${env.standIn.origin}/pages/crane-news`,
        snippet: 'A forty-tonne crane on the east quay.',
        date: '2026-11-20T09:00:00',
        imageUrl: `${env.standIn.origin}/img/crane-thumb.jpg`,
        position: 1,
      },
      {
        title: 'Harbour strike ends',
        url: 'https://news.example.org/harbour-strike',
        snippet: 'Dock workers return.',
        date: '2026-11-18T12:00:00',
        position: 2,
      },
    ]);
    expect(res.images).toEqual([
      {
        title: 'North pier at dawn',
        imageUrl: 'https://photos.example.org/pier.jpg',
        imageWidth: 1920,
        imageHeight: 1080,
        url: 'https://photos.example.org/pier',
        position: 1,
      },
    ]);
    const categories = env.standIn.queries
      .slice(-3)
      .map((q) => q.get('categories'))
      .sort();
    expect(categories).toEqual(['general', 'images', 'news']);
    expect(
      env.standIn.queries.slice(-3).every((q) => q.get('time_range') === 'week' && q.get('format') === 'json'),
    ).toBe(true);
  });

  it('excludeDomains and includeDomains filter the results; a github category narrows the query and tags results', async () => {
    const excluded = await client.search('harbour', { excludeDomains: ['example.net'], limit: 10 });
    expect(excluded.web?.map((r) => (r as { url: string }).url)).not.toContain('https://blocked.example.net/page');
    expect(excluded.web).toHaveLength(3);
    const included = await client.search('harbour', { includeDomains: ['example.net'], limit: 10 });
    expect(included.web?.map((r) => (r as { url: string }).url)).toEqual(['https://blocked.example.net/page']);
    expect(lastQuery().get('q')).toBe('harbour site:example.net');
    const github = await client.search('tides', { categories: ['github'], limit: 5 });
    expect(github.web).toEqual([
      {
        url: 'https://github.com/harbour/tides',
        title: 'harbour/tides',
        description: 'Tide prediction library.',
        category: 'github',
        position: 1,
      },
    ]);
    expect(lastQuery().get('q')).toBe('tides site:github.com');
  });

  it('a limit above one page reads more pages; unknown sources are skipped with a warning', async () => {
    const res = await client.search('many results', { limit: 23, sources: ['web', 'alexandria' as never] });
    expect(res.web).toHaveLength(23);
    expect((res.web?.[22] as { position: number } | undefined)?.position).toBe(23);
    expect(env.standIn.queries.slice(-3).map((q) => q.get('pageno'))).toEqual(['1', '2', '3']);
    expect(res.warning).toContain('alexandria');
  });

  it('scrapeOptions scrapes the results in parallel through the pipeline; a failed one keeps its fields and says why', async () => {
    const res = await client.search('harbour', { limit: 3, scrapeOptions: { formats: ['markdown'] }, timeout: 30_000 });
    const [tide, ferry, dead] = res.web as Record<string, any>[];
    expect(tide).toMatchObject({
      url: `${env.standIn.origin}/pages/tide-tables`,
      title: 'Tide tables for small harbours',
      position: 1,
    });
    expect(tide.markdown).toBe(
      '# Tide tables for small harbours\n\nHigh water at the north pier is at 06:12 and 18:40.',
    );
    expect(tide.metadata).toMatchObject({ statusCode: 200, title: 'Tide tables for small harbours' });
    expect(ferry.markdown).toContain('The ferry to the island leaves at noon');
    expect(dead).toMatchObject({
      url: 'http://127.0.0.1:1/refused',
      title: 'A dead link',
      description: 'This server is gone.',
      position: 3,
    });
    expect(dead.markdown).toBeUndefined();
    expect(dead.metadata).toMatchObject({ code: 'SCRAPE_CONNECTION_REFUSED' });
    expect(dead.metadata.error).toMatch(/refused/i);
    expect(res.warning).toContain('1 result(s) could not be scraped');
  });

  it('one source failing gives the others with a warning; bad input is a 400 naming the field', async () => {
    env.standIn.mode = 'newsDown';
    try {
      const res = await client.search('harbour', { sources: ['web', 'news'], limit: 1 });
      expect(res.web).toHaveLength(1);
      expect(res.news).toBeUndefined();
      expect(res.warning).toMatch(/news search failed .*500/);
    } finally {
      env.standIn.mode = 'ok';
    }
    const empty = await callApi(svc, 'POST', '/v2/search', { query: '   ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.details)).toContain('query');
    const both = await callApi(svc, 'POST', '/v2/search', {
      query: 'x',
      includeDomains: ['a.com'],
      excludeDomains: ['b.com'],
    });
    expect(both).toMatchObject({
      status: 400,
      body: { error: 'includeDomains and excludeDomains cannot both be specified' },
    });
    const badScrape = await callApi(svc, 'POST', '/v2/search', { query: 'x', scrapeOptions: { formats: ['nope'] } });
    expect(badScrape.status).toBe(400);
    expect(badScrape.body.details[0].path[0]).toBe('scrapeOptions');
    const onlyUnknown = await callApi(svc, 'POST', '/v2/search', { query: 'x', sources: ['alexandria'] });
    expect(onlyUnknown).toMatchObject({ status: 400, body: { code: 'SEARCH_UNSUPPORTED_SOURCE' } });
  });

  it('provider failures are codes, never 500s: json disabled (403), too slow', async () => {
    env.standIn.mode = 'forbidden';
    try {
      const forbidden = await sdkError(client.search('harbour'));
      expect(forbidden).toMatchObject({ status: 502, code: 'SEARCH_PROVIDER_ERROR' });
      expect(forbidden.message).toContain('enable the json format');
      env.standIn.mode = 'slow';
      const slow = await sdkError(client.search('harbour', { timeout: 2_000 }));
      expect(slow).toMatchObject({ status: 504, code: 'SEARCH_PROVIDER_TIMEOUT' });
    } finally {
      env.standIn.mode = 'ok';
    }
  });
});

describe('search with the provider down', () => {
  it('answers 502 with a code', async () => {
    // A port that was just free: nothing listens there now.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const svc = await startService({ search: { searxngUrl: `http://127.0.0.1:${port}/` } });
    cleanups.push(() => svc.close());
    const client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 });
    const e = await sdkError(client.search('harbour'));
    expect(e).toMatchObject({ status: 502, code: 'SEARCH_PROVIDER_UNAVAILABLE' });
    expect(e.message).toContain('ECONNREFUSED');
  });
});

describe('search without a provider: the local index of scraped pages', () => {
  it('an empty index is a 400 naming SCRAPE_SEARXNG_URL; scraped pages become searchable, persisted across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-search-e2e-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let svc = await startService({ dataDir, search: { searxngUrl: '' } });
    let client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 });
    const empty = await sdkError(client.search('ferry'));
    expect(empty).toMatchObject({ status: 400, code: 'SEARCH_NO_PROVIDER' });
    expect(empty.message).toContain('SCRAPE_SEARXNG_URL');

    await client.scrape(`${env.standIn.origin}/pages/tide-tables`, { formats: ['markdown'] });
    await client.scrape(`${env.standIn.origin}/pages/ferry-times`, { formats: ['markdown'] });
    // Zero data retention: nothing about the page may be kept, so it is not indexed.
    await client.scrape(`${env.standIn.origin}/pages/crane-news`, {
      formats: ['markdown'],
      zeroDataRetention: true,
    } as never);

    const found = await client.search('ferry island', { sources: ['web', 'news'] });
    expect(found.web).toEqual([
      {
        url: `${env.standIn.origin}/pages/ferry-times`,
        title: 'Ferry timetable',
        description: expect.stringContaining('The ferry to the island leaves at noon'),
        position: 1,
      },
    ]);
    expect(found.warning).toContain('SCRAPE_SEARXNG_URL');
    expect(found.warning).toContain('own index of the 2 page(s)');
    expect(found.warning).toContain('news results are not available');
    expect((await client.search('crane')).web).toEqual([]);

    // Prefix matching: a partial word finds the page; the scraped result carries its document.
    const scraped = await client.search('tide tab', { scrapeOptions: { formats: ['markdown'] } });
    expect((scraped.web?.[0] as { markdown?: string } | undefined)?.markdown).toContain('High water at the north pier');

    await svc.close();
    svc = await startService({ dataDir, search: { searxngUrl: '' } });
    cleanups.push(() => svc.close());
    client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 });
    expect((await client.search('ferry')).web?.map((r) => (r as { url: string }).url)).toEqual([
      `${env.standIn.origin}/pages/ferry-times`,
    ]);
  });
});
