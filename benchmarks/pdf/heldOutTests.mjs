// A test suite in the style of the public PDF-to-markdown benchmarks (text present / absent / reading order / table
// cell), on PDFs generated here for each cause of issue 26: single-page letters with stamps, running heads, footers
// and page numbers; layouts that change halfway; tables with two-level or spanning headers and index columns;
// markdown-escaping traps; scans rasterised at several resolutions; text in images; a scan whose hidden text layer is
// garbage (what a handwriting recogniser leaves). Each cause comes in variants (font, size, position, language) drawn
// from a seed. DEV_SEEDS are for development; HELD_OUT_SEEDS are only ever scored in aggregate (never printed per
// check) and were not looked at while fixing.
//
// Run (build the packages first): node benchmarks/pdf/heldOutTests.mjs [--modes fast,auto,ocr] [--show-dev]
// [--dev-only | --held-out-only]
// Documents go through the scraper's PDF path: the worker pool with the tesseract OCR engine, as POST /v2/scrape.
import * as mupdf from 'mupdf';
import { groupTable, printFailures, scoreByGroup } from './scoreByGroup.mjs';
import { runCheck } from './shapes.mjs';
import { textPdf, wrap } from './textPdf.mjs';
import { FIRMS, FURNITURE, WORDS } from './heldOutWords.mjs';

export const DEV_SEEDS = [11, 12, 13, 14, 15];
export const HELD_OUT_SEEDS = [71, 72, 73, 74, 75];

