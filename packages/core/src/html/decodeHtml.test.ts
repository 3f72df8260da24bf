import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { decodeHtml, decodeHtmlWithEncoding, sniffEncoding } from './decodeHtml.js';

const JAPANESE = '日本語のウェブページです。こんにちは、世界。ひらがなとカタカナと漢字が混ざっています。';
const CHINESE = '这是一个中文网页。欢迎访问我们的网站，这里有很多有用的信息和新闻报道。';
const RUSSIAN = 'Это русская веб-страница. Добро пожаловать на наш сайт, здесь много полезной информации.';
const FRENCH = 'Voilà une page française: élève, garçon, où, déjà, très bien, à bientôt.';
const page = (body: string, head = '') =>
  `<!doctype html><html><head>${head}<title>t</title></head><body><p>${body}</p></body></html>`;
const encode = (text: string, encoding: string) => new Uint8Array(iconv.encode(text, encoding));

describe('decodeHtml', () => {
  it('honours a UTF-8 BOM over a contradicting Content-Type', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(page('héllo 😀'))]);
    const out = decodeHtmlWithEncoding(bytes, 'text/html; charset=iso-8859-1');
    expect(out.source).toBe('bom');
    expect(out.text).toContain('héllo 😀');
    expect(out.text.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('decodes UTF-16LE and UTF-16BE by BOM', () => {
    const le = new Uint8Array([0xff, 0xfe, ...Buffer.from(page('ça va'), 'utf16le')]);
    expect(decodeHtml(le)).toContain('ça va');
    const be = Buffer.from(page('ça va'), 'utf16le').swap16();
    expect(decodeHtml(new Uint8Array([0xfe, 0xff, ...be]))).toContain('ça va');
  });

  it('uses the Content-Type charset (quoted or not)', () => {
    expect(decodeHtml(encode(page(JAPANESE), 'shift_jis'), 'text/html; charset=Shift_JIS')).toContain(JAPANESE);
    expect(decodeHtml(encode(page(RUSSIAN), 'koi8-r'), 'text/html;charset="koi8-r"')).toContain(RUSSIAN);
  });

  it('finds <meta charset> and http-equiv declarations, ignoring commented-out ones', () => {
    const greek = 'Καλημέρα κόσμε, αυτή είναι μια ελληνική σελίδα.';
    expect(decodeHtmlWithEncoding(encode(page(greek, '<meta charset="iso-8859-7">'), 'iso-8859-7'))).toMatchObject({
      source: 'meta',
      encoding: 'iso-8859-7',
    });
    expect(decodeHtml(encode(page(greek, '<meta charset="iso-8859-7">'), 'iso-8859-7'))).toContain(greek);
    const polish = 'Zażółć gęślą jaźń, łódź, źdźbło.';
    const httpEquiv = '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-2">';
    expect(decodeHtml(encode(page(polish, httpEquiv), 'iso-8859-2'))).toContain(polish);
    const commented = `<!-- <meta charset="koi8-r"> --><meta charset="windows-1251">`;
    expect(decodeHtml(encode(page(RUSSIAN, commented), 'windows-1251'))).toContain(RUSSIAN);
    const euro = 'Prix: 10 € - Œuvre';
    expect(decodeHtml(encode(page(euro, '<meta charset=iso-8859-15>'), 'iso-8859-15'))).toContain(euro);
  });

  it('maps WHATWG labels (latin1 means windows-1252) and treats a meta UTF-16 declaration as UTF-8', () => {
    const bytes = new Uint8Array([...Buffer.from('<meta charset="latin1"><p>'), 0x93, 0x41, 0x94]);
    expect(decodeHtml(bytes)).toContain('\u201cA\u201d');
    const utf8 = Buffer.from('<meta charset="utf-16"><p>é</p>');
    expect(decodeHtmlWithEncoding(new Uint8Array(utf8))).toMatchObject({ encoding: 'utf-8' });
  });

  it('reads UTF-8 bytes as UTF-8 when a single-byte legacy charset is declared for them (mislabelled pages)', () => {
    const text = 'Crème brûlée – “don’t” café';
    const utf8 = (head: string): Uint8Array => new Uint8Array(Buffer.from(page(text, head)));
    expect(decodeHtmlWithEncoding(utf8('<meta charset="windows-1252">'))).toMatchObject({
      encoding: 'utf-8',
      source: 'utf-8-bytes',
    });
    expect(decodeHtml(utf8('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'))).toContain(
      text,
    );
    expect(decodeHtml(utf8(''), 'text/html; charset=ISO-8859-1')).toContain(text);
    expect(decodeHtml(utf8('<meta charset="macintosh">'))).toContain(text);
    // real legacy bytes are not valid UTF-8: the declaration still rules
    expect(decodeHtmlWithEncoding(encode(page(FRENCH, '<meta charset="windows-1252">'), 'windows-1252'))).toMatchObject(
      { encoding: 'windows-1252', source: 'meta' },
    );
    expect(decodeHtml(encode(page(RUSSIAN, '<meta charset="koi8-r">'), 'koi8-r'))).toContain(RUSSIAN);
    // a multi-byte declaration is never second-guessed
    expect(decodeHtmlWithEncoding(encode(page(JAPANESE, '<meta charset="shift_jis">'), 'shift_jis'))).toMatchObject({
      encoding: 'shift_jis',
    });
  });

  it('sniffs undeclared Shift-JIS, GBK, windows-1251 and windows-1252', () => {
    expect(sniffEncoding(encode(page(JAPANESE), 'shift_jis'))).toBe('shift_jis');
    expect(decodeHtml(encode(page(JAPANESE), 'shift_jis'))).toContain(JAPANESE);
    expect(sniffEncoding(encode(page(CHINESE), 'gbk'))).toBe('gbk');
    expect(decodeHtml(encode(page(CHINESE), 'gbk'))).toContain(CHINESE);
    expect(sniffEncoding(encode(page(RUSSIAN), 'windows-1251'))).toBe('windows-1251');
    expect(decodeHtml(encode(page(RUSSIAN), 'windows-1251'))).toContain(RUSSIAN);
    expect(sniffEncoding(encode(page(FRENCH), 'windows-1252'))).toBe('windows-1252');
    expect(decodeHtml(encode(page(FRENCH), 'windows-1252'))).toContain(FRENCH);
  });

  it('defaults to UTF-8 for valid UTF-8, ASCII and empty input, and never throws on garbage', () => {
    expect(decodeHtml(new Uint8Array(Buffer.from(page(`${JAPANESE} ${RUSSIAN} 😀`))))).toContain(
      `${JAPANESE} ${RUSSIAN} 😀`,
    );
    expect(decodeHtml(new Uint8Array())).toBe('');
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
    expect(typeof decodeHtml(garbage)).toBe('string');
    expect(decodeHtml(garbage, 'text/html; charset=no-such-charset').length).toBeGreaterThan(0);
  });

  it('falls back to iconv-lite for labels TextDecoder does not know', () => {
    expect(decodeHtml(encode(page(JAPANESE), 'cp932'), 'text/html; charset=cp932')).toContain(JAPANESE);
  });
});
