// Issue 20 item 4: one account held every browser slot with scrapes made to run long, and the others waited (and
// timed out). The browser pool now gives a freed slot to the account running the fewest renders: team B's one scrape
// waits for at most one of team A's, however many A queued before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_A, KEY_B, startSecurityService, type SecurityService } from './securityService.js';

let svc: SecurityService;

beforeAll(async () => {
  svc = await startSecurityService({
    scraper: { browser: { maxConcurrency: 1 } },
    handler: (_req, res, path) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><body><main><h1>${path}</h1><p>Slow page.</p></main></body></html>`),
  });
});
afterAll(async () => {
  await svc?.close();
});

describe('fair shares of the browser pool', { timeout: 180_000 }, () => {
  it("team B's scrape is served before the rest of team A's queue", async () => {
    const finished: string[] = [];
    // waitFor makes each a browser render that holds the only slot for a while.
    const scrape = (key: string, name: string) =>
      svc.scrape({ url: `${svc.site.origin}/${name}`, waitFor: 1_500, timeout: 120_000 }, key).then((r) => {
        finished.push(name);
        return r;
      });
    const a = [scrape(KEY_A, 'a1'), scrape(KEY_A, 'a2'), scrape(KEY_A, 'a3'), scrape(KEY_A, 'a4')];
    // B arrives once A's scrapes are all waiting for the slot.
    while (svc.site.hits.length === 0) await new Promise((r) => setTimeout(r, 20));
    const b = scrape(KEY_B, 'b1');
    const results = await Promise.all([...a, b]);
    for (const r of results) expect(r.status).toBe(200);
    // At most A's running render and one more can finish before B.
    expect(finished.indexOf('b1')).toBeLessThanOrEqual(2);
    expect(finished.slice(-1)[0]).toMatch(/^a/);
  });
});
