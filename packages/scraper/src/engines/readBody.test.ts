// The body reader over real HTTP (undici, as the fetch engine reads pages) and over a stream the test feeds.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ScrapeError } from '../errors.js';
import { rejectionOf } from '@scrape/test-support';
import { readBody } from './readBody.js';

/** A page of `size` bytes whose bytes differ along it, so a misplaced chunk shows. */
const page = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + (i >> 9)) % 251));
const PAGE = page(300_000);

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const parts = [PAGE.subarray(0, 1000), PAGE.subarray(1000, 120_000), PAGE.subarray(120_000)];
    if (path === '/declared' || req.method === 'HEAD') res.writeHead(200, { 'content-length': PAGE.length });
    else if (path === '/gzip') {
      const zipped = zlib.gzipSync(PAGE);
      res.writeHead(200, { 'content-length': zipped.length, 'content-encoding': 'gzip' });
      return res.end(zipped);
    } else res.writeHead(200); // chunked: no Content-Length
    if (req.method === 'HEAD') return res.end();
    // The page in three writes, so it arrives in several chunks.
    res.write(parts[0]);
    res.write(parts[1]);
    res.end(parts[2]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The page at `path` read as the fetch engine reads it: its declared length passed on when it has one. */
async function fetchBody(path: string, limit: number, method: 'GET' | 'HEAD' = 'GET') {
  const answer = await request(`${base}${path}`, { method });
  const length = answer.headers['content-length'];
  const encoding = String(answer.headers['content-encoding'] ?? '');
  return readBody(answer.body, encoding, limit, length === undefined ? undefined : Number(length));
}

describe('readBody over HTTP', () => {
  it('a body with a Content-Length, in several chunks, is read whole', async () => {
    expect(Buffer.from(await fetchBody('/declared', 1_000_000)).equals(PAGE)).toBe(true);
  });

  it('a chunked body (no Content-Length) is read whole', async () => {
    expect(Buffer.from(await fetchBody('/chunked', 1_000_000)).equals(PAGE)).toBe(true);
  });

  it('a gzip body with the compressed length declared is decoded', async () => {
    expect(Buffer.from(await fetchBody('/gzip', 1_000_000)).equals(PAGE)).toBe(true);
  });

  it('a chunked body past the limit fails with SCRAPE_RESPONSE_TOO_LARGE', async () => {
    const error = await rejectionOf(fetchBody('/chunked', 200_000), ScrapeError);
    expect(error.code).toBe('SCRAPE_RESPONSE_TOO_LARGE');
  });

  it('an answer declaring a length but carrying no body (HEAD) is empty', async () => {
    expect((await fetchBody('/declared', 1_000_000, 'HEAD')).byteLength).toBe(0);
  });
});

describe('readBody over a stream', () => {
  /** A body stream and readBody reading it; `delivered` counts the chunks readBody has been handed. */
  function streamed(limit: number, declared?: number) {
    const stream = new PassThrough();
    const result = readBody(stream, '', limit, declared);
    let delivered = 0;
    stream.on('data', () => delivered++);
    return { stream, result, delivered: () => delivered };
  }

  it('with a declared length each chunk is copied when it arrives, so its memory is not held to the end', async () => {
    const { stream, result, delivered } = streamed(1_000, 8);
    const first = Buffer.from('abcd');
    stream.write(first);
    await vi.waitFor(() => expect(delivered()).toBe(1));
    // The socket's read buffer is free once delivered: what the reader keeps must not change with it.
    first.fill(0);
    stream.end(Buffer.from('efgh'));
    expect(Buffer.from(await result).toString()).toBe('abcdefgh');
  });

  it('a body longer than its declared length is read whole, the limit still counted on what arrives', async () => {
    const under = streamed(100, 4);
    under.stream.write(Buffer.from('abcd'));
    under.stream.end(Buffer.from('efghij'));
    expect(Buffer.from(await under.result).toString()).toBe('abcdefghij');

    const over = streamed(8, 4);
    over.stream.write(Buffer.from('abcd'));
    over.stream.write(Buffer.from('efghij'));
    const error = await rejectionOf(over.result, ScrapeError);
    expect(error.code).toBe('SCRAPE_RESPONSE_TOO_LARGE');
    expect(over.stream.destroyed).toBe(true);
  });

  it('a body ending short of its declared length is what arrived', async () => {
    const { stream, result } = streamed(100, 50);
    stream.end(Buffer.from('short'));
    expect(Buffer.from(await result).toString()).toBe('short');
  });

  it('a stream closed without an end or an error fails the read instead of leaving it waiting', async () => {
    const { stream, result } = streamed(100, 50);
    stream.write(Buffer.from('part'));
    stream.destroy();
    await expect(result).rejects.toThrow('closed before its end');
  });

  it('a declared length over the up-front bound is read as a chunked body', async () => {
    const { stream, result } = streamed(50 * 1024 * 1024, 40 * 1024 * 1024);
    stream.end(Buffer.from('one byte of a declared 40 MB'));
    expect(Buffer.from(await result).toString()).toBe('one byte of a declared 40 MB');
  });

  it('a stream error is the read error', async () => {
    const { stream, result } = streamed(100, 50);
    stream.destroy(new Error('socket hang up'));
    await expect(result).rejects.toThrow('socket hang up');
  });
});
