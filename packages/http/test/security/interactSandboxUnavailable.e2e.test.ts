// Fail closed (docs/sandbox.md, guarantee 10): where the host cannot isolate user code, interact runs none and says
// what is missing. Here bubblewrap is pointed at a path that does not exist (SCRAPE_SANDBOX_BWRAP, as scrape-server
// passes it).
import { listenPage, type LocalServer } from '@scrape/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerConfig } from '@scrape/scraper/config';
import { callApi, startService, type Service } from '../startService.js';

let site: LocalServer;
let origin = '';
let svc: Service;

beforeAll(async () => {
  site = await listenPage(
    '<!doctype html><html><head><title>Closed</title></head><body><p>A page for the fail-closed ' +
      'test.</p></body></html>',
  );
  origin = site.origin;
  const config = readServerConfig({ SCRAPE_SANDBOX_BWRAP: '/nonexistent/bwrap' }).config;
  svc = await startService({ sandboxBwrapPath: config.interact.sandboxBwrapPath });
}, 60_000);

afterAll(async () => {
  await svc?.close();
  site?.close();
});

describe('interact without the isolation', () => {
  it('answers 503 INTERACT_SANDBOX_UNAVAILABLE naming bubblewrap, and runs nothing', async () => {
    const scraped = await svc.scrape({ url: `${origin}/`, formats: ['markdown'] });
    expect(scraped.status).toBe(200);
    const id = scraped.body.data.metadata.scrapeId as string;
    const out = await callApi(svc, 'POST', `/v2/scrape/${id}/interact`, { code: 'await page.title()' });
    expect(out.status).toBe(503);
    expect(out.body).toMatchObject({ success: false, code: 'INTERACT_SANDBOX_UNAVAILABLE' });
    expect(out.body.error).toMatch(/bubblewrap/);
    expect(out.body.details.missing).toMatch(/bubblewrap \(bwrap\) is not installed/);
    const bash = await callApi(svc, 'POST', `/v2/scrape/${id}/interact`, { code: 'echo ready', language: 'bash' });
    expect(bash.status).toBe(503);
  });
});
