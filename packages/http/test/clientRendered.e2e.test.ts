// Client-rendered pages (issue 24): an empty #root with a <noscript> "enable JavaScript" notice, or a page whose
// only text is such a notice, filled by the app 300 ms after load. Scraped many times in a row, without waitFor,
// with busy processes beside the test so the machine is loaded: every scrape must return the rendered content.
import { spawn } from 'node:child_process';
import { listenLocal, useStarted } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { startService } from './startService.js';

const ARTICLE = `<h1>Harbour tide tables</h1><p>The harbour master publishes the tide tables every Monday morning.</p>
<p>High water at Kelby is at 06:10 and again at 18:32; low water follows about six hours and twelve minutes later.</p>`;

/**
 * The app renders 300 ms after load, as the page does (a delay longer than any timer the smart wait tracks).
 */
const renderLater = (mount: string) => `<script>addEventListener('load', () => setTimeout(() => {
  document.getElementById('${mount}').innerHTML = ${JSON.stringify(ARTICLE)};
}, 300));</script>`;

const PAGES: Record<string, string> = {
  '/spa-noscript': `<!DOCTYPE html><html><head><title>Tides</title></head><body>
<noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div>${renderLater('root')}</body></html>`,
  '/notice-only': `<!DOCTYPE html><html><head><title>Tides</title></head><body>
<div id="app"><p>Please enable JavaScript to view this site.</p></div>${renderLater('app')}</body></html>`,
};

/** Busy processes beside the test: the machine is loaded while the pages render. */
const LOAD_PROCESSES = 2;
const RUNS = { '/spa-noscript': 15, '/notice-only': 10 } as const;

const env = useStarted(async (own) => {
  const site = own(
    await listenLocal((_req, res, path) => {
      const page = PAGES[path];
      res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page ?? 'not found');
    }),
  );
  const svc = own(await startService());
  for (let i = 0; i < LOAD_PROCESSES; i++) {
    const burner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    own({ close: () => burner.kill('SIGKILL') });
  }
  return { site, svc };
});

describe('client-rendered pages on a loaded machine', () => {
  it.each(Object.entries(RUNS))(
    '%s renders right every time (%i scrapes in a row, no waitFor)',
    async (path, runs) => {
      const results: string[] = [];
      for (let run = 0; run < runs; run++) {
        const { status, body } = await env.svc.scrape({
          url: `${env.site.origin}${path}?run=${run}`,
          formats: ['markdown'],
          maxAge: 0,
        });
        expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
        const markdown = body.data.markdown as string;
        results.push(
          markdown.includes('High water at Kelby') && !/enable javascript/i.test(markdown)
            ? 'rendered'
            : `wrong: ${markdown.slice(0, 80)}`,
        );
        expect(body.data.metadata.engine).toBe('browser');
      }
      expect(results).toEqual(Array.from({ length: runs }, () => 'rendered'));
    },
    300_000,
  );
});
