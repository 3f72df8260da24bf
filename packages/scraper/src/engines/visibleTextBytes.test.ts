// The window check read from the bytes against the same check on the decoded window (the string version it replaced,
// kept here as the reference): identical verdicts on every page of the corpora the benchmarks read (WCXB dev, Mozilla
// Readability's test pages; from ../shared/data, skipped with a message when absent), on crafted edge cases and on
// seeded random documents mixing markers, Unicode spaces and invalid UTF-8.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bodyStartsWithContent, bodyTagOffset, startsWithContent } from './looksClientRendered.js';
import { visibleText } from './visibleText.js';
import { visibleTextLength } from './visibleTextBytes.js';

const DATA = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..', 'shared', 'data');
const WCXB = join(DATA, 'wcxb-dev', 'html');
const READABILITY = join(DATA, 'readability-test-pages', 'pages');
/** The judge's scan limit (SCAN_LIMIT_CHARS in looksClientRendered.ts). */
const SCAN_LIMIT = 2_000_000;
/** The acquire step's windows, and smaller ones so that more pages end a window inside their text and markup. */
const WINDOWS = [32 * 1024, 64 * 1024, 1_000, 4_096, 9_973];

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(bytes);
const encode = (text: string) => new TextEncoder().encode(text);

/** The check as it was: the window decoded to a string, then startsWithContent. */
function decodedWindowCheck(bytes: Uint8Array, windowBytes: number): boolean {
  const at = bodyTagOffset(bytes, SCAN_LIMIT - windowBytes);
  if (at === -1) return false;
  return startsWithContent(decode(bytes.subarray(at, at + windowBytes)));
}

/**
 * Both checks and the text length on `bytes` (whole and from `<body`, capped), compared; a message when they
 * differ.
 */
function differences(name: string, bytes: Uint8Array, windows: readonly number[]): string[] {
  const found: string[] = [];
  for (const window of windows) {
    const want = decodedWindowCheck(bytes, window);
    if (bodyStartsWithContent(bytes, window) !== want) found.push(`${name}: window ${window}, want ${want}`);
  }
  const start = Math.max(0, bodyTagOffset(bytes, bytes.length));
  for (const max of [1_000, Number.POSITIVE_INFINITY]) {
    const want = visibleText(decode(bytes.subarray(start)), max).length;
    const got = visibleTextLength(bytes, start, bytes.length, max);
    if (got !== want) found.push(`${name}: text length ${got}, want ${want} (max ${max})`);
  }
  return found;
}

function corpusPages(): { name: string; bytes: Uint8Array }[] {
  const wcxb = readdirSync(WCXB)
    .filter((f) => f.endsWith('.html.gz'))
    .sort()
    .map((f) => ({ name: f, bytes: new Uint8Array(gunzipSync(readFileSync(join(WCXB, f)))) }));
  const readability = readdirSync(READABILITY)
    .sort()
    .map((d) => ({ name: d, bytes: new Uint8Array(readFileSync(join(READABILITY, d, 'source.html'))) }));
  return [...wcxb, ...readability];
}

const present = existsSync(WCXB) && existsSync(READABILITY);
if (!present) console.log('visibleTextBytes: ../shared/data is absent; the corpus comparison is skipped.');

describe.skipIf(!present)('the window check from the bytes, on the corpora', () => {
  it('gives the decoded window check’s verdict on every WCXB dev and Readability test page', () => {
    const pages = corpusPages();
    expect(pages.length).toBeGreaterThan(1_500);
    // A minute on 2 shared cores: the reference decodes every window and reads whole pages' text.
    const found = pages.flatMap((page) => differences(page.name, page.bytes, WINDOWS));
    expect(found).toEqual([]);
  }, 600_000);
});

/** A body of `chars` characters of prose, then `tail`, in a page with a head. */
const pageWith = (prose: string, tail: string) =>
  `<!doctype html><html><head><title>t</title></head><body><p>${prose}</p>${tail}</body></html>`;
const prose = (chars: number, word = 'tide') => `${word} `.repeat(Math.ceil(chars / (word.length + 1))).slice(0, chars);

/** Bytes in the stretch that decoders disagree on most: invalid, truncated, overlong and surrogate sequences. */
const ODD_BYTES: readonly (readonly number[])[] = [
  [0x80],
  [0xbf, 0x80],
  [0xc0, 0xaf],
  [0xc2],
  [0xe2, 0x80],
  [0xed, 0xa0, 0x80],
  [0xe0, 0x80, 0xaf],
  [0xf0, 0x8f, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf0, 0x9f, 0x98],
  [0xff],
  [0xef, 0xbb, 0xbf],
];

