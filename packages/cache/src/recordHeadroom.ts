/**
 * Bytes kept free in front of every encoded record for a store's own prefix: the embedded home writes each value's
 * expiry there in place, instead of copying the whole record (a page's body, ~250 KB on the held-out articles) into a
 * buffer 8 bytes larger. Such copies live outside the V8 heap, and V8 starts a full collection of the server's heap
 * each time ~64 MB of them were allocated since the last one ("external memory pressure").
 */
export const RECORD_HEADROOM_BYTES = 8;

/** Buffers whose first RECORD_HEADROOM_BYTES belong to nobody yet, each handed out once (see takeHeadroom). */
const free = new WeakSet<ArrayBufferLike>();

/** A record of `bytes` bytes with the headroom in front of it: the record is the returned view, the headroom unused. */
export function allocateWithHeadroom(bytes: number): Uint8Array {
  const whole = new Uint8Array(RECORD_HEADROOM_BYTES + bytes);
  free.add(whole.buffer);
  return whole.subarray(RECORD_HEADROOM_BYTES);
}

/**
 * The headroom and `record` as one view, when `record` is exactly a record made by allocateWithHeadroom whose
 * headroom nobody took yet; null otherwise (the caller copies). Taken once: a record stored twice gets its prefix
 * written once, so a second store cannot change the first one's bytes.
 */
export function takeHeadroom(record: Uint8Array): Uint8Array | null {
  const buffer = record.buffer;
  if (record.byteOffset !== RECORD_HEADROOM_BYTES || buffer.byteLength !== RECORD_HEADROOM_BYTES + record.byteLength)
    return null;
  if (!free.delete(buffer)) return null;
  return new Uint8Array(buffer, 0, buffer.byteLength);
}
