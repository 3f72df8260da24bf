// Turns a response body into text the way a browser would: BOM, then the Content-Type charset, then a
// <meta charset> / http-equiv prescan, then a sniff. Decoding itself is TextDecoder (WHATWG labels) with
// iconv-lite for the few labels TextDecoder does not know.
import iconv from 'iconv-lite';

/** Browsers prescan 1024 bytes; real pages often bury <meta charset> behind long comments and inline scripts. */
const META_PRESCAN_BYTES = 8192;
/** Bytes examined by the sniff; enough text to tell scripts apart without decoding a 20 MB page several times. */
const SNIFF_BYTES = 64 * 1024;
/** A single-byte Cyrillic text has long runs of high bytes; Latin-1 text has isolated accented letters. */
const CYRILLIC_MIN_AVG_RUN = 2.5;

export interface DecodedHtml {
  text: string;
  /** The WHATWG name of the encoding used (e.g. "utf-8", "shift_jis"). */
  encoding: string;
  /**
   * Where the encoding came from. 'utf-8-bytes': a single-byte legacy charset was declared, but the bytes are valid
   * UTF-8 with multi-byte characters in them, which text in that charset practically never is.
   */
  source: 'bom' | 'content-type' | 'meta' | 'sniff' | 'default' | 'utf-8-bytes';
}

/**
 * Single-byte legacy charsets that mislabelled UTF-8 pages declare (a server default of ISO-8859-1, a template
 * copied from an old site, a converted page that kept its old <meta>).
 */
const SINGLE_BYTE_LEGACY = /^(windows-125\d|iso-8859-\d+|macintosh|koi8-[ru]|x-mac-cyrillic|ibm866)$/;

/** Decodes HTML bytes to text (see `detectHtmlEncoding` for the order of evidence). */
export function decodeHtml(bytes: Uint8Array, contentType?: string): string {
  return decodeHtmlWithEncoding(bytes, contentType).text;
}

export function decodeHtmlWithEncoding(bytes: Uint8Array, contentType?: string): DecodedHtml {
  const bom = bomEncoding(bytes);
  if (bom) return { text: decodeWith(bom.encoding, bytes.subarray(bom.length)), encoding: bom.encoding, source: 'bom' };

  const declared = normalizeLabel(charsetFromContentType(contentType));
  if (declared) return decodeDeclared(declared, bytes, 'content-type');

  const meta = normalizeLabel(charsetFromMetaPrescan(bytes));
  if (meta) {
    // A page cannot declare UTF-16 from inside itself: its ASCII-compatible bytes prove it is not (HTML spec).
    return decodeDeclared(meta.startsWith('utf-16') ? 'utf-8' : meta, bytes, 'meta');
  }

  const sniffed = sniffEncoding(bytes);
  return { text: decodeWith(sniffed, bytes), encoding: sniffed, source: sniffed === 'utf-8' ? 'default' : 'sniff' };
}

/**
 * Decodes with a declared encoding, unless it is a single-byte legacy one and the bytes are valid UTF-8 holding
 * multi-byte characters: then the declaration is wrong (legacy text with accents is almost never valid UTF-8), and
 * following it would turn every accent and curly quote into mojibake.
 */
function decodeDeclared(encoding: string, bytes: Uint8Array, source: 'content-type' | 'meta'): DecodedHtml {
  if (SINGLE_BYTE_LEGACY.test(encoding) && hasUtf8MultiByte(bytes)) {
    const text = decodeStrict('utf-8', bytes, false);
    if (text !== undefined) return { text, encoding: 'utf-8', source: 'utf-8-bytes' };
  }
  return { text: decodeWith(encoding, bytes), encoding, source };
}

/** Whether a UTF-8 lead byte followed by a continuation byte occurs (cheap pre-check before a strict decode). */
function hasUtf8MultiByte(bytes: Uint8Array): boolean {
  for (let i = 0; i + 1 < bytes.length; i++) {
    const b = bytes[i];
    if (b >= 0xc2 && b <= 0xf4 && (bytes[i + 1] & 0xc0) === 0x80) return true;
  }
  return false;
}

function bomEncoding(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return undefined;
}

/** Reads `charset=` from a Content-Type value (quoted or not). */
export function charsetFromContentType(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const match = /charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s;,"']+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? match[3])?.trim() || undefined : undefined;
}

/**
 * Looks for <meta charset> or <meta http-equiv="content-type" content="...charset=..."> near the top, outside comments.
 */
export function charsetFromMetaPrescan(bytes: Uint8Array): string | undefined {
  // latin1 maps each byte to one char, so ASCII markup reads correctly whatever the real encoding is.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, META_PRESCAN_BYTES)).toString(
    'latin1',
  );
  const withoutComments = head.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  const metaTag = /<meta\b([^>]*)>?/gi;
  for (let m = metaTag.exec(withoutComments); m; m = metaTag.exec(withoutComments)) {
    const attrs = readAttributes(m[1] ?? '');
    const direct = attrs.get('charset');
    if (direct) return direct;
    // `charset=` inside content="" only counts on an http-equiv content-type declaration.
    if (attrs.get('http-equiv')?.toLowerCase() === 'content-type') {
      const fromContent = charsetFromContentType(attrs.get('content'));
      if (fromContent) return fromContent;
    }
  }
  return undefined;
}

function readAttributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const attribute = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
  for (let m = attribute.exec(source); m; m = attribute.exec(source)) {
    const name = (m[1] ?? '').toLowerCase();
    if (!attrs.has(name)) attrs.set(name, (m[2] ?? m[3] ?? m[4] ?? '').trim());
  }
  return attrs;
}