function rng(seed) {
  let s = (seed * 2654435761 + 12345) >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const pick = (r, list) => list[Math.floor(r() * list.length)];
const LANGS = ['en', 'fr', 'de', 'es'];
/** Body font families: [regular, bold]. */
const FAMILIES = [
  ['regular', 'bold'],
  ['serif', 'serifBold'],
  ['mono', 'monoBold'],
];
const A4 = { width: 595, height: 842 };
const LETTER = { width: 612, height: 792 };

/** A document's style drawn from its seed: language, font family, body size, page size, margin. */
function style(r) {
  const lang = pick(r, LANGS);
  const [font, bold] = pick(r, FAMILIES);
  return {
    lang,
    words: WORDS[lang],
    font,
    bold,
    size: pick(r, [9, 10, 11, 12]),
    page: pick(r, [A4, LETTER]),
    margin: 50 + Math.floor(r() * 30),
  };
}

function sentence(r, st, n) {
  const w = Array.from({ length: n }, () => pick(r, st.words));
  return `${w[0][0].toUpperCase()}${w[0].slice(1)} ${w.slice(1).join(' ')}.`;
}
const paragraph = (r, st, sentences) =>
  Array.from({ length: sentences }, () => sentence(r, st, 6 + Math.floor(r() * 6))).join(' ');
const head = (p, n = 4) => p.split(' ').slice(0, n).join(' ');
const tail = (p, n = 4) => p.split(' ').slice(-n).join(' ').replace(/\.$/, '');

/** Courier is wider than the Helvetica metrics `wrap` assumes: wrap it to a narrower measure. */
const measure = (st, width) => (st.font === 'mono' ? width * 0.85 : width);

function flow(items, text, st, x, top, width, size = st.size) {
  for (const line of wrap(text, measure(st, width), size)) {
    items.push({ x, top, size, text: line, font: st.font });
    top += size * 1.3;
  }
  return top + size * 0.7;
}

/** Letters: letterhead, stamp, running head, body, footer rows and a page number; one or two pages. */
function letter(seed) {
  const r = rng(seed);
  const st = style(r);
  const { page, margin: m } = st;
  const firm = pick(r, FIRMS);
  const fur = FURNITURE[st.lang];
  const stamp = `${pick(r, fur.stamps)} ${10 + Math.floor(r() * 18)}.0${1 + Math.floor(r() * 8)}.2024`;
  const pagesN = r() < 0.4 ? 2 : 1;
  const footer = `${firm} · ${pick(r, st.words)} ${1000 + Math.floor(r() * 8999)} · www.example.org`;
  const pageNo = (n) => pick(r, [String(n), fur.page(n, pagesN), `- ${n} -`, `${n}/${pagesN}`]);
  const paras = [];
  const pages = [];
  for (let p = 0; p < pagesN; p++) {
    const items = [];
    // Running head: the firm, in a small or a large font; the stamp off to the right, near the head or the body.
    items.push({ x: m, top: 30 + r() * 12, size: pick(r, [8, 10, 13]), text: firm, font: st.bold });
    const stampTop = pick(r, [34, 70, 100]);
    items.push({ x: page.width - m - 130, top: stampTop, size: pick(r, [9, 12, 14]), text: stamp, font: 'bold' });
    let top = 130 + Math.floor(r() * 30);
    for (let k = 0; k < 2 + (p === 0 ? 1 : 0); k++) {
      const para = paragraph(r, st, 3 + Math.floor(r() * 2));
      paras.push(para);
      top = flow(items, para, st, m, top, page.width - 2 * m);
    }
    const fTop = page.height - pick(r, [52, 64, 80]);
    items.push({ x: m, top: fTop, size: pick(r, [7, 8, 10]), text: footer, font: st.font });
    const numTop = page.height - 30;
    const num = pageNo(p + 1);
    const numX = pick(r, [page.width / 2 - 10, page.width - m - 40, m]);
    items.push({ x: numX, top: numTop, size: pick(r, [8, 9, 11]), text: num, font: st.font });
    pages.push({ ...page, items, num });
  }
  return {
    cause: 'letters',
    name: `letter-${seed}`,
    pdf: textPdf(pages),
    checks: [
      ...paras.map((p) => ({ present: head(p) })),
      ...paras.map((p) => ({ present: tail(p) })),
      { absent: firm },
      { absent: stamp },
      { absent: footer },
      ...pages.map((p) => ({ absent: p.num, whole: true })),
      ...paras.slice(1).map((p, i) => ({ order: [tail(paras[i]), head(p)] })),
    ],
  };
}

/** Layouts that change halfway: a full-width title over two columns, or two columns over a full-width table. */
function layoutChange(seed) {
  const r = rng(seed + 1000);
  const st = style(r);
  const { page, margin: m } = st;
  const items = [];
  const rules = [];
  const cols = r() < 0.75 ? 2 : 3;
  const gutter = 14 + Math.floor(r() * 14);
  const colW = (page.width - 2 * m - gutter * (cols - 1)) / cols;
  const variant = seed % 2;
  const checks = [];
  let top = 60;
  const title = sentence(r, st, 4).replace(/\.$/, '');
  items.push({ x: m, top, size: st.size + 8, text: title, font: st.bold });
  top += st.size + 24;
  if (variant === 0) {
    const abstract = paragraph(r, st, 3);
    top = flow(items, abstract, st, m, top, page.width - 2 * m);
    checks.push({ order: [title, head(abstract)] });
    checks.push({ order: [tail(abstract), 'COL0'] });
  }
  const colTexts = [];
  let bottom = top;
  for (let c = 0; c < cols; c++) {
    const text = paragraph(r, st, cols === 2 ? 4 : 3);
    colTexts.push(text);
    bottom = Math.max(bottom, flow(items, text, st, m + c * (colW + gutter), top + 8, colW));
  }
  for (let c = 0; c + 1 < cols; c++) checks.push({ order: [tail(colTexts[c]), head(colTexts[c + 1])] });
  for (const t of colTexts) checks.push({ order: [head(t), tail(t)] });
  if (variant === 0) checks.push({ order: [title, head(colTexts[0])] });
  checks.forEach((c) => {
    if (c.order?.[1] === 'COL0') c.order[1] = head(colTexts[0]);
  });
  // A full-width table under the columns.
  top = bottom + 14;
  const headers = ['Item', pick(r, st.words), pick(r, st.words), 'Total'];
  const xs = [m, m + 140, m + 260, m + 380];
  rules.push([m, top - 3, page.width - m, top - 3]);
  headers.forEach((h, i) => {
    items.push({ x: xs[i], top, size: st.size - 1, text: h, font: st.bold });
  });
  top += st.size + 6;
  rules.push([m, top - 3, page.width - m, top - 3]);
  const rows = [];
  for (let k = 0; k < 3; k++) {
    const row = [pick(r, st.words), String(10 + Math.floor(r() * 90)), String(100 + Math.floor(r() * 900))];
    row.push(String(Number(row[1]) + Number(row[2])));
    row.forEach((v, i) => {
      items.push({ x: xs[i], top, size: st.size - 1, text: v, font: st.font });
    });
    rows.push(row);
    top += st.size + 5;
  }
  rules.push([m, top, page.width - m, top]);
  checks.push({ order: [tail(colTexts[cols - 1]), headers[0]] });
  for (const row of rows) checks.push({ row });
  checks.push({ header: headers[2], under: [rows[0][2]] });
  const after = paragraph(r, st, 2);
  flow(items, after, st, m, top + 16, page.width - 2 * m);
  checks.push({ order: [rows[2][3], head(after)] });
  return { cause: 'layout', name: `layout-${seed}`, pdf: textPdf([{ ...page, items, rules }]), checks };
}

/** Tables: an index column, a two-level header (group label over sub-columns) or a one-line spanning title row. */
function table(seed) {
  const r = rng(seed + 2000);
  const st = style(r);
  const { page, margin: m } = st;
  const items = [];
  const rules = [];
  const size = Math.max(8, st.size - 2);
  const intro = paragraph(r, st, 2);
  let top = flow(items, intro, st, m, 70, page.width - 2 * m);
  const indexed = r() < 0.6;
  const twoLevel = r() < 0.7;
  const subs = pick(r, [
    ['2022', '2023'],
    ['Q1', 'Q2', 'Q3'],
    ['Min', 'Max'],
  ]);
  const group = pick(r, st.words);
  const name = pick(r, ['Region', 'Product', 'Site', 'Branch']);
  const x0 = indexed ? m + 24 : m;
  const xs = [x0, x0 + 120];
  for (let i = 1; i < subs.length; i++) xs.push(xs[xs.length - 1] + 70 + Math.floor(r() * 20));
  const noteX = xs[xs.length - 1] + 90;
  top += 12;
  const checks = [];
  if (!twoLevel) {
    // A spanning title row over the whole table.
    const caption = `${group} ${pick(r, st.words)} 2024`;
    items.push({ x: (m + page.width - m) / 2 - 60, top, size, text: caption, font: st.bold });
    top += size + 6;
    checks.push({ order: [caption, name] });
  }
  rules.push([m, top - 3, page.width - m, top - 3]);
  items.push({ x: xs[0], top, size, text: name, font: st.bold });
  if (twoLevel) {
    const spanMid = (xs[1] + xs[xs.length - 1] + 40) / 2 - group.length * size * 0.25;
    items.push({ x: spanMid, top, size, text: group, font: st.bold });
    items.push({ x: noteX, top, size, text: 'Notes', font: st.bold });
    top += size + 5;
    subs.forEach((s, i) => {
      items.push({ x: xs[i + 1], top, size, text: s, font: st.bold });
    });
  } else {
    subs.forEach((s, i) => {
      items.push({ x: xs[i + 1], top, size, text: s, font: st.bold });
    });
    items.push({ x: noteX, top, size, text: 'Notes', font: st.bold });
  }
  top += size + 6;
  rules.push([m, top - 3, page.width - m, top - 3]);
  const rows = [];
  const n = 4 + Math.floor(r() * 4);
  for (let k = 0; k < n; k++) {
    const row = [`${pick(r, st.words)} ${k + 1}`];
    for (let i = 0; i < subs.length; i++) row.push(String(Math.floor(r() * 9000) / 10));
    row.push(pick(r, st.words));
    if (indexed) items.push({ x: m, top, size, text: String(k + 1), font: st.font });
    row.forEach((v, i) => {
      items.push({ x: i <= subs.length ? xs[i] : noteX, top, size, text: v, font: st.font });
    });
    rows.push(row);
    top += size + 5;
  }
  rules.push([m, top, page.width - m, top]);
  const after = paragraph(r, st, 2);
  flow(items, after, st, m, top + 18, page.width - 2 * m);
  for (const row of rows) checks.push({ row });
  if (indexed) checks.push({ row: ['3', rows[2][0]] });
  if (twoLevel) checks.push({ header: group, under: rows[0].slice(1, 1 + subs.length) });
  checks.push({ header: subs[0], under: [rows[1][1]] });
  checks.push({ order: [tail(intro), name] }, { present: head(after) });
  return { cause: 'tables', name: `table-${seed}`, pdf: textPdf([{ ...page, items, rules }]), checks };
}

/** Prose whose wrapped lines begin with what CommonMark could read as a list or heading marker. */
function escaping(seed) {
  const r = rng(seed + 3000);
  const st = style(r);
  const { page, margin: m } = st;
  const items = [];
  const checks = [];
  let top = 80;
  const traps = [
    `${100 + Math.floor(r() * 900)}. ${pick(r, st.words)}`,
    `${1 + Math.floor(r() * 20)}) ${pick(r, st.words)}`,
    `+ ${Math.floor(r() * 90)} ${pick(r, st.words)}`,
    `#${Math.floor(r() * 90)} ${pick(r, st.words)}`,
  ];
  // (A line that starts with "- " is left out: in a PDF that is most often a real bullet.)
  for (const trap of traps.slice(0, 2 + Math.floor(r() * 3))) {
    // A paragraph line that ends mid-sentence, the next line starting with the trap.
    const before = sentence(r, st, 8).replace(/\.$/, '');
    items.push({ x: m, top, size: st.size, text: `${before} ${pick(r, st.words)}`, font: st.font });
    top += st.size * 1.3;
    const rest = sentence(r, st, 6).toLowerCase();
    items.push({ x: m, top, size: st.size, text: `${trap} ${rest}`, font: st.font });
    top += st.size * 1.3 + st.size;
    checks.push({ present: `${trap} ${head(rest, 2)}`, raw: true });
    const marker = trap.split(' ')[0];
    const escaped = marker.replace(/[.)+#]/, (c) => `\\${c}`);
    checks.push({ markdownAbsent: `${escaped} ${trap.split(' ')[1]}` });
  }
  return { cause: 'escaping', name: `escaping-${seed}`, pdf: textPdf([{ ...page, items }]), checks };
}

/** Rasterises page 1 of `pdf` at `dpi` to 8-bit grey, optionally with speckle noise. */
function rasterise(pdf, dpi, noise = 0, r = Math.random) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(0);
    const pix = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray, false, false);
    const gray = Buffer.from(pix.getPixels());
    const out = { width: pix.getWidth(), height: pix.getHeight(), gray };
    for (let i = 0; i < gray.length && noise > 0; i++) if (r() < noise) gray[i] = 255 - gray[i];
    pix.destroy();
    page.destroy();
    return out;
  } finally {
    doc.destroy();
  }
}

