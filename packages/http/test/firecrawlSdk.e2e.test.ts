// The official Firecrawl JS SDK (4.x) as a real client of our service: what a user's existing code sees.
import Firecrawl from '@mendable/firecrawl-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_KEY, useSiteAndService } from './startService.js';

const env = useSiteAndService();
let client: Firecrawl;

beforeAll(() => {
  // A trailing slash on apiUrl is how many users write it; the SDK strips it.
  client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: `${env.svc.baseUrl}/`, maxRetries: 1 });
});

/** The SDK's error: the HTTP status, the spec's `code` and `details` of our body. */
async function sdkError(
  promise: Promise<unknown>,
): Promise<{ name: string; message: string; status?: number; code?: string; details?: unknown }> {
  try {
    await promise;
  } catch (err) {
    return err as { name: string; message: string; status?: number; code?: string; details?: unknown };
  }
  throw new Error('expected the SDK call to throw');
}

describe('Firecrawl SDK against our server', () => {
  it('scrape(url, {formats}) returns markdown, html, links and metadata in the documented shapes', async () => {
    const url = env.site.url('/articles/tidal-energy?sdk=1');
    const doc = await client.scrape(url, { formats: ['markdown', 'html', 'links'] });
    expect(typeof doc.markdown).toBe('string');
    expect(doc.markdown).toContain('Marine growth on the blades');
    expect(doc.markdown).not.toContain('FOOTER-COPYRIGHT-NOTICE');
    expect(doc.html).toContain(`href="${env.site.origin}/reports/kelby-2023.pdf"`);
    expect(Array.isArray(doc.links)).toBe(true);
    expect(doc.links).toContain('https://example.org/guide');
    expect(doc.metadata).toMatchObject({
      title: 'Tidal Energy in Small Harbours | Coastal Engineering Notes',
      sourceURL: url,
      url,
      statusCode: 200,
    });
    expect(doc.rawHtml).toBeUndefined();
  });

  it('accepts format objects and options, and a 404 page is still a document', async () => {
    const doc = await client.scrape(env.site.url('/no/such/page?sdk=2'), {
      formats: [{ type: 'markdown' }, 'rawHtml'],
      onlyMainContent: false,
      timeout: 10_000,
    });
    expect(doc.metadata?.statusCode).toBe(404);
    expect(doc.markdown).toContain('does not exist');
    expect(doc.rawHtml).toContain('<title>Page not found</title>');
  });

  it('follows redirects: metadata.url is final, sourceURL as sent', async () => {
    const doc = await client.scrape(env.site.url('/go/1'), { formats: ['markdown'], maxAge: 0 });
    expect(doc.metadata?.sourceURL).toBe(env.site.url('/go/1'));
    expect(doc.metadata?.url).toBe(env.site.url('/articles/tidal-energy'));
  });

  it('a wrong key surfaces as the SDK error with status 401 and our message', async () => {
    const stranger = new Firecrawl({ apiKey: 'wrong-key', apiUrl: env.svc.baseUrl, maxRetries: 1 });
    const err = await sdkError(stranger.scrape(env.site.url('/notes.txt'), { formats: ['markdown'] }));
    expect(err.status).toBe(401);
    expect(err.message).toBe('Unauthorized: Invalid token');
  });

  it('a validation error carries status 400 and details', async () => {
    const err = await sdkError(
      client.scrape(env.site.url('/notes.txt'), { formats: ['markdown'], timeout: 2000, waitFor: 1500 }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toBe('waitFor must not exceed half of timeout');
    expect(Array.isArray(err.details)).toBe(true);
  });

  it('a timeout is status 408 with code SCRAPE_TIMEOUT and no endless auto-resume', async () => {
    const started = Date.now();
    const err = await sdkError(
      client.scrape(env.site.url('/articles/slow-tide?ms=8000&sdk=3'), { formats: ['markdown'], timeout: 1000 }),
    );
    expect(err.status).toBe(408);
    expect(err.code).toBe('SCRAPE_TIMEOUT');
    expect(err.message).toBe('Request Timeout');
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('an invalid URL is status 400 Invalid URL', async () => {
    const err = await sdkError(client.scrape('ftp://127.0.0.1/file', { formats: ['markdown'] }));
    expect(err.status).toBe(400);
    expect(err.message).toBe('Invalid URL');
  });
});