/** Maps a label to an encoding name we can decode, or undefined when nobody knows it. */
export function normalizeLabel(label: string | undefined): string | undefined {
  if (!label) return undefined;
  const trimmed = label.trim().toLowerCase();
  if (trimmed === 'x-user-defined') return 'windows-1252';
  try {
    return new TextDecoder(trimmed).encoding;
  } catch {
    return iconv.encodingExists(trimmed) ? trimmed : undefined;
  }
}

/** WHATWG decodes a "gbk" label with the gb18030 decoder (a superset). */
const DECODER_ALIASES: Record<string, string> = { gbk: 'gb18030' };

// iconv-lite first: Node's TextDecoder claims windows-1252 for "latin1" yet decodes 0x80-0x9f as C1 controls.
function decodeWith(encoding: string, bytes: Uint8Array): string {
  if (encoding === 'utf-8') return new TextDecoder('utf-8').decode(bytes);
  // Own keys only: a page's charset "constructor" must not find Object.prototype.constructor.
  const name = Object.hasOwn(DECODER_ALIASES, encoding) ? DECODER_ALIASES[encoding] : encoding;
  if (iconv.encodingExists(name)) return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), name);
  return new TextDecoder(name).decode(bytes);
}

interface SniffCandidate {
  encoding: string;
  /** Fraction of decoded non-ASCII characters that belong to the scripts this encoding is used for. */
  score: (text: string) => number;
}

const KANA = /[\u3040-\u30ff]/g;
const HAN_AND_CJK_PUNCTUATION = /[\u3000-\u303f\u3040-\u30ff\u4e00-\u9fff\uff00-\uffef]/g;
const HANGUL = /[\uac00-\ud7af\u3130-\u318f]/g;
const CYRILLIC = /[\u0400-\u04ff]/g;
const LATIN1_LETTERS =
  /[\u00c0-\u00ff\u0152\u0153\u0160\u0161\u017d\u017e\u0178\u2018-\u201e\u2013\u2014\u2026\u00a0-\u00bf]/g;

const count = (text: string, re: RegExp): number => text.match(re)?.length ?? 0;
// biome-ignore lint/suspicious/noControlCharactersInRegex: counts the non-ASCII characters
const nonAscii = (text: string): number => count(text, /[^\x00-\x7f]/g) || 1;

// Order matters on ties: Japanese text decodes as valid GBK too, so kana decide for Shift-JIS/EUC-JP first.
const SNIFF_CANDIDATES: SniffCandidate[] = [
  { encoding: 'shift_jis', score: (t) => (count(t, KANA) > 0 ? count(t, HAN_AND_CJK_PUNCTUATION) / nonAscii(t) : 0) },
  { encoding: 'euc-jp', score: (t) => (count(t, KANA) > 0 ? count(t, HAN_AND_CJK_PUNCTUATION) / nonAscii(t) : 0) },
  { encoding: 'gbk', score: (t) => count(t, HAN_AND_CJK_PUNCTUATION) / nonAscii(t) },
  { encoding: 'big5', score: (t) => count(t, HAN_AND_CJK_PUNCTUATION) / nonAscii(t) },
  { encoding: 'euc-kr', score: (t) => count(t, HANGUL) / nonAscii(t) },
];

/**
 * Guesses the encoding of undeclared bytes: valid UTF-8 wins; otherwise the multi-byte encodings that decode
 * without error are scored by how much of the text lands in their scripts; otherwise a single-byte guess.
 */
export function sniffEncoding(bytes: Uint8Array): string {
  const sample = bytes.subarray(0, SNIFF_BYTES);
  if (isValidUtf8(sample, sample.length < bytes.length)) return 'utf-8';
  let best: { encoding: string; score: number } | undefined;
  for (const candidate of SNIFF_CANDIDATES) {
    const text = decodeStrict(candidate.encoding, sample, sample.length < bytes.length);
    if (text === undefined) continue;
    const score = candidate.score(text);
    if (score > 0.6 && (!best || score > best.score + 0.05)) best = { encoding: candidate.encoding, score };
  }
  if (best) return best.encoding;
  return looksCyrillic(sample) ? 'windows-1251' : 'windows-1252';
}

function isValidUtf8(sample: Uint8Array, truncated: boolean): boolean {
  return decodeStrict('utf-8', sample, truncated) !== undefined;
}

/** Decodes with fatal errors; a sample cut mid-character is allowed to end in an incomplete sequence. */
function decodeStrict(encoding: string, sample: Uint8Array, truncated: boolean): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(sample, { stream: truncated });
  } catch {
    return undefined;
  }
}

/** Cyrillic in windows-1251 puts whole words in high bytes, while Western text sprinkles single accented letters. */
function looksCyrillic(sample: Uint8Array): boolean {
  let runs = 0;
  let high = 0;
  let inRun = false;
  for (const byte of sample) {
    if (byte >= 0xc0) {
      high++;
      if (!inRun) runs++;
      inRun = true;
    } else inRun = false;
  }
  if (runs === 0 || high / runs < CYRILLIC_MIN_AVG_RUN) return false;
  const asCyrillic = new TextDecoder('windows-1251').decode(sample);
  const asLatin = new TextDecoder('windows-1252').decode(sample);
  return count(asCyrillic, CYRILLIC) >= count(asLatin, LATIN1_LETTERS) * 0.5;
}
