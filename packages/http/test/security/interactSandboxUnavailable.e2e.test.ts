// Fail closed (docs/sandbox.md, guarantee 10): where the host cannot isolate user code, interact runs none and says
// what is missing. Here bubblewrap is pointed at a path that does not exist (SCRAPE_SANDBOX_BWRAP, as scrape-server
// passes it).
import { listenPage, useStarted } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { readServerConfig } from '@scrape/scraper/config';
import { callApi, startService } from '../startService.js';

const env = useStarted(async (own) => {
  const site = own(
    await listenPage(
      '<!doctype html><html><head><title>Closed</title></head><body><p>A page for the fail-closed ' +
        'test.</p></body></html>',
    ),
  );
  const config = readServerConfig({ SCRAPE_SANDBOX_BWRAP: '/nonexistent/bwrap' }).config;
  const svc = own(await startService({ sandboxBwrapPath: config.interact.sandboxBwrapPath }));
  return { origin: site.origin, svc };
}, 60_000);

describe('interact without the isolation', () => {
  it('answers 503 INTERACT_SANDBOX_UNAVAILABLE naming bubblewrap, and runs nothing', async () => {
    const scraped = await env.svc.scrape({ url: `${env.origin}/`, formats: ['markdown'] });
    expect(scraped.status).toBe(200);
    const id = scraped.body.data.metadata.scrapeId as string;
    const out = await callApi(env.svc, 'POST', `/v2/scrape/${id}/interact`, { code: 'await page.title()' });
    expect(out.status).toBe(503);
    expect(out.body).toMatchObject({ success: false, code: 'INTERACT_SANDBOX_UNAVAILABLE' });
    expect(out.body.error).toMatch(/bubblewrap/);
    expect(out.body.details.missing).toMatch(/bubblewrap \(bwrap\) is not installed/);
    const bash = await callApi(env.svc, 'POST', `/v2/scrape/${id}/interact`, { code: 'echo ready', language: 'bash' });
    expect(bash.status).toBe(503);
  });
});
