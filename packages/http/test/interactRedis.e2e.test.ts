// One saving session per profile across server instances sharing one Redis: the claim is a Redis lease, so a saving
// session on one instance makes a saving scrape or session on the other a 409, until it stops.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, TEST_KEY, type Service } from './startService.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `test:profile-lock:${randomUUID()}:`;

let site: Server;
let origin = '';
let a: Service;
let b: Service;

beforeAll(async () => {
  site = createHttpServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end('<!doctype html><title>Shop</title><h1>Shop</h1><p>A page whose cookies a profile keeps between sessions.</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  // Two instances, each with its own scraper, profile store and interact manager, on one Redis home.
  [a, b] = await Promise.all([startService({ redisUrl: REDIS_URL, redisKeyPrefix: PREFIX }), startService({ redisUrl: REDIS_URL, redisKeyPrefix: PREFIX })]);
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  site?.close();
  const keys = execFileSync('redis-cli', ['-u', REDIS_URL, '--scan', '--pattern', `${PREFIX}*`], { encoding: 'utf8' }).split('\n').filter(Boolean);
  if (keys.length) execFileSync('redis-cli', ['-u', REDIS_URL, 'del', ...keys]);
});

async function call(service: Service, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${TEST_KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

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
    const readOnly = await b.scrape({ url: `${origin}/`, formats: ['markdown'], profile: { name, saveChanges: false } });
    expect(readOnly.status).toBe(200);
    const savingSession = await call(b, 'POST', `/v2/scrape/${readOnly.body.data.metadata.scrapeId}/interact`, { code: '1', profile: { name, saveChanges: true } });
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
  });
});
