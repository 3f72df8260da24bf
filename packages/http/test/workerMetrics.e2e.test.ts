// A scrape-worker process (no API) serves its own GET /metrics when SCRAPE_WORKER_METRICS_PORT is set: it runs the
// pages of a server that runs none (one embedded data dir), and its metrics count them; a token is required.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor as waitWithin } from '@scrape/test-support';
import { startCrawlSite, type CrawlSite } from './crawlSite.js';
import { callApi, startService, type Service } from './startService.js';

const WORKER_BIN = fileURLToPath(new URL('../dist/bin/scrape-worker.js', import.meta.url));
const TOKEN = 'worker-metrics-token-0123456789';

let site: CrawlSite;
let svc: Service;
let worker: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'scrape-worker-metrics-'));

/** Crawls and worker processes on two shared cores: a generous bound. */
const waitFor = <T>(probe: () => Promise<T> | T, what: string, timeoutMs = 120_000) =>
  waitWithin(probe, what, timeoutMs);

beforeAll(async () => {
  site = await startCrawlSite();
  svc = await startService({ dataDir, jobConcurrency: 0 });
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await svc?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('scrape-worker metrics', () => {
  it('counts the pages the worker ran, behind the metrics token', async () => {
    const env = {
      PATH: process.env.PATH ?? '',
      SCRAPE_DATA_DIR: dataDir,
      SCRAPE_ALLOW_PRIVATE_URLS: '1',
      LOG_LEVEL: 'info',
    };
    worker = spawn(process.execPath, [WORKER_BIN], {
      env: { ...env, SCRAPE_WORKER_METRICS_PORT: '0', SCRAPE_METRICS_TOKEN: TOKEN, SCRAPE_JOB_WORKERS: '2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    worker.stdout!.on('data', (d) => (out += d));
    worker.stderr!.on('data', (d) => (out += d));
    const port = await waitFor(
      () => {
        if (worker!.exitCode !== null) throw new Error(`scrape-worker exited: ${out}`);
        const line = out.split('\n').find((l) => l.includes('scrape-worker metrics listening'));
        return line ? (JSON.parse(line) as { port: number }).port : undefined;
      },
      'the worker metrics listener',
      60_000,
    );
    const url = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(url)).status).toBe(401);

    const started = await callApi(svc, 'POST', '/v2/crawl', { url: site.url('/docs/'), sitemap: 'skip', limit: 3 });
    expect(started.status).toBe(200);
    const done = await waitFor(async () => {
      const s = await callApi(svc, 'GET', `/v2/crawl/${started.body.id}`);
      return s.body.status === 'completed' && s.body;
    }, 'the worker to run the crawl');
    const text = await waitFor(async () => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      const body = await res.text();
      return res.status === 200 && /scrape_jobs_finished_total\{kind="crawl",status="completed"\} 1/.test(body) && body;
    }, 'the finished crawl in the worker metrics');
    expect(text).toContain(`scrape_job_items_committed_total{kind="crawl",outcome="ok"} ${done.completed}`);
    expect(text).toContain(`scrape_scrapes_total{source="crawl",engine="fetch",outcome="ok"} ${done.completed}`);
    expect(text).toMatch(/^scrape_job_queue_items\{kind="crawl",state="waiting"\} 0$/m);
    expect(text).not.toContain('127.0.0.1');
    // The API server ran none of the pages.
    const apiText = await (
      await fetch(`${svc.baseUrl}/metrics`, { headers: { authorization: 'Bearer e2e-test-key-0123456789abcdef' } })
    ).text();
    expect(apiText).not.toMatch(/^scrape_job_items_committed_total\{/m);
  }, 240_000);
});
