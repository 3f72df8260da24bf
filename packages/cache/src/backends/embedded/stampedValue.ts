import { RECORD_HEADROOM_BYTES, takeHeadroom } from '../../recordHeadroom.js';

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

/**
 * The stored form of `value`: its expiry, then its bytes. A record encoded with free headroom (every encodeRecord
 * result, the first time it is stored) gets the expiry written in front of it, in place; any other value is copied.
 */
export function stamp(expiresAt: number, value: Uint8Array): Buffer {
  const room = EXPIRY_BYTES === RECORD_HEADROOM_BYTES ? takeHeadroom(value) : null;
  const out = room
    ? Buffer.from(room.buffer, room.byteOffset, room.byteLength)
    : Buffer.allocUnsafe(EXPIRY_BYTES + value.byteLength);
  out.writeDoubleBE(expiresAt, 0);
  if (!room) out.set(value, EXPIRY_BYTES);
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
