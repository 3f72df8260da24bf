// POST /v2/extract and GET /v2/extract/{id} through the Firecrawl SDK: a job on the job queue that scrapes real
// pages served on 127.0.0.1 and asks an OpenAI-compatible stand-in (127.0.0.1) for each page's JSON, merged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from '@mendable/firecrawl-js';
import { createScraper } from '@scrape/scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startOpenAiDouble, type OpenAiDouble } from '@scrape/test-support/openAiDouble';
import { startSearxngStandIn, type StandIn } from './searxngStandIn.js';
import { callApi, settledJob, startService, TEST_KEY, type Service } from './startService.js';

let llm: OpenAiDouble;
let standIn: StandIn;
let svc: Service;
let client: Firecrawl;
const dirs: string[] = [];

const SCHEMA = {
  type: 'object',
  properties: { harbour: { type: 'string' }, departures: { type: 'array', items: { type: 'string' } } },
  required: ['harbour', 'departures'],
};

beforeAll(async () => {
  llm = await startOpenAiDouble();
  standIn = await startSearxngStandIn();
  // The model reads what the page says: each answer depends on the page text it was sent.
  llm.fallback((req) => {
    const page = JSON.stringify(req.body.messages);
    if (page.includes('ferry to the island')) return completion('{"harbour":"","departures":["island ferry at noon"]}');
    if (page.includes('High water'))
      return completion('{"harbour":"North pier","departures":["tide 06:12","tide 18:40"]}');
    return completion('{"harbour":"","departures":[]}');
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'scrape-extract-e2e-'));
  dirs.push(dataDir);
  const scraper = createScraper({
    allowPrivateUrls: true,
    dataDir,
    engines: { browser: false },
    llm: { baseUrl: llm.baseUrl, model: 'test-model', retryBaseMs: 1 },
    search: { searxngUrl: standIn.origin },
  });
  svc = await startService({ scraper });
  client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 });
}, 60_000);

afterAll(async () => {
  await svc?.close();
  await llm?.close();
  await standIn?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('extract', () => {
  it('reads each page with the model and merges the answers in URL order, with sources', async () => {
    const res = await client.extract({
      urls: [`${standIn.origin}/pages/tide-tables`, `${standIn.origin}/pages/ferry-times`],
      prompt: 'The harbour name and every departure time.',
      schema: SCHEMA,
      showSources: true,
      pollInterval: 1,
      timeout: 60,
    });
    expect(res).toMatchObject({ success: true, status: 'completed' });
    expect(res.data).toEqual({
      harbour: 'North pier',
      departures: ['tide 06:12', 'tide 18:40', 'island ferry at noon'],
    });
    expect(res.sources).toEqual({
      harbour: [`${standIn.origin}/pages/tide-tables`],
      departures: [`${standIn.origin}/pages/tide-tables`, `${standIn.origin}/pages/ferry-times`],
    });
    expect(res.creditsUsed).toBe(2);
    // The model got the schema and the client's prompt with each page.
    const sent = llm.requests.filter((r) => JSON.stringify(r.body.messages).includes('ferry to the island'));
    expect(JSON.stringify(sent[0].body)).toContain('every departure time');
  }, 90_000);

  it('enableWebSearch adds the pages a search finds; a page that cannot be read is left out', async () => {
    const res = await client.extract({
      prompt: 'harbour departures',
      schema: SCHEMA,
      enableWebSearch: true,
      pollInterval: 1,
      timeout: 60,
    });
    expect(res.status).toBe('completed');
    expect(res.data).toEqual({
      harbour: 'North pier',
      departures: ['tide 06:12', 'tide 18:40', 'island ferry at noon'],
    });
  }, 90_000);

  it('a /* URL reads the site: its pages are found with map, then read and merged', async () => {
    const res = await client.extract({
      urls: [`${standIn.origin}/pages/*`],
      prompt: 'harbour departures',
      schema: SCHEMA,
      showSources: true,
      pollInterval: 1,
      timeout: 60,
    });
    expect(res.status).toBe('completed');
    const data = res.data as { harbour: string; departures: string[] };
    expect(data.harbour).toBe('North pier');
    expect([...data.departures].sort()).toEqual(['island ferry at noon', 'tide 06:12', 'tide 18:40']);
    expect([...(res.sources as Record<string, string[]>).departures].sort()).toEqual([
      `${standIn.origin}/pages/ferry-times`,
      `${standIn.origin}/pages/tide-tables`,
    ]);
  }, 90_000);

  it('a job whose pages all fail is failed with the reason; unknown ids are 404s', async () => {
    const started = await callApi(svc, 'POST', '/v2/extract', {
      urls: ['http://127.0.0.1:9/nothing'],
      prompt: 'anything',
    });
    expect(started.status).toBe(200);
    const status = await settledJob(svc, `/v2/extract/${started.body.id}`);
    expect(status).toMatchObject({ success: true, status: 'failed' });
    expect(status.error).toMatch(/refused|failed|Connection/i);
    const missing = await callApi(svc, 'GET', '/v2/extract/00000000-0000-0000-0000-000000000000');
    expect(missing).toMatchObject({ status: 404, body: { code: 'JOB_NOT_FOUND' } });
  }, 90_000);

  it('validation: a prompt or schema is needed; invalid urls are 400s', async () => {
    expect(await callApi(svc, 'POST', '/v2/extract', { urls: [`${standIn.origin}/pages/ferry-times`] })).toMatchObject({
      status: 400,
      body: { error: 'extract needs a prompt or a schema' },
    });
    const bad = await callApi(svc, 'POST', '/v2/extract', { urls: ['ftp://x'], prompt: 'x' });
    expect(bad.status).toBe(400);
  });
});

describe('extract without a model', () => {
  it('is the clear 400 naming the settings', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-extract-e2e-'));
    dirs.push(dataDir);
    const bare = await startService({
      scraper: createScraper({ allowPrivateUrls: true, dataDir, engines: { browser: false }, llm: false }),
    });
    try {
      const res = await callApi(bare, 'POST', '/v2/extract', { urls: ['http://127.0.0.1:9/x'], prompt: 'x' });
      expect(res).toMatchObject({ status: 400, body: { code: 'SCRAPE_LLM_NOT_CONFIGURED' } });
      expect(res.body.error).toContain('SCRAPE_LLM_BASE_URL');
    } finally {
      await bare.close();
    }
  });
});
