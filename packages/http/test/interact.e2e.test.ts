// Interact sessions end to end: raw HTTP and the Firecrawl SDK against fixture pages, real Chromium, real sandbox.
import Firecrawl from '@mendable/firecrawl-js';
import { createInteractSessions } from '@scrape/scraper/internal';
import { listenLocal, useStarted, waitFor } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuthenticator } from '../src/createAuthenticator.js';
import { openAccounts } from '../src/index.js';
import { issueTestKey } from './issueTestKey.js';
import { startService, TEST_KEY, type Service, callApi } from './startService.js';

const OTHER_KEY = 'e2e-other-team-key-0123456789abcdef';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

let forbiddenHits = 0;
/** The guarded sessions' idle timeout, and how each of them ended (reason, wall-clock time of the end). */
const GUARDED_IDLE_MS = 3_000;
const guardedEnds = new Map<string, { reason: string; at: number }>();

function startSite() {
  return listenLocal((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (url.pathname === '/wizard') {
      return res.end(
        page(
          'Wizard',
          `<h1 id="step">step 1</h1><button id="next" onclick="
        const h = document.getElementById('step'); h.textContent = 'step ' + (Number(h.textContent.split(' ')[1]) + 1);
        if (h.textContent === 'step 3') document.body.insertAdjacentHTML('beforeend', '<p id=done>all done</p>');">next</button>
        <p>Wizard page with enough words to be a real page for the scraper to keep.</p>`,
        ),
      );
    }
    if (url.pathname === '/login' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const user = new URLSearchParams(body).get('user') ?? '';
        res.statusCode = 303;
        res.setHeader('set-cookie', `session=${encodeURIComponent(user)}; Path=/; Max-Age=3600`);
        res.setHeader('location', '/account');
        res.end();
      });
      return;
    }
    if (url.pathname === '/login') {
      return res.end(
        page(
          'Login',
          '<form method="post" action="/login"><input name="user" id="user"><button id="submit">Log ' +
            'in</button></form><p>Please log in to see your account details.</p>',
        ),
      );
    }
    if (url.pathname === '/account') {
      const user = /(?:^|; )session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      return res.end(
        page(
          'Account',
          user
            ? `<h1>Welcome back, ${decodeURIComponent(user)}</h1><p>Your account overview and settings live ` +
                `here.</p><script>localStorage.setItem('seen', 'yes')</script>`
            : '<h1>Not logged in</h1><p>Please log in first to see the account overview.</p>',
        ),
      );
    }
    res.end(page('Home', '<h1>Home</h1><p>A plain page.</p>'));
  });
}

const env = useStarted(async (own) => {
  const site = own(await startSite());
  const forbidden = own(
    await listenLocal((_req, res) => {
      forbiddenHits++;
      res.end('internal secret');
    }),
  );
  const svc = own(await startService({ apiKeys: [TEST_KEY, OTHER_KEY] }));
  // Sessions with the SSRF guard on (only the fixture site's port allowed) and a short idle timeout.
  const guardedSessions = createInteractSessions({
    allowAddress: (_a, port) => port === site.port,
    settings: { idleTimeoutMs: GUARDED_IDLE_MS, maxPerTeam: 2 },
    onSessionEnd: ({ sessionId, reason }) => guardedEnds.set(sessionId, { reason, at: Date.now() }),
  });
  return {
    origin: site.origin,
    forbiddenPort: forbidden.port,
    svc,
    client: new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 }),
    guardedSessions,
    guarded: own(await startService({ interact: guardedSessions })),
  };
}, 60_000);

const call = callApi;

async function scrapeId(service: Service, path: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await service.scrape({ url: `${env.origin}${path}`, formats: ['markdown'], ...extra });
  expect(res.status).toBe(200);
  return res.body.data.metadata.scrapeId as string;
}

