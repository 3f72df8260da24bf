import { CoreError, processHtml, redactPII } from '@scrape/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createCpuWorkerPool } from './createCpuWorkerPool.js';

const pool = createCpuWorkerPool({ workers: 1 });
afterAll(async () => {
  await pool.close();
});

const page = (body: string) =>
  new TextEncoder().encode(`<html><head><title>T</title></head><body><main>${body}</main></body></html>`);
/** Long work by size alone (no regex defect needed, those get fixed): redaction of 16 MB of text with names, phones
 *  and addresses takes seconds, far longer than the test waits before it aborts. */
const PII_LINE = 'Anna Schmidt called +1 415 555 0132 from 12 Market Street, Springfield about the order. ';
const longText = PII_LINE.repeat(Math.ceil(16_000_000 / PII_LINE.length));

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
    // A field the caller does not want stays on the thread.
    const { rawHtml, ...rest } = local;
    expect(rawHtml).toContain('<h1>Hello</h1>');
    expect(await pool.run('processHtml', [input, { onlyMainContent: true }], { omit: ['rawHtml'] })).toEqual(rest);
    expect(await pool.run('redactPII', ['Call me at +1 415 555 0132.', true])).toEqual(
      await redactPII('Call me at +1 415 555 0132.', true),
    );
  });

  it('a CoreError crosses the thread as a CoreError', async () => {
    const error = (await pool
      .run('processHtml', [
        { body: page('<p>x</p>'), url: 'https://example.test/', contentType: 'text/html' },
        { includeTags: ['p[['] },
      ])
      .catch((e: unknown) => e)) as CoreError;
    expect(error).toBeInstanceOf(CoreError);
    expect(error.kind).toBe('invalid_selector');
  });

  it('a runaway transform leaves the event loop free and is stopped by its signal; the pool goes on', {
    timeout: 120_000,
  }, async () => {
    const controller = new AbortController();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const running = pool.run('redactPII', [longText, true], { signal: controller.signal });
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
