// Standalone browser sessions end to end (POST/GET/DELETE /v2/browser, execute, DELETE /v2/interact/{id}):
// the Firecrawl SDK and raw HTTP against fixture pages, real Chromium, the real sandbox, real account billing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from '@mendable/firecrawl-js';
import { createInteractSessions } from '@scrape/scraper/internal';
import { listenLocal, useStarted } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { openAccounts } from '../src/index.js';
import { issueTestKey } from './issueTestKey.js';
import { callApi as call, startService, TEST_KEY } from './startService.js';
import { WARM_HOOK_MS, warmSessionBrowser } from './warmSessionBrowser.js';

const OTHER_KEY = 'e2e-browser-other-team-key-0123456789';
/**
 * A test that starts its own service launches that service's Chromium cold (seconds at load 16, most of the default
 * 30 s on a busier machine): a bound for a hang, not a timing.
 */
const OWN_SERVICE_TEST_MS = 90_000;

const env = useStarted(async (own) => {
  const site = own(
    await listenLocal((req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (req.url === '/form') {
        return res.end(`<!doctype html><title>Form</title><input id="q"><button id="go" onclick="
        document.getElementById('out').textContent = 'searched ' + document.getElementById('q').value">go</button><p id="out"></p>`);
      }
      res.end('<!doctype html><title>Fixture home</title><h1>Hello</h1>');
    }),
  );
  const svc = own(
    await startService({
      apiKeys: [TEST_KEY, OTHER_KEY],
      interact: createInteractSessions({ allowPrivateUrls: true, settings: { maxPerTeam: 2 } }),
    }),
  );
  // The sessions' Chromium launched here, not in the first test (a cold launch on a busy machine takes most of 30 s).
  await warmSessionBrowser(svc);
  return { origin: site.origin, svc, client: new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 }) };
}, WARM_HOOK_MS);

