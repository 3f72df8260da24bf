import { processHtml } from '@scrape/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createCpuWorkerPool } from '../cpu/createCpuWorkerPool.js';
import { bodyForThread } from './transform.js';

const pool = createCpuWorkerPool({ workers: 1 });
afterAll(async () => {
  await pool.close();
});

const html = (words: number) =>
  `<html><head><title>T</title></head><body><main><h1>Hello</h1><p>${'word '.repeat(words)}</p></main></body></html>`;
const input = (body: Uint8Array) => ({ body, url: 'https://example.test/', contentType: 'text/html' });

describe('bodyForThread: the page as it goes to the transform thread', () => {
  it('a body that fills its buffer goes as it is, copied inside the message; the thread reads all of it', async () => {
    // new Uint8Array(buffer) copies into an ArrayBuffer of its own, as readBody's concatenation of a page does.
    const body = new Uint8Array(Buffer.from(html(5_000)));
    const sent = bodyForThread(body);
    expect(sent.body).toBe(body);
    expect(sent.transfer).toEqual([]);
    const threaded = await pool.run('processHtml', [input(sent.body), {}], { transfer: sent.transfer });
    expect(threaded).toEqual(processHtml(input(body), {}));
    // Not transferred away: the Source keeps its body for the cache and for later readers.
    expect(body.byteLength).toBe(Buffer.byteLength(html(5_000)));
    expect(Buffer.from(body).toString()).toBe(html(5_000));
  });

  it('a view into part of a larger buffer is copied and the copy transferred: the Source keeps its body', async () => {
    // A small Buffer is a slice of Node's shared pool: cloning it would send the whole pool.
    const small = Buffer.from(html(10));
    expect(small.byteLength).toBeLessThan(small.buffer.byteLength);
    const sent = bodyForThread(small);
    expect(sent.body).not.toBe(small);
    expect(sent.transfer).toEqual([sent.body.buffer]);
    expect(sent.body.byteLength).toBe(small.byteLength);
    const threaded = await pool.run('processHtml', [input(sent.body), {}], { transfer: sent.transfer });
    expect(threaded).toEqual(processHtml(input(Buffer.from(html(10))), {}));
    expect(sent.body.byteLength).toBe(0);
    expect(small.toString()).toBe(html(10));
  });
});
