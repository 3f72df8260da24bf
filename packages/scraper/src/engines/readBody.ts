import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { errors, ScrapeError } from '../errors.js';

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotliDecompress = promisify(zlib.brotliDecompress);

/**
 * The largest declared length that sizes a buffer up front. The header is the page's word, not its bytes: a hostile
 * server could declare the whole limit (50 MB) and send one byte, and a buffer per such request would be memory
 * nobody sent. Pages above this are listed and joined as a chunked body is (most pages are far below it).
 */
const LARGEST_PREALLOCATED_BODY = 4 * 1024 * 1024;

/** What readBody reads: a response body stream (undici's, or any Readable of byte chunks). */
export type BodyStream = Pick<Readable, 'on' | 'off' | 'destroy'>;

/**
 * Reads a response body into memory, at most `limit` bytes before and after content decoding (a small gzip can
 * inflate to gigabytes). Decoding is done in libuv's thread pool, so big pages do not stall the event loop.
 * `declaredLength` (the response's Content-Length, at most `limit`): the bytes are copied into one buffer of that size
 * as they arrive (see collectBytes).
 */
export async function readBody(
  body: BodyStream,
  contentEncoding: string,
  limit: number,
  declaredLength?: number,
): Promise<Uint8Array> {
  let bytes: Buffer = await collectBytes(body, limit, declaredLength);
  // Encodings apply in the order listed, so they are undone from the last one.
  const encodings = contentEncoding
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '' && e !== 'identity')
    .reverse();
  for (const encoding of encodings) bytes = await decode(bytes, encoding, limit);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The body's bytes as sent, failing past `limit`. undici's chunks are views into the socket's reads: kept in a list
 * until the end and then concatenated, every read stays alive until the whole page is in and the page is held twice.
 * With a declared length the buffer is taken at the first chunk (a bodiless answer, such as a 304 or a HEAD, takes
 * none) and each chunk is copied in as it arrives, so each read can be collected at once. A body that goes past its
 * declared length goes on in the list, and one that ends short is answered as what arrived. Without a declared length
 * (chunked) the chunks are listed and joined once: a buffer grown by doubling copies more bytes than the one join.
 */
function collectBytes(body: BodyStream, limit: number, declaredLength: number | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let declared =
      declaredLength !== undefined && declaredLength <= Math.min(limit, LARGEST_PREALLOCATED_BODY)
        ? declaredLength
        : -1;
    let whole: Buffer | null = null;
    const chunks: Uint8Array[] = [];
    let size = 0;
    const stop = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onClose);
    };
    const onData = (chunk: Uint8Array) => {
      const next = size + chunk.byteLength;
      if (next > limit) {
        stop();
        // Ends the stream (undici reports that as an error event, which nobody needs); the caller discards the rest.
        body.on('error', () => undefined);
        body.destroy();
        reject(errors.responseTooLarge(limit));
        return;
      }
      if (next <= declared) {
        whole ??= Buffer.allocUnsafe(declared);
        whole.set(chunk, size);
      } else {
        // Past the declared length: what was copied so far leads the list.
        if (whole) chunks.push(whole.subarray(0, size));
        whole = null;
        declared = -1;
        chunks.push(chunk);
      }
      size = next;
    };
    const onEnd = () => {
      stop();
      if (whole) resolve(whole.subarray(0, size));
      else resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: unknown) => {
      stop();
      reject(error);
    };
    // A stream destroyed without an error (no 'end', no 'error') would otherwise leave the read waiting forever.
    const onClose = () => {
      stop();
      reject(new Error('The page body closed before its end'));
    };
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
    body.on('close', onClose);
  });
}

async function decode(bytes: Buffer, encoding: string, limit: number): Promise<Buffer> {
  if (bytes.byteLength === 0) return bytes;
  // maxOutputLength makes zlib stop at limit + 1 bytes, which is how an oversized result is recognised.
  const options = { maxOutputLength: limit + 1 };
  // Truncated streams are common on the web and browsers show what arrived; a sync flush does the same.
  const lenient = { ...options, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  try {
    switch (encoding) {
      case 'gzip':
      case 'x-gzip':
        return checkSize(await gunzip(bytes, lenient), limit);
      case 'deflate':
        // "deflate" is meant to be zlib-wrapped, but many servers send raw deflate: the zlib header tells which.
        return checkSize(
          (bytes[0] & 0x0f) === 8 && ((bytes[0] << 8) | bytes[1]) % 31 === 0
            ? await inflate(bytes, lenient)
            : await inflateRaw(bytes, lenient),
          limit,
        );
      case 'br':
        return checkSize(
          await brotliDecompress(bytes, { ...options, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }),
          limit,
        );
      default:
        throw new ScrapeError({
          status: 502,
          error: `Unsupported Content-Encoding "${encoding}" in the page response`,
          code: 'SCRAPE_CONTENT_ENCODING_ERROR',
          details: { encoding },
        });
    }
  } catch (error) {
    if (error instanceof ScrapeError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw errors.responseTooLarge(limit);
    throw new ScrapeError({
      status: 502,
      error: `The page's ${encoding} body could not be decoded: ${(error as Error).message}`,
      code: 'SCRAPE_CONTENT_ENCODING_ERROR',
      details: { encoding },
    });
  }
}

function checkSize(bytes: Buffer, limit: number): Buffer {
  if (bytes.byteLength > limit) throw errors.responseTooLarge(limit);
  return bytes;
}
