import { describe, expect, it } from 'vitest';
import { decodeRecord, encodeRecord } from './codec.js';

describe('encodeRecord', () => {
  it('a text blob is stored as its UTF-8 bytes: the same record as with the bytes made first', () => {
    // ASCII, Latin-1, a three-byte character, an astral one (a surrogate pair) and an escaped lone surrogate.
    const text = JSON.stringify({ markdown: 'plain café € 𝄞 end', raw: '\ud800' });
    const meta = { expiresAt: 1_800_000_000_000 };
    const fromText = encodeRecord(meta, [text, new Uint8Array([1, 2, 3])]);
    const fromBytes = encodeRecord(meta, [Buffer.from(text, 'utf8'), new Uint8Array([1, 2, 3])]);
    expect(Buffer.from(fromText).equals(Buffer.from(fromBytes))).toBe(true);
    const { meta: read, blobs } = decodeRecord<typeof meta>(fromText);
    expect(read).toEqual(meta);
    expect(Buffer.from(blobs[0]).toString('utf8')).toBe(text);
    expect([...blobs[1]]).toEqual([1, 2, 3]);
  });
});