describe('interact over raw HTTP', () => {
  it('clicks through a multi-step page in one session, then stops it; a second delete is 404', async () => {
    const id = await scrapeId(env.svc, '/wizard');
    const first = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, {
      code: `await page.click('#next'); return await page.textContent('#step');`,
      language: 'node',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, result: 'step 2', exitCode: 0, killed: false });
    const sessionId = first.body.sessionId as string;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // The same page, one step further: the session kept it.
    const second = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, {
      code: `await page.click('#next'); console.log('clicked'); return page.locator('#done').textContent()`,
    });
    expect(second.body).toMatchObject({ success: true, sessionId, result: 'all done', stdout: 'clicked\n' });

    const stopped = await call(env.svc, 'DELETE', `/v2/interact/${sessionId}`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.success).toBe(true);
    expect(stopped.body.sessionDurationMs).toBeGreaterThan(0);
    expect(stopped.body.creditsBilled).toBeGreaterThanOrEqual(1);
    const again = await call(env.svc, 'DELETE', `/v2/interact/${sessionId}`);
    expect(again.status).toBe(404);
    expect(again.body.success).toBe(false);
    expect(await call(env.svc, 'DELETE', `/v2/scrape/${id}/interact`)).toMatchObject({ status: 404 });
  });

  it("another team's session and scrape answer 404 exactly as unknown ids do", async () => {
    const id = await scrapeId(env.svc, '/');
    const first = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, { code: 'await page.title()' });
    expect(first.body).toMatchObject({ success: true, result: 'Home' });
    const foreignSession = await call(env.svc, 'DELETE', `/v2/interact/${first.body.sessionId}`, undefined, OTHER_KEY);
    const foreignScrape = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, { code: '1' }, OTHER_KEY);
    const unknownSession = await call(env.svc, 'DELETE', `/v2/interact/00000000-0000-0000-0000-000000000000`);
    const unknownScrape = await call(env.svc, 'POST', `/v2/scrape/00000000-0000-0000-0000-000000000000/interact`, {
      code: '1',
    });
    expect(foreignSession).toEqual(unknownSession);
    expect(foreignScrape).toEqual(unknownScrape);
    expect(unknownSession.status).toBe(404);
    expect(unknownScrape.status).toBe(404);
    expect((await call(env.svc, 'DELETE', `/v2/interact/${first.body.sessionId}`)).status).toBe(200);
  });

  it('a prompt without a configured model is a clear 400, an unknown language a 400, no code or prompt a 400', async () => {
    const id = await scrapeId(env.svc, '/');
    const prompt = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, { prompt: 'click the button' });
    expect(prompt.status).toBe(400);
    expect(prompt.body.code).toBe('SCRAPE_LLM_NOT_CONFIGURED');
    expect(
      (await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, { code: 'print(1)', language: 'python' })).status,
    ).toBe(400);
    expect((await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, {})).status).toBe(400);
  });

  it('sandbox escapes are contained and reported; the server and the session stay up', async () => {
    const id = await scrapeId(env.svc, '/');
    const exit = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, {
      code: `this.constructor.constructor('return process')().exit(3)`,
    });
    expect(exit.body).toMatchObject({ success: false, exitCode: 3 });
    const req = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, {
      code: `require('fs').readFileSync('/etc/passwd', 'utf8')`,
    });
    expect(req.body.success).toBe(false);
    expect(req.body.error).toMatch(/require is not defined/);
    const loop = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, { code: 'while (true) {}', timeout: 1 });
    expect(loop.body).toMatchObject({ success: false, killed: true });
    const bomb = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, {
      code: 'const a = []; for (;;) a.push(new Array(1e6).fill(7));',
      timeout: 30,
    });
    expect(bomb.body.success).toBe(false);
    expect(bomb.body.error).toMatch(/memory|exited/);
    const fetched = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, {
      code:
        `try { await fetch('http://127.0.0.1:${env.forbiddenPort}/'); return 'reached'; } catch (e) { return ` +
        `'refused: ' + e.message; }`,
    });
    expect(fetched.body.result).not.toBe('reached');
    expect(forbiddenHits).toBe(0);
    const alive = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, { code: 'await page.title()' });
    expect(alive.body).toMatchObject({ success: true, result: 'Home', sessionId: exit.body.sessionId });
    expect((await fetch(`${env.svc.baseUrl}/health`)).status).toBe(200);
    await call(env.svc, 'DELETE', `/v2/scrape/${id}/interact`);
  });
});

