// `prompt` on POST /v2/crawl: the configured OpenAI-compatible model (a stand-in on 127.0.0.1) turns it into crawl
// options, as params-preview does, and the options the body sets itself win over generated ones; without a model the
// crawl is refused with the usual 400 and nothing is stored.
import Firecrawl from '@mendable/firecrawl-js';
import { createScraper } from '@scrape/scraper';
import { useStarted, waitFor } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { completion, startOpenAiDouble } from '@scrape/test-support/openAiDouble';
import { startCrawlSite } from './crawlSite.js';
import { callApi, startService, TEST_KEY } from './startService.js';

const env = useStarted(async (own) => {
  const site = own(await startCrawlSite());
  const llm = own(await startOpenAiDouble());
  const scraper = own(
    createScraper({
      allowPrivateUrls: true,
      engines: { browser: false },
      pdf: { ocr: false },
      llm: { baseUrl: llm.baseUrl, model: 'test-model', retryBaseMs: 1, maxRetries: 0 },
    }),
  );
  const svc = own(await startService({ scraper }));
  const bare = own(
    await startService({
      scraper: createScraper({ allowPrivateUrls: true, engines: { browser: false }, llm: false }),
      jobConcurrency: 0,
    }),
  );
  return { site, llm, scraper, svc, bare };
});

const pathsOf = (docs: { metadata: { sourceURL?: string; url?: string } }[]) =>
  docs.map((d) => new URL(String(d.metadata.sourceURL ?? d.metadata.url)).pathname).sort();

describe('POST /v2/crawl with prompt', () => {
  it('applies the options the model generates, under the explicit ones (explicit limit wins over the generated one)', async () => {
    env.llm.reset();
    env.llm.reply(completion(JSON.stringify({ includePaths: ['^/docs/.*'], sitemap: 'skip', limit: 2 })));
    const started = await callApi(env.svc, 'POST', '/v2/crawl', {
      url: env.site.url('/'),
      prompt: 'Only the documentation pages',
      limit: 20,
    });
    expect(started.status).toBe(200);
    // The model was asked with the prompt and the start URL.
    expect(env.llm.requests).toHaveLength(1);
    expect(JSON.stringify(env.llm.requests[0].body.messages)).toContain('Only the documentation pages');
    const stored = await (await env.scraper.jobs.jobs()).getJob(started.body.id);
    expect(stored?.params).toMatchObject({ includePaths: ['^/docs/.*'], sitemap: 'skip', limit: 20 });
    const done = await waitFor(async () => {
      const s = await callApi(env.svc, 'GET', `/v2/crawl/${started.body.id}?limit=1000`);
      return s.body.status === 'completed' && s.body;
    }, 'the prompted crawl');
    const paths = pathsOf(done.data);
    // The generated limit (2) would have stopped it early; the generated includePaths kept it to the docs.
    expect(paths.length).toBeGreaterThan(2);
    for (const path of paths.filter((p) => p !== '/')) expect(path).toMatch(/^\/docs\//);
    expect(paths).toEqual(expect.arrayContaining(['/docs/', '/docs/tides', '/docs/moorings-guide']));
  });

  it('works through the SDK (startCrawl with prompt), explicit includePaths winning', async () => {
    env.llm.reset();
    env.llm.reply(completion(JSON.stringify({ includePaths: ['^/blog/.*'], sitemap: 'skip' })));
    const client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: env.svc.baseUrl });
    const job = await client.crawl(env.site.url('/'), {
      prompt: 'the blog',
      includePaths: ['^/chain/.*'],
      limit: 10,
      pollInterval: 1,
    });
    expect(job.status).toBe('completed');
    const paths = pathsOf(job.data as never).filter((p) => p !== '/');
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).toMatch(/^\/chain\//);
  });

  it('without a model: the usual 400 SCRAPE_LLM_NOT_CONFIGURED, and no crawl is stored', async () => {
    const refused = await callApi(env.bare, 'POST', '/v2/crawl', { url: env.site.url('/'), prompt: 'only the docs' });
    expect(refused).toMatchObject({ status: 400, body: { success: false, code: 'SCRAPE_LLM_NOT_CONFIGURED' } });
    expect(refused.body.error).toContain('crawl prompt needs an OpenAI-compatible LLM server');
    expect((await callApi(env.bare, 'GET', '/v2/crawl/active')).body.crawls).toEqual([]);
  });
});
