import { describe, expect, it } from 'vitest';
import { classifyContent } from './classifyContent.js';
import { decodeText } from './decodeText.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('classifyContent', () => {
  it.each([
    ['text/html; charset=utf-8', '<p>x</p>', 'html'],
    ['application/xhtml+xml', '<html/>', 'html'],
    ['application/json', '{}', 'json'],
    ['application/ld+json', '{}', 'json'],
    ['text/plain', 'x', 'text'],
    ['text/markdown', '# x', 'text'],
    ['text/csv', 'a,b', 'text'],
    ['application/rss+xml', '<rss/>', 'text'],
    ['application/pdf', '%PDF-1.7', 'pdf'],
    ['application/x-pdf', 'garbage that is not a pdf', 'pdf'],
    ['application/pdf', '<!DOCTYPE html><html><body>Error 500</body></html>', 'html'],
    ['application/octet-stream', 'junk before the header\n%PDF-1.4', 'pdf'],
    ['text/plain', '%PDF-1.4 a PDF served as text', 'pdf'],
    ['text/plain', 'A note on the %PDF-1.4 header', 'text'],
    ['text/html', '<html><body>about %PDF-</body></html>', 'html'],
    ['application/octet-stream', '%PDF-1.7', 'pdf'],
    ['', '%PDF-1.7', 'pdf'],
    ['', '<!DOCTYPE html><html></html>', 'html'],
    ['', '\uFEFF  <!-- c --> <html><body>x</body></html>', 'html'],
    ['application/octet-stream', 'just some words', 'text'],
    ['', 'x\u0000y', 'binary'],
    ['image/png', '\u0089PNG', 'binary'],
    ['application/zip', 'PK', 'binary'],
  ])('%j with %j → %s', (type, body, kind) => {
    expect(classifyContent(type, bytes(body))).toBe(kind);
  });

  it('invalid UTF-8 without a type is binary', () => {
    expect(classifyContent('', Uint8Array.from([0xc3, 0x28, 0xa0, 0xa1, 0xff, 0xfe, 0x41, 0x42]))).toBe('binary');
  });
});

describe('decodeText', () => {
  it('honours the charset parameter, a BOM, and falls back to UTF-8 for unknown labels', () => {
    expect(decodeText(Uint8Array.from([0xe9, 0x74, 0xe9]), 'text/plain; charset=iso-8859-1')).toBe('été');
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x68, 0x69]), 'text/plain; charset=iso-8859-1')).toBe('hi');
    expect(decodeText(bytes('héllo'), 'text/plain; charset=no-such-charset')).toBe('héllo');
    expect(decodeText(Uint8Array.from([0x82, 0xa0]), 'text/plain; charset="Shift_JIS"')).toBe('あ');
  });
});