describe('interact with the SSRF guard on', () => {
  it('the page cannot be sent to a forbidden loopback port, and an idle session expires', async () => {
    const id = await scrapeId(env.guarded, '/');
    const out = await call(env.guarded, 'POST', `/v2/scrape/${id}/interact`, {
      code:
        `try { await page.goto('http://127.0.0.1:${env.forbiddenPort}/'); return await page.content(); } catch (e) { ` +
        `return 'blocked'; }`,
    });
    expect(out.body.success).toBe(true);
    expect(out.body.result).toBe('blocked');
    const viaPage = await call(env.guarded, 'POST', `/v2/scrape/${id}/interact`, {
      code:
        `await page.evaluate((u) => fetch(u).then(() => 'reached', () => 'blocked'), ` +
        `'http://127.0.0.1:${env.forbiddenPort}/')`,
    });
    expect(viaPage.body.result, JSON.stringify(viaPage.body)).toBe('blocked');
    expect(forbiddenHits).toBe(0);
    // Left idle, a session expires GUARDED_IDLE_MS after its last call returned. That moment is the server's: on a
    // loaded machine the idle time can run out before the test's next request arrives (which then opens a new
    // session) or before its first status read, so no step asserts a state inside that window (the `active` read
    // this test made right after the call could fail so). The session of the last call is followed through the status read
    // (not a call, so the idle clock runs on) until it has ended, and what holds whenever the timer fired is checked:
    // the reason, and an end no earlier than the idle timeout after its last activity.
    const team = (createAuthenticator([TEST_KEY])(`Bearer ${TEST_KEY}`) as { team: string }).team;
    const sessionId = viaPage.body.sessionId as string;
    if (sessionId !== out.body.sessionId) {
      const first = await waitFor(() => guardedEnds.get(out.body.sessionId), 'the first session end to be reported');
      expect(first.reason).toBe('idle timeout');
    }
    const ended = await waitFor(
      () =>
        env.guardedSessions.status(sessionId, team)?.status === 'destroyed' &&
        env.guardedSessions.status(sessionId, team),
      'the idle session to expire',
      120_000,
    );
    expect(ended).toMatchObject({ kind: 'scrape', endReason: 'idle timeout' });
    const end = await waitFor(() => guardedEnds.get(sessionId), 'the session end to be reported');
    expect(end.reason).toBe('idle timeout');
    // A timer may fire a millisecond early against the wall clock; ending takes longer than that (the page closes).
    expect(end.at - Date.parse(ended.lastActivity)).toBeGreaterThanOrEqual(GUARDED_IDLE_MS - 1);
    expect((await call(env.guarded, 'DELETE', `/v2/interact/${sessionId}`)).status).toBe(404);
    // A cap, not a wait: this test pays the guarded service's first session browser launch (the test took 62-78 s
    // of its former 90 s cap on a loaded machine here); every step above waits for its condition.
  }, 300_000);
});

describe('interact through the Firecrawl SDK', () => {
  it('interact and stopInteraction', async () => {
    const doc = await env.client.scrape(`${env.origin}/wizard`, { formats: ['markdown'] });
    const id = doc.metadata!.scrapeId as string;
    const first = await env.client.interact(id, {
      code: `await page.click('#next'); await page.click('#next'); return page.textContent('#done');`,
    });
    expect(first.success).toBe(true);
    expect((first as any).result).toBe('all done');
    const stop = await env.client.stopInteraction(id);
    expect(stop.success).toBe(true);
    expect(stop.creditsBilled).toBeGreaterThanOrEqual(1);
    await expect(env.client.stopInteraction(id)).rejects.toMatchObject({ status: 404 });
  });

  it('result is a string (JSON when not one) and output carries it when nothing was printed; clients read output ?? result', async () => {
    const doc = await env.client.scrape(`${env.origin}/wizard`, { formats: ['markdown'] });
    const id = doc.metadata!.scrapeId as string;
    const object = await env.client.interact(id, {
      code: `return { step: await page.textContent('#step'), n: 2 }`,
      language: 'node',
    });
    expect(object.result).toBe('{"step":"step 1","n":2}');
    // What the AI-SDK tool hands the model: never an empty string hiding the value.
    expect(object.output ?? object.result).toBe('{"step":"step 1","n":2}');
    const printed = await env.client.interact(id, { code: `console.log('clicked'); return 'done'` });
    expect(printed).toMatchObject({ result: 'done', output: 'clicked\n', stdout: 'clicked\n' });
    const nothing = await env.client.interact(id, { code: `await page.title(); return undefined` });
    expect(nothing.result ?? null).toBeNull();
    expect(nothing.output).toBe('');
    await env.client.stopInteraction(id);
  });

  it('the AI-SDK probe: bash `echo ready` answers ready; the page command drives the same page', async () => {
    const doc = await env.client.scrape(`${env.origin}/wizard`, { formats: ['markdown'] });
    const id = doc.metadata!.scrapeId as string;
    const probe = await env.client.interact(id, { code: 'echo ready', language: 'bash' });
    expect(probe).toMatchObject({ success: true, output: 'ready\n', exitCode: 0 });
    const driven = await env.client.interact(id, {
      code: `page click '#next' >/dev/null && page textContent '#step'`,
      language: 'bash',
    });
    expect(driven.output).toBe('step 2\n');
    const node = await env.client.interact(id, { code: `return page.textContent('#step')` });
    expect(node.result).toBe('step 2');
    const failed = await env.client.interact(id, { code: 'exit 3', language: 'bash' });
    expect(failed).toMatchObject({ success: false, exitCode: 3 });
    await expect(env.client.interact(id, { code: 'print(1)', language: 'python' })).rejects.toMatchObject({
      status: 400,
    });
    await env.client.stopInteraction(id);
  });
});