describe('standalone browser sessions through the Firecrawl SDK', () => {
  it('creates a session, drives it over several executes, lists it, and DELETE /v2/interact destroys it', async () => {
    const created = await env.client.browser({ ttl: 120, activityTtl: 60 });
    expect(created.success).toBe(true);
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const expires = Date.parse(created.expiresAt ?? '');
    expect(expires - Date.now()).toBeGreaterThan(100_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(120_000);
    const id = created.id as string;

    const first = await env.client.browserExecute(id, {
      code: `await page.goto('${env.origin}/form'); return await page.title();`,
      language: 'node',
    });
    expect(first).toMatchObject({ success: true, result: 'Form', exitCode: 0 });
    // The same page one call later: the session kept it.
    const second = await env.client.browserExecute(id, {
      code:
        `await page.fill('#q', 'shoes'); await page.click('#go'); console.log('clicked'); return ` +
        `page.textContent('#out');`,
      language: 'node',
    });
    expect(second).toMatchObject({ success: true, result: 'searched shoes', stdout: 'clicked\n' });

    const listed = await env.client.listBrowsers();
    expect(listed.success).toBe(true);
    const mine = listed.sessions?.find((s) => s.id === id);
    expect(mine).toMatchObject({ id, status: 'active', streamWebView: false });
    expect(Date.parse(mine!.lastActivity)).toBeGreaterThanOrEqual(Date.parse(mine!.createdAt));
    // When it would expire for idleness; listing is no call, so a second listing gives the same deadline.
    const idleExpiresAt = (mine as { idleExpiresAt?: string }).idleExpiresAt;
    expect(Date.parse(idleExpiresAt!)).toBeGreaterThan(Date.parse(mine!.lastActivity));
    const again = (await env.client.listBrowsers()).sessions?.find((s) => s.id === id);
    expect((again as { idleExpiresAt?: string }).idleExpiresAt).toBe(idleExpiresAt);

    const stopped = await call(env.svc, 'DELETE', `/v2/interact/${id}`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.success).toBe(true);
    expect(stopped.body.sessionDurationMs).toBeGreaterThan(0);
    expect(stopped.body.creditsBilled).toBeGreaterThanOrEqual(1);
    expect((await env.client.listBrowsers()).sessions?.some((s) => s.id === id)).toBe(false);
    const gone = await env.client.listBrowsers({ status: 'destroyed' });
    const destroyed = gone.sessions?.find((s) => s.id === id);
    expect(destroyed).toMatchObject({ status: 'destroyed' });
    expect(destroyed).not.toHaveProperty('idleExpiresAt');
    // Destroyed is destroyed, by either route.
    expect((await call(env.svc, 'DELETE', `/v2/browser/${id}`)).status).toBe(404);
    expect((await call(env.svc, 'POST', `/v2/browser/${id}/execute`, { code: '1', language: 'node' })).status).toBe(
      404,
    );
  });

  it('deleteBrowser answers the BrowserDeleteResponse shape', async () => {
    const created = await env.client.browser();
    const deleted = await env.client.deleteBrowser(created.id as string);
    expect(deleted).toMatchObject({ success: true, status: 'destroyed' });
    expect(deleted.sessionDurationMs).toBeGreaterThanOrEqual(0);
    expect(typeof deleted.creditsBilled).toBe('number');
  });
});

describe('standalone browser sessions over raw HTTP', () => {
  it("another team's session id is 404 on every route, and the session survives it", async () => {
    const created = await call(env.svc, 'POST', '/v2/browser', {});
    const id = created.body.id as string;
    expect(
      (await call(env.svc, 'POST', `/v2/browser/${id}/execute`, { code: '1', language: 'node' }, OTHER_KEY)).status,
    ).toBe(404);
    expect((await call(env.svc, 'DELETE', `/v2/browser/${id}`, undefined, OTHER_KEY)).status).toBe(404);
    expect((await call(env.svc, 'DELETE', `/v2/interact/${id}`, undefined, OTHER_KEY)).status).toBe(404);
    expect((await call(env.svc, 'GET', '/v2/browser', undefined, OTHER_KEY)).body.sessions).toEqual([]);
    const own = await call(env.svc, 'POST', `/v2/browser/${id}/execute`, { code: 'return 6 * 7', language: 'node' });
    // String(): the result is 42 whether it travels as a JSON number or as the SDK's string.
    expect(own.body.success).toBe(true);
    expect(String(own.body.result)).toBe('42');
    expect((await call(env.svc, 'DELETE', `/v2/browser/${id}`)).status).toBe(200);
  });

  it('bounds sessions per team (429), validates the body, and refuses languages it cannot run', async () => {
    const a = await call(env.svc, 'POST', '/v2/browser', {});
    const b = await call(env.svc, 'POST', '/v2/browser', {});
    const third = await call(env.svc, 'POST', '/v2/browser', {});
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('INTERACT_SESSION_LIMIT');
    const badTtl = await call(env.svc, 'POST', '/v2/browser', { ttl: 1 });
    expect(badTtl.status).toBe(400);
    expect(JSON.stringify(badTtl.body.details)).toContain('ttl');
    // A language the sandbox has no interpreter for: a clear 400, not a silent success.
    const python = await call(env.svc, 'POST', `/v2/browser/${a.body.id}/execute`, {
      code: 'print(1)',
      language: 'python',
    });
    expect(python.status).toBe(400);
    expect(python.body.code).toBe('INTERACT_LANGUAGE_UNSUPPORTED');
    expect((await call(env.svc, 'GET', '/v2/browser?status=bogus')).status).toBe(400);
    // A scrape's session id is not a standalone one.
    const scraped = await env.svc.scrape({ url: `${env.origin}/`, formats: ['markdown'] });
    await call(env.svc, 'DELETE', `/v2/browser/${b.body.id}`);
    const onScrape = await call(env.svc, 'POST', `/v2/scrape/${scraped.body.data.metadata.scrapeId}/interact`, {
      code: 'await page.title()',
    });
    expect(onScrape.body.result).toBe('Fixture home');
    expect(
      (await call(env.svc, 'POST', `/v2/browser/${onScrape.body.sessionId}/execute`, { code: '1', language: 'node' }))
        .status,
    ).toBe(404);
    expect((await call(env.svc, 'DELETE', `/v2/interact/${onScrape.body.sessionId}`)).status).toBe(200);
    expect((await call(env.svc, 'DELETE', `/v2/browser/${a.body.id}`)).status).toBe(200);
  });

  it('navigation from a guarded session cannot reach a loopback address', {
    timeout: OWN_SERVICE_TEST_MS,
  }, async () => {
    const guarded = await startService({ interact: createInteractSessions({ settings: { maxPerTeam: 1 } }) });
    try {
      const created = await call(guarded, 'POST', '/v2/browser', {});
      expect(created.status).toBe(200);
      const run = await call(guarded, 'POST', `/v2/browser/${created.body.id}/execute`, {
        code: `try { await page.goto('${env.origin}/form'); return await page.title(); } catch (e) { return 'refused'; }`,
        language: 'node',
      });
      expect(run.body.result).not.toBe('Form');
    } finally {
      await guarded.close();
    }
  });
});

describe('billing of standalone sessions', () => {
  it('charges session time when it is destroyed, and an empty balance cannot create one (402)', {
    timeout: OWN_SERVICE_TEST_MS,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-browser-acct-'));
    const accounts = await openAccounts({ dataDir });
    const billed = await startService({ accounts });
    try {
      const { key } = await issueTestKey(accounts, { id: 'acct-browser', endpoints: ['interact'] }, 20);
      const created = await call(billed, 'POST', '/v2/browser', {}, key);
      expect(created.status).toBe(200);
      const stop = await call(billed, 'DELETE', `/v2/interact/${created.body.id}`, undefined, key);
      expect(stop.body.creditsBilled).toBeGreaterThanOrEqual(1);
      let balance = 20;
      for (let i = 0; i < 400 && balance === 20; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        balance = await accounts.store.balance('acct-browser');
      }
      expect(balance).toBe(20 - stop.body.creditsBilled);
      await accounts.store.addCredits('acct-browser', -balance);
      const broke = await call(billed, 'POST', '/v2/browser', {}, key);
      expect(broke.status).toBe(402);
      expect(broke.body.error).toBe('Payment Required: Insufficient credits');
    } finally {
      await billed.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