/** A text page rasterised at 100-300 dpi and stored as an image-only page (a scan). */
function scan(seed) {
  const r = rng(seed + 4000);
  const st = style(r);
  const { page, margin: m } = st;
  const items = [];
  const size = pick(r, [8, 10, 12]);
  const title = sentence(r, st, 3).replace(/\.$/, '');
  items.push({ x: m, top: 70, size: size + 6, text: title, font: st.bold });
  let top = 110;
  const paras = [paragraph(r, st, 3), paragraph(r, st, 3), paragraph(r, st, 2)];
  for (const p of paras) top = flow(items, p, { ...st, size }, m, top, page.width - 2 * m, size);
  const dpi = pick(r, [100, 150, 200, 300]);
  const img = rasterise(textPdf([{ ...page, items }]), dpi, r() < 0.5 ? 0.002 : 0, r);
  const pdf = textPdf([{ ...page, items: [], images: [{ x: 0, top: 0, w: page.width, h: page.height, ...img }] }]);
  return {
    cause: 'scans',
    name: `scan-${seed}-${dpi}dpi-${size}pt`,
    pdf,
    checks: [
      { present: title },
      ...paras.map((p) => ({ present: head(p) })),
      ...paras.map((p) => ({ present: tail(p) })),
      { order: [title, head(paras[0])] },
      ...paras.slice(1).map((p, i) => ({ order: [tail(paras[i]), head(p)] })),
    ],
  };
}

