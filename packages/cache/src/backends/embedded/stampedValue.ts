/**
 * Each stored value is prefixed by its expiry (epoch ms as float64; 0 = never): reads judge it without a second lookup.
 */
const EXPIRY_BYTES = 8;
/** The expiry of a value that never expires. */
export const NEVER = 0;

/** A stored value with its expiry read off. */
export interface Stamped {
  expiresAt: number;
  value: Uint8Array;
}

/** The stored form of `value`: its expiry, then its bytes. */
export function stamp(expiresAt: number, value: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(EXPIRY_BYTES + value.byteLength);
  out.writeDoubleBE(expiresAt, 0);
  out.set(value, EXPIRY_BYTES);
  return out;
}

/** The expiry of a stored value, without copying its bytes. */
export function expiryOf(raw: Uint8Array): number {
  return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).readDoubleBE(0);
}

/** A stored value split into its expiry and a view of its bytes. */
export function unstamp(raw: Uint8Array): Stamped {
  // A plain Uint8Array view: both homes hand out the same type.
  return {
    expiresAt: expiryOf(raw),
    value: new Uint8Array(raw.buffer, raw.byteOffset + EXPIRY_BYTES, raw.byteLength - EXPIRY_BYTES),
  };
}
