import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { errors, ScrapeError } from '../errors.js';

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotliDecompress = promisify(zlib.brotliDecompress);

/**
 * Reads a response body into memory, at most `limit` bytes before and after content decoding (a small gzip can
 * inflate to gigabytes). Decoding is done in libuv's thread pool, so big pages do not stall the event loop.
 */
export async function readBody(
  body: AsyncIterable<Uint8Array>,
  contentEncoding: string,
  limit: number,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    // Leaving the loop by throwing ends the stream; the caller discards what is left.
    if (size > limit) throw errors.responseTooLarge(limit);
    chunks.push(chunk);
  }
  let bytes: Buffer = Buffer.concat(chunks, size);
  // Encodings apply in the order listed, so they are undone from the last one.
  const encodings = contentEncoding
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '' && e !== 'identity')
    .reverse();
  for (const encoding of encodings) bytes = await decode(bytes, encoding, limit);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
