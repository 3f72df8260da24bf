// Interact continues a browser-served scrape on the scrape's own page (kept, paused, for a short window): the state its
// actions left is there and the page is not loaded again. Real Chromium, real sandbox, a fixture site that counts.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createInteractSessions } from '@scrape/scraper/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Service, callApi } from './startService.js';
import { WARM_HOOK_MS, warmSessionBrowser } from './warmSessionBrowser.js';

let site: Server;
let origin = '';
/** Requests per path: a re-navigation shows here. */
const hits = new Map<string, number>();
let svc: Service;
let short: Service;

const FORM = `<!doctype html><html><head><title>Form</title></head><body>
<h1>Order form</h1><p>Type a name and press the button to see the hidden part of this page.</p>
<input id="name"><button id="reveal" onclick="document.getElementById('secret').hidden = false; history.pushState({}, '', '?step=2')">reveal</button>
<p id="secret" hidden>The hidden part: only a click shows this paragraph.</p>
<script>document.cookie = 'from_script=yes; path=/';</script></body></html>`;

beforeAll(async () => {
  site = createHttpServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (path.startsWith('/form')) {
      res.setHeader('set-cookie', 'from_server=1; Path=/');
      return res.end(FORM);
    }
    res.statusCode = 404;
    res.end('not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
});

// Each service's Chromiums launched before the tests: a cold launch took 35 s of the first test's 30 s at load 25.
beforeAll(async () => {
  svc = await startService();
  await warmUp(svc);
}, WARM_HOOK_MS);

beforeAll(async () => {
  // A short keep window: expiry without a long wait.
  short = await startService({
    interact: createInteractSessions({ allowPrivateUrls: true, settings: { retainMs: 1_500 } }),
  });
  await warmUp(short);
}, WARM_HOOK_MS);

afterAll(async () => {
  await svc?.close();
  await short?.close();
  site?.close();
});

const call = callApi;

/** Scrapes /form{suffix} typing a name and clicking the reveal button; returns the scrapeId. */
async function scrapeWithActions(
  service: Service,
  suffix: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await service.scrape({
    url: `${origin}/form${suffix}`,
    formats: ['markdown'],
    actions: [
      { type: 'click', selector: '#name' },
      { type: 'write', text: 'Ada Lovelace' },
      { type: 'click', selector: '#reveal' },
    ],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.markdown).toContain('only a click shows this paragraph');
  return res.body.data.metadata.scrapeId as string;
}

/**
 * Launches the scrape's render browser and the interact sessions' browser of a service, keeping no page: a scrape
 * with zero data retention is served by the browser (its actions need it) but its page is never kept, so nothing
 * counts in the per-team eviction below; the standalone session is opened and closed.
 */
async function warmUp(service: Service): Promise<void> {
  await scrapeWithActions(service, '/warm-up', { zeroDataRetention: true });
  await warmSessionBrowser(service);
}

/**
 * Per test: a chain of up to three browser scrapes and three interact calls on warm browsers (at most 9 s at load
 * 25), so a bound for a hang, not a timing.
 */
const TEST_MS = 120_000;

const READ_STATE = `return {
  value: await page.inputValue('#name'),
  revealed: await page.isVisible('#secret'),
  url: await page.url(),
  cookies: (await context.cookies()).map((c) => c.name).sort(),
};`;

describe('interact on the scrape page kept after the scrape', { timeout: TEST_MS }, () => {
  it("the first call sees the DOM, URL, input value and cookies the scrape's actions left, without loading the page again", async () => {
    const before = hits.get('/form/kept') ?? 0;
    const id = await scrapeWithActions(svc, '/kept');
    const loads = hits.get('/form/kept');
    expect(loads).toBe(before + 1);
    const first = await call(svc, 'POST', `/v2/scrape/${id}/interact`, { code: READ_STATE, language: 'node' });
    expect(first.status).toBe(200);
    expect(withResult(first.body)).toMatchObject({
      success: true,
      scrapePage: 'kept',
      result: {
        value: 'Ada Lovelace',
        revealed: true,
        url: `${origin}/form/kept?step=2`,
        cookies: ['from_script', 'from_server'],
      },
    });
    expect(first.body.scrapePageReason).toBeUndefined();
    // Not one more request for the page: the session is the scrape's page, not a re-opened URL.
    expect(hits.get('/form/kept')).toBe(loads);
    // Later calls run on the same page and do not repeat the field.
    const second = await call(svc, 'POST', `/v2/scrape/${id}/interact`, {
      code: `await page.fill('#name', 'Grace'); return page.inputValue('#name')`,
    });
    expect(second.body).toMatchObject({ success: true, sessionId: first.body.sessionId, result: 'Grace' });
    expect(second.body.scrapePage).toBeUndefined();
    const stopped = await call(svc, 'DELETE', `/v2/scrape/${id}/interact`);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ success: true });
    expect(stopped.body.creditsBilled).toBeGreaterThanOrEqual(1);
  });

  it('a scrape served without the browser, or with zero data retention, re-opens the URL and says why', async () => {
    const plain = await svc.scrape({ url: `${origin}/form/plain`, formats: ['markdown'] });
    expect(plain.status).toBe(200);
    const before = hits.get('/form/plain');
    const run = await call(svc, 'POST', `/v2/scrape/${plain.body.data.metadata.scrapeId}/interact`, {
      code: READ_STATE,
    });
    expect(withResult(run.body)).toMatchObject({
      success: true,
      scrapePage: 'reopened',
      result: { value: '', revealed: false },
    });
    expect(run.body.scrapePageReason).toMatch(/no page of this scrape is kept/);
    expect(hits.get('/form/plain')).toBe(before! + 1);
    await call(svc, 'DELETE', `/v2/interact/${run.body.sessionId}`);

    const zdr = await scrapeWithActions(svc, '/zdr', { zeroDataRetention: true });
    const afterScrape = hits.get('/form/zdr');
    const zdrRun = await call(svc, 'POST', `/v2/scrape/${zdr}/interact`, { code: READ_STATE });
    expect(withResult(zdrRun.body)).toMatchObject({
      success: true,
      scrapePage: 'reopened',
      result: { value: '', revealed: false },
    });
    expect(hits.get('/form/zdr')).toBe(afterScrape! + 1);
    await call(svc, 'DELETE', `/v2/interact/${zdrRun.body.sessionId}`);
  });
});