/** A page with a text layer and a poster image whose words exist only as pixels. */
function imageText(seed) {
  const r = rng(seed + 5000);
  const st = style(r);
  const { page, margin: m } = st;
  const items = [];
  const intro = paragraph(r, st, 3);
  const top = flow(items, intro, st, m, 60, page.width - 2 * m);
  const w = 300 + Math.floor(r() * 150);
  const h = 160 + Math.floor(r() * 60);
  const poster = [sentence(r, st, 2).replace(/\.$/, '').toUpperCase(), sentence(r, st, 3).replace(/\.$/, '')];
  const posterPdf = textPdf([
    {
      width: w,
      height: h,
      items: [
        { x: 16, top: 30, size: 26, text: poster[0], font: 'bold' },
        { x: 16, top: 90, size: 18, text: poster[1], font: st.font },
      ],
      rules: [
        [4, 4, w - 4, 4],
        [4, h - 4, w - 4, h - 4],
      ],
    },
  ]);
  const img = rasterise(posterPdf, 150);
  const imgTop = top + 10;
  const after = paragraph(r, st, 2);
  flow(items, after, st, m, imgTop + h + 16, page.width - 2 * m);
  return {
    cause: 'image-text',
    name: `imagetext-${seed}`,
    pdf: textPdf([{ ...page, items, images: [{ x: m, top: imgTop, w, h, ...img }] }]),
    checks: [
      { present: head(intro) },
      { present: head(after) },
      { present: poster[0] },
      { present: head(poster[1], 2) },
    ],
  };
}

