// Issue 20 item 7: nothing of a zeroDataRetention or lockdown request is written anywhere. Scrapes of a canary URL
// are made against the service with Redis and a data directory; then every key of this run's Redis prefix (names and
// values), every key name in Redis, and every file of the data directory are searched for the canary.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecurityService, type SecurityService } from './securityService.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:security:zdr:${randomUUID()}:`;
const canary = `canary-${randomUUID()}`;
let svc: SecurityService;
let redis: Redis;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const stores = { redisUrl: REDIS_URL, redisKeyPrefix: prefix };
  svc = await startSecurityService({
    handler: (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><head><title>Private</title></head><body><main><p>Private page</p></main></body></html>'),
    scraper: stores,
    server: stores,
  });
});
afterAll(async () => {
  await svc?.close();
  const keys = await keysMatching(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis?.quit();
});

async function keysMatching(pattern: string): Promise<string[]> {
  const out: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    out.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return out;
}

/** Everything stored under a key, as text (binary values are searched as latin1, which keeps every byte). */
async function storedValueOf(key: string): Promise<string> {
  const type = await redis.type(key);
  switch (type) {
    case 'string':
      return ((await redis.getBuffer(key)) ?? Buffer.alloc(0)).toString('latin1');
    case 'hash':
      return JSON.stringify(await redis.hgetall(key));
    case 'list':
      return JSON.stringify(await redis.lrange(key, 0, -1));
    case 'set':
      return JSON.stringify(await redis.smembers(key));
    case 'zset':
      return JSON.stringify(await redis.zrange(key, '0', '-1', 'WITHSCORES'));
    default:
      return '';
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('zero data retention leaves no trace', { timeout: 120_000 }, () => {
  it('a canary URL scraped with zeroDataRetention and lockdown is found in no Redis key and no file', async () => {
    const url = `${svc.site.origin}/${canary}?q=${canary}`;
    const zdr = await svc.scrape({ url, zeroDataRetention: true });
    expect(zdr.status).toBe(200);
    expect(zdr.body.data.markdown).toContain('Private page');
    const lockdown = await svc.scrape({ url: `${url}&lockdown`, lockdown: true });
    expect(lockdown.status).toBe(404);
    // Changing formats or asking for links must not leave a trace either.
    expect((await svc.scrape({ url, zeroDataRetention: true, formats: ['markdown', 'links', 'rawHtml'] })).status).toBe(
      200,
    );

    // A control request without zero data retention IS stored: proves the search below can find the canary.
    const control = `${svc.site.origin}/control-${canary}`;
    expect((await svc.scrape({ url: control })).status).toBe(200);

    const found: string[] = [];
    let controlSeen = false;
    const search = (where: string, text: string) => {
      if (text.includes(`control-${canary}`)) controlSeen = true;
      if (text.replaceAll(`control-${canary}`, '').includes(canary)) found.push(where);
    };
    for (const key of await keysMatching(`${prefix}*`)) search(`redis ${key}`, key + (await storedValueOf(key)));
    for (const key of await keysMatching(`*${canary}*`)) search(`redis key name ${key}`, key);
    for (const file of filesUnder(svc.dataDir)) search(`file ${file}`, readFileSync(file).toString('latin1'));
    expect(controlSeen).toBe(true);
    expect(found).toEqual([]);
  });
});