describe('when the kept page is gone', { timeout: TEST_MS }, () => {
  it('after the keep window the session re-opens the final URL (state lost) and says why', async () => {
    const id = await scrapeWithActions(short, '/expired');
    const loads = hits.get('/form/expired')!;
    // Past the 1.5 s window (its timer was set before this one, so it has fired when this one does).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const run = await call(short, 'POST', `/v2/scrape/${id}/interact`, { code: READ_STATE });
    expect(run.status).toBe(200);
    expect(withResult(run.body)).toMatchObject({
      success: true,
      scrapePage: 'reopened',
      result: { value: '', revealed: false, url: `${origin}/form/expired?step=2` },
    });
    expect(run.body.scrapePageReason).toMatch(/kept 1500 ms/);
    // The final URL (after the scrape's pushState) was loaded again.
    expect(hits.get('/form/expired')).toBe(loads + 1);
    await call(short, 'DELETE', `/v2/interact/${run.body.sessionId}`);
  });

  it('newer scrapes of the team evict the oldest kept page (2 per team by default); the newer ones are still adopted', async () => {
    const older = await scrapeWithActions(svc, '/older');
    const middle = await scrapeWithActions(svc, '/middle');
    const newer = await scrapeWithActions(svc, '/newer');
    const a = await call(svc, 'POST', `/v2/scrape/${older}/interact`, { code: READ_STATE });
    expect(a.body).toMatchObject({ success: true, scrapePage: 'reopened' });
    expect(a.body.scrapePageReason).toMatch(/evicted: at most 2 scrape pages are kept per team/);
    for (const id of [middle, newer]) {
      const kept = await call(svc, 'POST', `/v2/scrape/${id}/interact`, { code: READ_STATE });
      expect(withResult(kept.body)).toMatchObject({
        success: true,
        scrapePage: 'kept',
        result: { value: 'Ada Lovelace', revealed: true },
      });
      await call(svc, 'DELETE', `/v2/interact/${kept.body.sessionId}`);
    }
    await call(svc, 'DELETE', `/v2/interact/${a.body.sessionId}`);
  });
});

/** `result` is a string on the wire (JSON-encoded when the code returned an object): read it back for the checks. */
function withResult(body: { result?: unknown }): Record<string, unknown> {
  return { ...body, result: typeof body.result === 'string' ? JSON.parse(body.result) : body.result };
}