/** A scan with a hidden text layer of wrong words (a poor recogniser's output): the page's real words must win. */
function badTextLayer(seed) {
  const r = rng(seed + 6000);
  const st = { ...style(r), lang: 'en', words: WORDS.en };
  const { page, margin: m } = st;
  const items = [];
  const size = 12;
  const paras = [paragraph(r, st, 3), paragraph(r, st, 2)];
  let top = 90;
  for (const p of paras) top = flow(items, p, { ...st, size }, m, top, page.width - 2 * m, size);
  const img = rasterise(textPdf([{ ...page, items }]), 200);
  // The hidden layer: each line's letters scrambled, at the line's place (what a failed handwriting read leaves).
  const garble = (s) =>
    s.replace(/\p{L}+/gu, (w) =>
      Array.from(w, () => pick(r, ['l', 'I', 'n', 'm', 'r', 'c', 'e', 'i', 'u', 'v', 'w'])).join(''),
    );
  const hidden = items.map((it) => ({ ...it, text: garble(it.text), invisible: true }));
  const pdf = textPdf([{ ...page, items: hidden, images: [{ x: 0, top: 0, w: page.width, h: page.height, ...img }] }]);
  return {
    cause: 'bad-text-layer',
    name: `badlayer-${seed}`,
    pdf,
    checks: [
      ...paras.map((p) => ({ present: head(p) })),
      ...paras.map((p) => ({ present: tail(p) })),
      { absent: head(hidden[0].text, 3) },
    ],
  };
}

export const CAUSES = [letter, layoutChange, table, escaping, scan, imageText, badTextLayer];

/** The splits a run asks for: `--dev-only`, `--held-out-only`, or both (the default), as [name, seeds] pairs. */
export function splitsFromArgv(argv = process.argv) {
  if (argv.includes('--dev-only')) return [['dev', DEV_SEEDS]];
  if (argv.includes('--held-out-only')) return [['held-out', HELD_OUT_SEEDS]];
  return [
    ['dev', DEV_SEEDS],
    ['held-out', HELD_OUT_SEEDS],
  ];
}

export function buildTests(seeds) {
  return CAUSES.flatMap((make) => seeds.map((s) => make(s)));
}

/** Scores documents per cause (see scoreByGroup); `parse(pdf)` answers markdown. */
export async function scoreTests(docs, parse) {
  const { per, ...score } = await scoreByGroup(docs, parse, (doc) => doc.cause, runCheck);
  return { ...score, perCause: per };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createPdfWorkerPool } = await import('../../packages/scraper/dist/pdf/createPdfWorkerPool.js');
  const { createTesseractOcr } = await import('../../packages/scraper/dist/ocr/createTesseractOcr.js');
  const arg = (name) => process.argv[process.argv.indexOf(name) + 1];
  const modes = process.argv.includes('--modes') ? arg('--modes').split(',') : ['fast', 'auto', 'ocr'];
  const only = process.argv.includes('--cause') ? arg('--cause') : undefined;
  const splits = splitsFromArgv();
  let ocr;
  const pool = createPdfWorkerPool({ workers: 1, ocr: () => (ocr ??= createTesseractOcr({ workers: 2 })) });
  const results = [];
  try {
    for (const mode of modes)
      for (const [split, seeds] of splits) {
        const docs = buildTests(seeds).filter((d) => !only || d.cause === only);
        const parse = async (pdf) => (await pool.parse(pdf, { mode }, { deadline: Date.now() + 300_000 })).markdown;
        const score = await scoreTests(docs, parse);
        results.push({ mode, split, score });
        console.error(`${mode} ${split}: ${score.passed}/${score.total}`);
        if (split === 'dev' && process.argv.includes('--show-dev')) printFailures(mode, score.failures);
      }
  } finally {
    await pool.close();
    await ocr?.close();
  }
  console.log(groupTable(results, (score) => score.perCause, true));
}
