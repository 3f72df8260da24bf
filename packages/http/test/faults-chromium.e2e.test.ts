// Fault: Chromium killed (SIGKILL) while a browser scrape is in flight, through the real service. The in-flight
// scrape answers a clean 503 in the spec's error shape (no hang, no 500 with a stack), the service stays up, HTTP
// scrapes keep working meanwhile, and the next browser scrape relaunches Chromium and succeeds.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createScraper } from '@scrape/scraper';
import { createBrowserEngine } from '@scrape/scraper/internal';
import { useStarted, waitFor } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { startFixtureSite } from './fixtureSite.js';
import { startService } from './startService.js';

/** How long the slow page holds its answer: far longer than the kill takes, well under the scrape timeout. */
const SLOW_PAGE_MS = 20_000;
/** The in-flight scrape's timeout: a hang would show as a 408 after this, not as the crash error. */
const SCRAPE_TIMEOUT_MS = 25_000;
/** Generous: the machine is shared, and a cold Chromium launch under load can take several seconds. */
const WAIT_LIMIT_MS = 15_000;

const engine = createBrowserEngine({ allowPrivateUrls: true });

/** Parent pid of `pid` from /proc, or undefined once the process is gone. */
function parentOf(pid: number): number | undefined {
  try {
    // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** True when `pid` is this test process's own descendant: we never signal another process's Chromium. */
function isOurDescendant(pid: number): boolean {
  for (let p: number | undefined = pid, hops = 0; p && p > 1 && hops < 64; p = parentOf(p), hops++) {
    if (p === process.pid) return true;
  }
  return false;
}

const env = useStarted(async (own) => {
  const site = own(await startFixtureSite());
  // The engine is made here so the test can read its pool's Chromium pid; the scraper is otherwise the default one.
  const scraper = own(
    createScraper({ cache: false, allowPrivateUrls: true, proxies: {}, engines: { browser: engine } }),
  );
  return { site, service: own(await startService({ scraper })) };
});

describe('Chromium killed mid-scrape', () => {
  it('the in-flight scrape is a clean 503, the service stays up, and the next browser scrape succeeds', async () => {
    // Warm the pool: a browser scrape starts Chromium and gives us its pid.
    const warm = await env.service.scrape({
      url: env.site.url('/articles/tidal-energy'),
      formats: ['markdown'],
      mobile: true,
    });
    expect(warm.status).toBe(200);
    expect(warm.body.data.metadata.engine).toBe('browser');
    const before = engine.stats();
    expect(before?.launches).toBe(1);
    const pid = await waitFor(() => engine.stats()?.pid, 'the Chromium pid', WAIT_LIMIT_MS);
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toMatch(/chrom/i);
    expect(isOurDescendant(pid)).toBe(true);

    // A browser scrape of a page that holds its answer; kill Chromium once the page's request has reached the site.
    const slowPath = '/articles/slow-tide';
    const hitsBefore = env.site.hits(slowPath);
    const started = Date.now();
    const inFlight = env.service.scrape({
      url: env.site.url(`${slowPath}?ms=${SLOW_PAGE_MS}&r=${randomUUID()}`),
      formats: ['markdown'],
      mobile: true,
      timeout: SCRAPE_TIMEOUT_MS,
    });
    await waitFor(() => env.site.hits(slowPath) > hitsBefore, 'the browser to request the slow page', WAIT_LIMIT_MS);
    expect(env.service.app.inFlightScrapes()).toBe(1);
    process.kill(pid, 'SIGKILL');

    // An HTTP-engine scrape while the browser is down: unaffected.
    const during = await env.service.scrape({
      url: env.site.url(`/articles/tidal-energy?r=${randomUUID()}`),
      formats: ['markdown'],
    });
    expect(during.status).toBe(200);
    expect(during.body.data.metadata.engine).toBe('fetch');
    expect(during.body.data.markdown).toContain('Tidal Energy in Small Harbours');

    const crashed = await inFlight;
    const elapsed = Date.now() - started;
    expect(crashed.status).toBe(503);
    expect(crashed.body).toMatchObject({ success: false, code: 'SCRAPE_BROWSER_CRASHED' });
    expect(crashed.body.error).toEqual(expect.any(String));
    // A clean error, not an internal one leaking a stack trace.
    expect(JSON.stringify(crashed.body)).not.toMatch(/\n\s+at |stack/);
    // Answered at the crash, not at the page's hold or the scrape timeout.
    expect(elapsed).toBeLessThan(SLOW_PAGE_MS);
    // The slow page's connection was dropped with the browser.
    await waitFor(() => env.site.abandoned(slowPath) > 0, 'the slow page to be abandoned', WAIT_LIMIT_MS);

    // The service is still up and nothing is left in flight.
    const health = await fetch(`${env.service.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(env.service.app.inFlightScrapes()).toBe(0);

    // The next browser scrape relaunches Chromium and returns real content.
    const next = await env.service.scrape({
      url: env.site.url(`/articles/tidal-energy?r=${randomUUID()}`),
      formats: ['markdown'],
      mobile: true,
    });
    expect(next.status).toBe(200);
    expect(next.body.data.metadata.engine).toBe('browser');
    expect(next.body.data.markdown).toContain('Tidal Energy in Small Harbours');
    expect(engine.stats()?.launches).toBe(2);
    const relaunched = await waitFor(() => engine.stats()?.pid, 'the new Chromium pid', WAIT_LIMIT_MS);
    expect(relaunched).not.toBe(pid);
    expect(isOurDescendant(relaunched)).toBe(true);

    // And plain HTTP scrapes after the crash too.
    const after = await env.service.scrape({
      url: env.site.url(`/articles/tidal-energy?r=${randomUUID()}`),
      formats: ['markdown'],
    });
    expect(after.status).toBe(200);
    expect(after.body.data.metadata.engine).toBe('fetch');
  }, 60_000);
});