describe('the window check from the bytes, on crafted pages', () => {
  it('counts characters as the decoded window does: multi-byte, astral, nbsp, BOM and Unicode spaces', () => {
    for (const word of ['tide', 'marée', 'прилив', '潮', '🌊wave', 'a\u00a0b', 'a\ufeffb', 'a\u3000b', 'a\u2028b']) {
      for (const chars of [990, 999, 1_000, 1_001, 1_010]) {
        const bytes = encode(pageWith(prose(chars, word), '<footer>x</footer>'));
        expect(differences(`${word} ${chars}`, bytes, [bytes.length, 600, 1_024, 1_100, 2_048])).toEqual([]);
      }
    }
  });

  it('cuts a multi-byte character at the window edge as the decoder does (one U+FFFD)', () => {
    for (const word of ['é', '潮', '🌊', '\u00a0', '\u3000']) {
      const bytes = encode(pageWith(prose(3_000, `x${word}`), ''));
      // Every window end over a few characters: some end inside a sequence.
      const windows = Array.from({ length: 40 }, (_, k) => 1_100 + k);
      expect(differences(word, bytes, windows)).toEqual([]);
    }
  });

  it('gives the decoded window check’s verdict on client-rendered shells, small and past the windows', () => {
    const bundle = `<script>${'var x=1;'.repeat(5_000)}</script>`;
    const data = `<script id="__NEXT_DATA__" type="application/json">{"a":"${prose(70_000)}"}</script>`;
    const bodies = [
      '<div id="root"></div><script src="/static/js/main.js"></script>',
      `<div id="__next"></div>${data}`,
      '<div class="shell"><noscript>You need to enable JavaScript to run this app.</noscript></div><span>Loading</span>',
      '<div id="app"><p>Please enable JavaScript to view this site.</p></div><script src="/app.js"></script>',
      `<div class="x"></div>${bundle}`,
      '<div id="root"></div><script>fetch(\'/api/article\').then(r => r.json());</script>',
      `<main>${prose(999)}</main>${bundle}`,
      `<main>${prose(1_000)}</main>${bundle}`,
    ];
    for (const [n, body] of bodies.entries()) {
      for (const head of ['', `<style>${'a{}'.repeat(30_000)}</style>`]) {
        const bytes = encode(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);
        expect(differences(`shell ${n}`, bytes, WINDOWS)).toEqual([]);
      }
    }
  });

  it('reads invalid UTF-8 as replacement characters, as the decoder does', () => {
    for (const odd of ODD_BYTES) {
      const text = encode(`${prose(600)} `);
      const parts = [encode('<html><body><p>'), text, new Uint8Array(odd), text, new Uint8Array(odd), encode('</p>')];
      const bytes = concat(parts);
      const windows = Array.from({ length: 12 }, (_, k) => 1_190 + k * 3).concat([bytes.length]);
      expect(differences(odd.join(','), bytes, windows)).toEqual([]);
    }
  });

  it('treats scripts, styles, comments and tags cut at the window edge as the decoded window does', () => {
    const tails = [
      '<script>var a = "<p>x</p>";</script >',
      '<STYLE>p{}</style\u00a0>',
      '<style>p{}</style\u3000>',
      '<style>p{}</style\ufeff>',
      '<!-- note -->',
      '<!-->',
      '<svg><text>x</text></svg>',
      '<noscript>enable</noscript>',
      '<template><p>t</p></template>',
      '<div title="a > b">',
      'a &nbsp; b &#160; c &NBSP; d &nbsp e',
      '<scripts>x</scripts>',
      '< p >',
      '<>',
    ];
    for (const tail of tails) {
      const bytes = encode(pageWith(prose(980), `${tail}${prose(200)}${tail}`));
      const windows = Array.from({ length: 90 }, (_, k) => 980 + k * 3);
      expect(differences(tail, bytes, windows)).toEqual([]);
    }
  });

  it('agrees on seeded random documents of markers, text, spaces and odd bytes', () => {
    const tokens: readonly Uint8Array[] = [
      ...[
        '<script>',
        '</script>',
        '</SCRIPT \n>',
        '</script\u00a0>',
        '<style>',
        '</style>',
        '<svg',
        '</svg>',
        '<noscript>',
        '</noscript>',
        '<template>',
        '</template>',
        '<!--',
        '-->',
        '<',
        '>',
        '<p>',
        '</p>',
        '&nbsp;',
        '&#160;',
        '&',
        ' ',
        '\n',
        '\u00a0',
        '\u3000',
        '\u2000',
        '\ufeff',
        'word',
        'tide rises',
        'é',
        '潮',
        '🌊',
        '<body>',
      ].map(encode),
      ...ODD_BYTES.map((odd) => new Uint8Array(odd)),
    ];
    let seed = 27;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return (seed >>> 8) % n;
    };
    const found: string[] = [];
    for (let doc = 0; doc < 3_000; doc++) {
      const parts: Uint8Array[] = [encode('<html><body>')];
      const count = 20 + random(400);
      for (let t = 0; t < count; t++)
        parts.push(random(3) === 0 ? encode(prose(1 + random(60))) : tokens[random(tokens.length)]!);
      const bytes = concat(parts);
      found.push(
        ...differences(`doc ${doc}`, bytes, [random(bytes.length) + 1, random(bytes.length) + 1, bytes.length]),
      );
    }
    expect(found).toEqual([]);
  });
});

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
