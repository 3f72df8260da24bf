import { afterAll, describe, expect, it } from 'vitest';
import { createScraper } from '@scrape/scraper';
import type { CommitEvent, JobRecord } from '@scrape/jobs';
import { createServiceMetrics } from './createServiceMetrics.js';

// A real scraper with no stores: nothing is started by reading its figures.
const scraper = createScraper({ cache: false, search: { localIndex: false } });
afterAll(() => scraper.close());

const job = (over: Partial<JobRecord> = {}): JobRecord => ({
  id: 'job-1',
  kind: 'crawl',
  team: 'team-secret-id',
  status: 'running',
  params: {},
  state: {},
  createdAt: 0,
  updatedAt: 0,
  expiresAt: 0,
  total: 1,
  completed: 0,
  failed: 0,
  pending: 1,
  creditsUsed: 0,
  maxItems: null,
  ...over,
});
const commit = (over: Partial<CommitEvent>): CommitEvent => ({
  job: job(),
  item: { jobId: 'job-1', kind: 'crawl', key: 'https://secret.example/page', payload: {}, attempt: 1 },
  outcome: {},
  jobFinished: false,
  ...over,
});

describe('createServiceMetrics', () => {
  it('folds unknown methods, engines and codes so labels stay bounded', async () => {
    const metrics = createServiceMetrics({ scraper });
    metrics.observeRequest('/v2/scrape', 'BREW', 200, 0.01);
    metrics.observeScrape({ source: 'scrape', engine: 'warp-drive', outcome: 'https://evil.example/?q=1' });
    metrics.observeScrape({ source: 'scrape', engine: 'fetch', outcome: 'SCRAPE_TIMEOUT' });
    const text = await metrics.render();
    expect(text).toContain('scrape_http_requests_total{route="/v2/scrape",method="OTHER",status="200"} 1');
    expect(text).toContain('scrape_scrapes_total{source="scrape",engine="other",outcome="OTHER"} 1');
    expect(text).toContain('scrape_scrapes_total{source="scrape",engine="fetch",outcome="SCRAPE_TIMEOUT"} 1');
    expect(text).not.toContain('evil.example');
  });

  it('counts job commits, a failed job once, and hashes teams only when asked', async () => {
    const metrics = createServiceMetrics({ scraper, teams: true });
    const doc = { metadata: { engine: 'fetch', cacheState: 'miss' } };
    metrics.onJobCommitted(commit({ outcome: { result: doc, credits: 2 } }));
    metrics.onJobCommitted(commit({ outcome: { error: { code: 'ROBOTS_BLOCKED', message: 'no' } } }));
    const failed = job({ status: 'failed' });
    metrics.onJobCommitted(
      commit({ job: failed, outcome: { error: { code: 'INSUFFICIENT_CREDITS', message: 'no' } } }),
    );
    metrics.onJobCommitted(
      commit({ job: failed, outcome: { error: { code: 'INSUFFICIENT_CREDITS', message: 'no' } } }),
    );
    const text = await metrics.render();
    expect(text).toContain('scrape_job_items_committed_total{kind="crawl",outcome="ok"} 1');
    expect(text).toContain('scrape_job_items_committed_total{kind="crawl",outcome="INSUFFICIENT_CREDITS"} 2');
    expect(text).toContain('scrape_jobs_finished_total{kind="crawl",status="failed"} 1');
    const team = /scrape_credits_charged_total\{source="crawl",team="([0-9a-f]{12})"\} 2/.exec(text);
    expect(team).not.toBeNull();
    expect(text).not.toContain('team-secret-id');
    expect(text).not.toContain('secret.example');
    // Without the opt-in there is no team label at all.
    const plain = createServiceMetrics({ scraper });
    plain.onJobCommitted(commit({ outcome: { result: doc, credits: 2 } }));
    expect(await plain.render()).toContain('scrape_credits_charged_total{source="crawl"} 2');
  });

  it('reports no job queue (and opens no job store) before this process used one', async () => {
    const text = await createServiceMetrics({ scraper }).render();
    expect(text).toContain('# TYPE scrape_job_queue_items gauge');
    expect(text).not.toMatch(/^scrape_job_queue_items\{/m);
    expect(text).toMatch(/^scrape_browser_pool_size 0$/m);
  });
});
