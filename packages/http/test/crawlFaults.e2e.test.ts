// Crawls survive their processes: a SIGKILLed server restarted on its data dir resumes its crawl (embedded LMDB), and
// on Redis a second process finishes the crawl of a SIGKILLed first one, with nothing lost and no page twice.
// A scrape-worker process (no HTTP) runs the pages of a server that runs none.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix, waitFor as waitWithin } from '@scrape/test-support';
import { startCrawlSite, type CrawlSite } from './crawlSite.js';
import { startServerProcess, type ServerProcess } from './serverProcesses.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `test:crawlfaults:${randomUUID()}:`;
const WORKER_BIN = fileURLToPath(new URL('../dist/bin/scrape-worker.js', import.meta.url));
const SLOW_PAGES = 30;

let site: CrawlSite;
const dirs: string[] = [];
const processes: { kill: (s?: NodeJS.Signals) => unknown }[] = [];

beforeAll(async () => {
  site = await startCrawlSite({ slowPages: SLOW_PAGES, slowMs: 250 });
});
afterAll(async () => {
  for (const p of processes) p.kill('SIGKILL');
  await site?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await dropRedisPrefix(PREFIX, REDIS_URL);
});

/** Crawls and worker processes on two shared cores: a generous bound. */
const waitFor = <T>(probe: () => Promise<T> | T, what: string, timeoutMs = 120_000) =>
  waitWithin(probe, what, timeoutMs);

async function api(baseUrl: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

async function server(env: Record<string, string>): Promise<ServerProcess> {
  const started = await startServerProcess({ SCRAPE_ALLOW_PRIVATE_URLS: '1', ...env }, 60_000);
  processes.push(started.child);
  return started;
}

/** Every document of a finished crawl, through `next`. */
async function allDocs(baseUrl: string, id: string): Promise<{ metadata: { sourceURL: string } }[]> {
  const docs: { metadata: { sourceURL: string } }[] = [];
  let path: string | null = `/v2/crawl/${id}`;
  while (path) {
    const page: any = await api(baseUrl, 'GET', path);
    docs.push(...page.data);
    path = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
  }
  return docs;
}

const CRAWL = () => ({
  url: site.url('/'),
  sitemap: 'skip',
  includePaths: ['^/$', '^/slow/'],
  maxConcurrency: 2,
  limit: 100,
});

function expectEveryPageOnce(docs: { metadata: { sourceURL: string } }[]) {
  const urls = docs.map((d) => d.metadata.sourceURL).sort();
  expect(new Set(urls).size).toBe(urls.length);
  expect(urls).toHaveLength(SLOW_PAGES + 1);
  expect(urls).toEqual([site.url('/'), ...Array.from({ length: SLOW_PAGES }, (_, i) => site.url(`/slow/${i}`))].sort());
}

/** Waits for the crawl to stop scraping, then checks that it completed with every page once. */
async function expectCompletedWithEveryPageOnce(baseUrl: string, id: string, what: string) {
  const done = await waitFor(async () => {
    const s = await api(baseUrl, 'GET', `/v2/crawl/${id}`);
    return s.status !== 'scraping' && s;
  }, what);
  expect(done.status).toBe('completed');
  expectEveryPageOnce(await allDocs(baseUrl, id));
}

describe('crawl fault tolerance', { timeout: 240_000 }, () => {
  it('embedded: a SIGKILLed server restarted on the same data dir resumes the crawl', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-crawl-kill-'));
    dirs.push(dataDir);
    const first = await server({ SCRAPE_DATA_DIR: dataDir });
    const { id } = await api(first.baseUrl, 'POST', '/v2/crawl', CRAWL());
    await waitFor(
      async () => (await api(first.baseUrl, 'GET', `/v2/crawl/${id}`)).completed >= 5,
      'five pages before the kill',
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await server({ SCRAPE_DATA_DIR: dataDir });
    try {
      const resumed = await api(second.baseUrl, 'GET', `/v2/crawl/${id}`);
      expect(resumed.completed).toBeGreaterThanOrEqual(5);
      await expectCompletedWithEveryPageOnce(second.baseUrl, id, 'the crawl to finish after the restart');
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('redis: the process that started the crawl is SIGKILLed, the other one finishes it', async () => {
    const env = {
      REDIS_URL,
      SCRAPE_REDIS_KEY_PREFIX: `${PREFIX}a:`,
      SCRAPE_ACCOUNTS_KEY_PREFIX: `${PREFIX}acc:`,
      SCRAPE_JOB_LEASE_MS: '3000',
    };
    const [a, b] = await Promise.all([server(env), server(env)]);
    try {
      const { id } = await api(a.baseUrl, 'POST', '/v2/crawl', CRAWL());
      await waitFor(
        async () => (await api(b.baseUrl, 'GET', `/v2/crawl/${id}`)).completed >= 5,
        'five pages before the kill',
      );
      a.child.kill('SIGKILL');
      await a.exited;
      await expectCompletedWithEveryPageOnce(b.baseUrl, id, 'the surviving process to finish the crawl');
    } finally {
      b.child.kill('SIGTERM');
      await b.exited;
    }
  });

  it('redis: a scrape-worker process runs the pages of a server that runs none', async () => {
    const env = { REDIS_URL, SCRAPE_REDIS_KEY_PREFIX: `${PREFIX}w:`, SCRAPE_ACCOUNTS_KEY_PREFIX: `${PREFIX}acc:` };
    const api0 = await server({ ...env, SCRAPE_JOB_WORKERS: '0' });
    const worker = spawn(process.execPath, [WORKER_BIN], {
      env: { PATH: process.env.PATH ?? '', SCRAPE_ALLOW_PRIVATE_URLS: '1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    processes.push(worker);
    let out = '';
    worker.stdout.on('data', (d) => (out += d));
    worker.stderr.on('data', (d) => (out += d));
    const exited = new Promise((r) => worker.on('exit', r));
    try {
      await waitFor(
        () => out.includes('scrape-worker running') || (worker.exitCode !== null && Promise.reject(new Error(out))),
        'the worker to start',
        60_000,
      );
      const { id } = await api(api0.baseUrl, 'POST', '/v2/crawl', { url: site.url('/docs/'), sitemap: 'skip' });
      const done = await waitFor(async () => {
        const s = await api(api0.baseUrl, 'GET', `/v2/crawl/${id}`);
        return s.status === 'completed' && s;
      }, 'the worker to run the crawl');
      expect(done.data.map((d: any) => new URL(d.metadata.sourceURL).pathname).sort()).toEqual([
        '/docs/',
        '/docs/moorings-guide',
        '/docs/tides',
      ]);
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      api0.child.kill('SIGTERM');
      await api0.exited;
    }
  });
});