describe('profiles', () => {
  it('log in through a form in a session, then a later scrape reuses the logged-in profile; never across teams', async () => {
    const name = `acct-${Date.now()}`;
    const id = await scrapeId(env.svc, '/login', { profile: { name } });
    const login = await call(env.svc, 'POST', `/v2/scrape/${id}/interact`, {
      code:
        `await page.fill('#user', 'alice'); await page.click('#submit'); await page.waitForURL('**/account'); ` +
        `return page.textContent('h1');`,
    });
    expect(login.body).toMatchObject({ success: true, result: 'Welcome back, alice' });
    // The session holds the profile's saving claim: a second saving scrape is refused, a read-only one is not.
    const conflict = await env.svc.scrape({ url: `${env.origin}/account`, formats: ['markdown'], profile: { name } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('Conflict');
    const readOnly = await env.svc.scrape({
      url: `${env.origin}/account`,
      formats: ['markdown'],
      profile: { name, saveChanges: false },
    });
    expect(readOnly.status).toBe(200);
    expect(readOnly.body.data.markdown).toContain('Not logged in'); // nothing saved until the session stops
    expect((await call(env.svc, 'DELETE', `/v2/scrape/${id}/interact`)).status).toBe(200);

    const later = await env.svc.scrape({
      url: `${env.origin}/account`,
      formats: ['markdown'],
      profile: { name, saveChanges: false },
    });
    expect(later.status).toBe(200);
    expect(later.body.data.markdown).toContain('Welcome back, alice');
    // localStorage written by the page came back with the profile too.
    const check = await call(env.svc, 'POST', `/v2/scrape/${later.body.data.metadata.scrapeId}/interact`, {
      code: `await page.evaluate(() => localStorage.getItem('seen'))`,
    });
    expect(check.body).toMatchObject({ success: true, result: 'yes' });
    await call(env.svc, 'DELETE', `/v2/interact/${check.body.sessionId}`);

    const res = await fetch(`${env.svc.baseUrl}/v2/scrape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OTHER_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: `${env.origin}/account`,
        formats: ['markdown'],
        profile: { name, saveChanges: false },
      }),
    });
    const other = (await res.json()) as any;
    expect(res.status).toBe(200);
    expect(other.data.markdown).toContain('Not logged in');
  });
});

describe('billing', () => {
  it('session time is charged to the account when the session stops', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-interact-acct-'));
    const accounts = await openAccounts({ dataDir });
    const billed = await startService({ accounts });
    try {
      const { key } = await issueTestKey(accounts, { id: 'acct-bill' }, 50);
      const scraped = await fetch(`${billed.baseUrl}/v2/scrape`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${env.origin}/`, formats: ['markdown'] }),
      });
      const doc = (await scraped.json()) as any;
      const afterScrape = await accounts.store.balance('acct-bill');
      const run = await call(
        billed,
        'POST',
        `/v2/scrape/${doc.data.metadata.scrapeId}/interact`,
        { code: 'await page.title()' },
        key,
      );
      expect(run.body.success).toBe(true);
      const stop = await call(billed, 'DELETE', `/v2/interact/${run.body.sessionId}`, undefined, key);
      expect(stop.body.creditsBilled).toBeGreaterThanOrEqual(1);
      // The bill is settled after the answer: waited for (a 2.5 s poll could run out under load), then checked.
      const { balance } = await waitFor(async () => {
        const now = await accounts.store.balance('acct-bill');
        return now !== afterScrape && { balance: now };
      }, 'the session bill to be settled');
      expect(balance).toBe(afterScrape - stop.body.creditsBilled);
      // An empty balance cannot start or continue a session.
      await accounts.store.addCredits('acct-bill', -balance);
      const broke = await call(billed, 'POST', `/v2/scrape/${doc.data.metadata.scrapeId}/interact`, { code: '1' }, key);
      expect(broke.status).toBe(402);
      expect(broke.body.error).toBe('Payment Required: Insufficient credits');
    } finally {
      await billed.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
