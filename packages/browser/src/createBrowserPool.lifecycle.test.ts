import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserError, createBrowserPool, type BrowserPool } from '../dist/index.js';
import { html, startFixtureServer, type FixtureServer } from '../test/fixtureServer.js';
import { rejectionOf, waitFor } from '@scrape/test-support';

let site: FixtureServer;
let inFlight = 0;
let maxInFlight = 0;
let slowArrived: (() => void) | undefined;

beforeAll(async () => {
  site = await startFixtureServer({
    '/fast': html('<h1>fast page</h1>'),
    '/slow': (_req, res) => {
      slowArrived?.();
      setTimeout(() => res.end(html('<h1>slow page</h1>')), 5_000).unref();
    },
    '/busy': (_req, res) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.setHeader('content-type', 'text/html');
        res.end(html('<h1>busy page</h1>'));
      }, 300);
    },
  });
});

afterAll(async () => {
  await site?.close();
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, BrowserError);

describe('browser pool lifecycle', () => {
  let pool: BrowserPool;
  afterAll(async () => pool?.close());

  it('fails the render in flight when Chromium is killed, then relaunches for the next one', async () => {
    pool = createBrowserPool({ maxConcurrency: 2 });
    expect((await pool.render({ url: `${site.base}/fast`, timeout: 20_000 })).html).toContain('fast page');
    const pid = pool.stats().pid!;
    expect(pid).toBeGreaterThan(0);
    expect(isAlive(pid)).toBe(true);

    const arrived = new Promise<void>((resolve) => (slowArrived = resolve));
    const inFlightRender = pool.render({ url: `${site.base}/slow`, timeout: 20_000 });
    await arrived;
    process.kill(pid, 'SIGKILL');
    const error = await failure(inFlightRender);
    // The crash ended the render, not its 20 s timeout (that would be kind `timeout`); no wall-clock bound, which a
    // loaded machine overran (it passed only on a retry).
    expect(error.kind).toBe('browser_crashed');

    const next = await pool.render({ url: `${site.base}/fast`, timeout: 20_000 });
    expect(next.html).toContain('fast page');
    expect(pool.stats().launches).toBe(2);
    expect(pool.stats().pid).not.toBe(pid);
  });

  it('never runs more renders at once than maxConcurrency', async () => {
    maxInFlight = 0;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => pool.render({ url: `${site.base}/busy`, timeout: 20_000 })),
    );
    expect(results.every((r) => r.html.includes('busy page'))).toBe(true);
    expect(maxInFlight).toBe(2);
    // The queue wait is reported: at least one render waited for a slot.
    expect(Math.max(...results.map((r) => r.timings.queuedMs))).toBeGreaterThan(200);
  });

  it('counts the queue wait against the timeout', async () => {
    const blockers = [1, 2].map(() => pool.render({ url: `${site.base}/busy`, timeout: 20_000 }));
    const error = await failure(pool.render({ url: `${site.base}/fast`, timeout: 100 }));
    expect(error.kind).toBe('timeout');
    await Promise.all(blockers);
  });
});

describe('idle shutdown and launch failures', () => {
  it('closes Chromium after the idle timeout and starts it again on demand', async () => {
    const pool = createBrowserPool({ idleTimeoutMs: 300 });
    try {
      await pool.render({ url: `${site.base}/fast`, timeout: 20_000 });
      const pid = pool.stats().pid!;
      // Waits for the shutdown itself (a fixed sleep past the 300 ms timeout can end before it on a loaded machine).
      await waitFor(() => !pool.stats().running && !isAlive(pid), 'Chromium to close after the idle timeout', 30_000);
      expect((await pool.render({ url: `${site.base}/fast`, timeout: 20_000 })).html).toContain('fast page');
      expect(pool.stats().launches).toBe(2);
    } finally {
      await pool.close();
    }
    await expect(pool.render({ url: `${site.base}/fast`, timeout: 5_000 })).rejects.toMatchObject({
      kind: 'browser_unavailable',
    });
  });

  it('names the missing executable and how to install it', async () => {
    const pool = createBrowserPool({ executablePath: '/nonexistent/chromium' });
    const error = await failure(pool.render({ url: `${site.base}/fast`, timeout: 5_000 }));
    expect(error.kind).toBe('browser_unavailable');
    expect(error.message).toContain('/nonexistent/chromium');
    expect(error.message).toContain('CHROMIUM_PATH');
    await pool.close();
  });
});
