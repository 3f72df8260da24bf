import { CacheError } from './CacheError.js';
import { allocateWithHeadroom } from './recordHeadroom.js';

/**
 * The byte layout shared by every stored record, so both homes store exactly the same bytes:
 * `[u8 version][u32 BE meta length][meta as UTF-8 JSON][blob 0][blob 1]...`, blob lengths listed in the meta.
 * Blobs stay raw bytes (no base64: bodies are ~100 KB and screenshots larger).
 */
const RECORD_VERSION = 1;
const HEADER_BYTES = 5;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A string blob is stored as its UTF-8 bytes, encoded straight into the record: no Buffer of the text is made first
 * (a kept scrape result is ~45 KB of JSON a scrape, and each such copy lives outside the V8 heap, where ~64 MB of them
 * start a full collection of the server's heap).
 */
export function encodeRecord(meta: Record<string, unknown>, blobs: readonly (Uint8Array | string)[] = []): Uint8Array {
  const lengths = blobs.map((b) => (typeof b === 'string' ? Buffer.byteLength(b, 'utf8') : b.byteLength));
  const metaBytes = encoder.encode(JSON.stringify({ ...meta, $blobs: lengths }));
  const total = HEADER_BYTES + metaBytes.byteLength + lengths.reduce((n, length) => n + length, 0);
  // With free bytes in front for the embedded home's expiry prefix (recordHeadroom.ts): no second copy to store it.
  const out = allocateWithHeadroom(total);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setUint8(0, RECORD_VERSION);
  view.setUint32(1, metaBytes.byteLength);
  out.set(metaBytes, HEADER_BYTES);
  let offset = HEADER_BYTES + metaBytes.byteLength;
  blobs.forEach((blob, i) => {
    if (typeof blob === 'string') encoder.encodeInto(blob, out.subarray(offset, offset + lengths[i]));
    else out.set(blob, offset);
    offset += lengths[i];
  });
  return out;
}

/** Decodes a record; the blobs are copies, so callers may keep them after the store reuses its buffers. */
export function decodeRecord<M>(bytes: Uint8Array): { meta: M; blobs: Uint8Array[] } {
  if (bytes.byteLength < HEADER_BYTES || bytes[0] !== RECORD_VERSION)
    throw new CacheError('corrupt', 'Unreadable cache record');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const metaLength = view.getUint32(1);
  const metaEnd = HEADER_BYTES + metaLength;
  if (metaEnd > bytes.byteLength) throw new CacheError('corrupt', 'Truncated cache record');
  const { $blobs, ...meta } = JSON.parse(decoder.decode(bytes.subarray(HEADER_BYTES, metaEnd))) as { $blobs: number[] };
  const blobs: Uint8Array[] = [];
  let offset = metaEnd;
  for (const length of $blobs) {
    if (offset + length > bytes.byteLength) throw new CacheError('corrupt', 'Truncated cache record');
    blobs.push(new Uint8Array(bytes.subarray(offset, offset + length)));
    offset += length;
  }
  return { meta: meta as M, blobs };
}
