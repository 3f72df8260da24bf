import { createHash, randomBytes } from 'node:crypto';

/** Issued keys look like the reference service's (`fc-` + hex), so clients that check the shape accept them. */
const KEY_PREFIX = 'fc-';
/** 32 random bytes: guessing is hopeless, and a sha256 of the key is a safe lookup index. */
const KEY_BYTES = 32;
/** Hex characters of the hash that name a key in listings (enough to be unique, useless to an attacker). */
const KEY_ID_LENGTH = 12;

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(KEY_BYTES).toString('hex');
}

/** The stored form of a key: its sha256 in hex. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function keyIdOf(hash: string): string {
  return hash.slice(0, KEY_ID_LENGTH);
}
