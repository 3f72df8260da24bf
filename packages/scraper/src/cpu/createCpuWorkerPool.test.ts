import { CoreError, processHtml, redactPII } from '@scrape/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createCpuWorkerPool } from './createCpuWorkerPool.js';

const pool = createCpuWorkerPool({ workers: 1 });
afterAll(async () => {
  await pool.close();
});

const page = (body: string) =>
  new TextEncoder().encode(`<html><head><title>T</title></head><body><main>${body}</main></body></html>`);
/** A link of 400,000 spaces: its "more" check strips trailing separators with a pattern that is quadratic on them
 *  (a `known` entry of the regex audit), minutes of work. */
const hostile = page(
  `<h1>Title</h1><p>Stuck here for a long while, with enough words to be content.</p><a href="/more">${' '.repeat(400_000)}x</a>`,
);

describe('createCpuWorkerPool', () => {
  it('processHtml on a thread gives what it gives in-process', { timeout: 120_000 }, async () => {
    const input = {
      body: page('<h1>Hello</h1><p>A paragraph with <a href="/x">a link</a>.</p>'),
      url: 'https://example.test/',
      contentType: 'text/html',
    };
    const local = processHtml(input, { onlyMainContent: true });
    const threaded = await pool.run('processHtml', [input, { onlyMainContent: true }]);
    expect(threaded).toEqual(local);
    expect(await pool.run('redactPII', ['Call me at +1 415 555 0132.', true])).toEqual(
      await redactPII('Call me at +1 415 555 0132.', true),
    );
  });

  it('a CoreError crosses the thread as a CoreError', async () => {
    const error = await pool
      .run('processHtml', [
        { body: page('<p>x</p>'), url: 'https://example.test/', contentType: 'text/html' },
        { includeTags: ['p[['] },
      ])
      .catch((e) => e);
    expect(error).toBeInstanceOf(CoreError);
    expect(error.kind).toBe('invalid_selector');
  });

  it('a runaway transform leaves the event loop free and is stopped by its signal; the pool goes on', {
    timeout: 120_000,
  }, async () => {
    const controller = new AbortController();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const running = pool.run(
      'processHtml',
      [{ body: hostile, url: 'https://example.test/', contentType: 'text/html' }, { onlyMainContent: true }],
      {
        signal: controller.signal,
      },
    );
    const outcome = running.then(
      () => 'finished',
      (e: unknown) => e,
    );
    // The main thread keeps running timers while the thread works.
    while (ticks < 20) await new Promise((r) => setTimeout(r, 10));
    clearInterval(ticker);
    controller.abort(new Error('scrape timed out'));
    expect(await outcome).toMatchObject({ message: 'scrape timed out' });
    const after = await pool.run('processHtml', [
      { body: page('<p>Next page</p>'), url: 'https://example.test/', contentType: 'text/html' },
      {},
    ]);
    expect((after as { markdown: string }).markdown).toContain('Next page');
  });

  it('an already-aborted signal rejects at once', async () => {
    const error = await pool
      .run('redactPII', ['text', true], { signal: AbortSignal.abort(new Error('gone')) })
      .catch((e) => e);
    expect(error).toMatchObject({ message: 'gone' });
  });
});
