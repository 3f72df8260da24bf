import { describe, expect, it } from 'vitest';
import { stamp, unstamp } from './backends/embedded/stampedValue.js';
import { decodeRecord, encodeRecord } from './codec.js';
import { decodeSource, encodeSource, type Source } from './source.js';

const page = (): Source => ({
  url: 'https://example.com/a',
  finalUrl: 'https://example.com/a',
  status: 200,
  headers: { 'content-type': 'text/html' },
  contentType: 'text/html',
  body: new TextEncoder().encode('<html><body>'.padEnd(50_000, 'x')),
  fetchedAt: 1_700_000_000_000,
  engine: 'http',
});

describe('record headroom: the embedded home stamps an encoded record in place', () => {
  it('stamps a freshly encoded record without copying it, and reads back the same record and expiry', () => {
    const record = encodeRecord({ a: 1 }, [new Uint8Array([1, 2, 3])]);
    const before = Uint8Array.from(record);
    const stored = stamp(1234.5, record);
    expect(stored.buffer).toBe(record.buffer);
    expect(stored.byteLength).toBe(record.byteLength + 8);
    const { expiresAt, value } = unstamp(stored);
    expect(expiresAt).toBe(1234.5);
    expect(value).toEqual(before);
    expect(record).toEqual(before);
    expect(decodeRecord(value)).toEqual({ meta: { a: 1 }, blobs: [new Uint8Array([1, 2, 3])] });
  });

  it('a page Source (its 50 KB body) is stored in the buffer it was encoded into', () => {
    const source = page();
    const record = encodeSource(source);
    const stored = stamp(0, record);
    expect(stored.buffer).toBe(record.buffer);
    const back = decodeSource(unstamp(stored).value);
    expect(Buffer.from(back.body).equals(Buffer.from(source.body))).toBe(true);
    expect({ ...back, body: null }).toEqual({ ...decodeSource(record), body: null });
  });

  it('a record stamped a second time is copied: the first stored value keeps its own expiry', () => {
    const record = encodeRecord({ b: 2 });
    const first = stamp(1, record);
    const second = stamp(2, record);
    expect(second.buffer).not.toBe(record.buffer);
    expect(unstamp(first).expiresAt).toBe(1);
    expect(unstamp(second).expiresAt).toBe(2);
    expect(unstamp(second).value).toEqual(unstamp(first).value);
  });

  it('values not made by encodeRecord, or views into part of one, are copied', () => {
    const plain = new Uint8Array([9, 8, 7]);
    const stored = stamp(5, plain);
    expect(stored.buffer).not.toBe(plain.buffer);
    expect(unstamp(stored).value).toEqual(plain);
    const record = encodeRecord({ c: 3 }, [new Uint8Array(10)]);
    const part = record.subarray(0, record.byteLength - 1);
    expect(stamp(6, part).buffer).not.toBe(record.buffer);
    expect(stamp(7, record).buffer).toBe(record.buffer);
  });
});
