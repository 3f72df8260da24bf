// The answer of POST /v2/scrape and the kept result (GET /v2/scrape/{id}) share one JSON text of the document: the
// real server and scraper against the fixture site on 127.0.0.1.
import { describe, expect, it, vi } from 'vitest';
import { callApi, useSiteAndService } from './startService.js';

const env = useSiteAndService();

interface Answer {
  status: number;
  body: { success: boolean; data: { markdown?: string; metadata: { scrapeId: string } } };
}

/** The values JSON.stringify was given during `work` that are the scrape's document or an answer wrapping it. */
async function documentSerialisations(work: () => Promise<Answer>) {
  const stringify = vi.spyOn(JSON, 'stringify');
  try {
    const answer = await work();
    const scrapeId = answer.body.data.metadata.scrapeId;
    const calls = stringify.mock.calls
      .map(([value]) => value as { metadata?: { scrapeId?: unknown }; data?: { metadata?: { scrapeId?: unknown } } })
      .filter((value) => value?.metadata?.scrapeId === scrapeId || value?.data?.metadata?.scrapeId === scrapeId);
    return { answer, calls };
  } finally {
    stringify.mockRestore();
  }
}

describe('one JSON text of a scraped document', () => {
  it('a kept scrape is serialised once, and its answer carries what GET /v2/scrape/{id} returns', async () => {
    const url = env.site.url('/articles/tidal-energy?t=answer-json-kept');
    const { answer, calls } = await documentSerialisations(() =>
      env.svc.scrape({ url, formats: ['markdown', 'links'] }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.data.markdown).toMatch(/^# Tidal Energy in Small Harbours/m);
    expect(calls).toHaveLength(1);
    const kept = await callApi(env.svc, 'GET', `/v2/scrape/${answer.body.data.metadata.scrapeId}`);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toEqual(answer.body.data);
  });

  it('a scrape that keeps nothing is serialised once, for its answer', async () => {
    const url = env.site.url('/articles/tidal-energy?t=answer-json-unkept');
    const { answer, calls } = await documentSerialisations(() =>
      env.svc.scrape({ url, formats: ['markdown'], storeInCache: false }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.markdown).toMatch(/^# Tidal Energy in Small Harbours/m);
    expect(calls).toHaveLength(1);
    const kept = await callApi(env.svc, 'GET', `/v2/scrape/${answer.body.data.metadata.scrapeId}`);
    expect(kept.status).toBe(404);
  });
});
