// Two server instances sharing one Redis. One saving session per profile: the claim is a Redis lease, so a saving
// session on one instance makes a saving scrape or session on the other a 409, until it stops. A scrape's kept page
// lives where the scrape was made: continued on the other instance, the session re-opens the URL and says why.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Service, callApi } from './startService.js';
import { WARM_HOOK_MS, warmSessionBrowser } from './warmSessionBrowser.js';
import { dropRedisPrefix, listenPage, type LocalServer } from '@scrape/test-support';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `test:profile-lock:${randomUUID()}:`;

let site: LocalServer;
let origin = '';
let a: Service;
let b: Service;

beforeAll(async () => {
  site = await listenPage(
    '<!doctype html><title>Shop</title><h1>Shop</h1><p>A page whose cookies a profile keeps between ' +
      'sessions.</p><input id="q">',
  );
  origin = site.origin;
  // Two instances, each with its own scraper, profile store and interact manager, on one Redis home.
  [a, b] = await Promise.all([
    startService({ redisUrl: REDIS_URL, redisKeyPrefix: PREFIX }),
    startService({ redisUrl: REDIS_URL, redisKeyPrefix: PREFIX }),
  ]);
  await Promise.all([warmSessionBrowser(a), warmSessionBrowser(b)]);
}, WARM_HOOK_MS);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await site?.close();
  await dropRedisPrefix(PREFIX, REDIS_URL);
});

const call = callApi;

describe('profile saving lock across two instances on one Redis', () => {
  it('a saving session on A makes saving scrapes and sessions on B a 409; read-only works; stopping frees it', async () => {
    const name = `shared-${randomUUID()}`;
    const scraped = await a.scrape({ url: `${origin}/`, formats: ['markdown'], profile: { name } });
    expect(scraped.status).toBe(200);
    const session = await call(a, 'POST', `/v2/scrape/${scraped.body.data.metadata.scrapeId}/interact`, {
      code: `await page.evaluate(() => { document.cookie = 'cart=three-apples; path=/; max-age=3600'; }); return 'ok'`,
    });
    expect(session.body).toMatchObject({ success: true, result: 'ok' });

    // B, another instance: the lease is A's.
    const savingScrape = await b.scrape({ url: `${origin}/`, formats: ['markdown'], profile: { name } });
    expect(savingScrape.status).toBe(409);
    expect(savingScrape.body).toMatchObject({ success: false, error: 'Conflict' });
    const readOnly = await b.scrape({
      url: `${origin}/`,
      formats: ['markdown'],
      profile: { name, saveChanges: false },
    });
    expect(readOnly.status).toBe(200);
    const savingSession = await call(b, 'POST', `/v2/scrape/${readOnly.body.data.metadata.scrapeId}/interact`, {
      code: '1',
      profile: { name, saveChanges: true },
    });
    expect(savingSession.status).toBe(409);

    // A stops: the state is saved and the lease released before the answer, so B may save at once.
    expect((await call(a, 'DELETE', `/v2/interact/${session.body.sessionId}`)).status).toBe(200);
    const after = await b.scrape({ url: `${origin}/`, formats: ['markdown'], profile: { name } });
    expect(after.status).toBe(200);
    const check = await call(b, 'POST', `/v2/scrape/${after.body.data.metadata.scrapeId}/interact`, {
      code: `return (await context.cookies()).find((c) => c.name === 'cart')?.value ?? 'none'`,
    });
    expect(check.body).toMatchObject({ success: true, result: 'three-apples' });
    // B's session holds the lease now: A is refused.
    expect((await a.scrape({ url: `${origin}/`, formats: ['markdown'], profile: { name } })).status).toBe(409);
    expect((await call(b, 'DELETE', `/v2/interact/${check.body.sessionId}`)).status).toBe(200);
    expect((await a.scrape({ url: `${origin}/`, formats: ['markdown'], profile: { name } })).status).toBe(200);
    // A cap, not a wait: the profile's saving scrapes launch each instance's render Chromium (over 30 s together at
    // load 27); every step above waits for its answer.
  }, 120_000);
});

describe('a kept scrape page across two instances', () => {
  it('is adopted only by the instance that made the scrape; the other re-opens the URL and names the reason', async () => {
    const body = {
      url: `${origin}/`,
      formats: ['markdown'],
      actions: [
        { type: 'click', selector: '#q' },
        { type: 'write', text: 'kept text' },
      ],
    };
    const onA = await a.scrape(body);
    expect(onA.status).toBe(200);
    const onB = await call(b, 'POST', `/v2/scrape/${onA.body.data.metadata.scrapeId}/interact`, {
      code: `await page.inputValue('#q')`,
    });
    expect(onB.body).toMatchObject({ success: true, result: '', scrapePage: 'reopened' });
    expect(onB.body.scrapePageReason).toMatch(/kept by the server process that made the scrape/);
    expect((await call(b, 'DELETE', `/v2/interact/${onB.body.sessionId}`)).status).toBe(200);

    const again = await a.scrape(body);
    const sameInstance = await call(a, 'POST', `/v2/scrape/${again.body.data.metadata.scrapeId}/interact`, {
      code: `await page.inputValue('#q')`,
    });
    expect(sameInstance.body).toMatchObject({ success: true, result: 'kept text', scrapePage: 'kept' });
    expect((await call(a, 'DELETE', `/v2/interact/${sameInstance.body.sessionId}`)).status).toBe(200);
  });
});
