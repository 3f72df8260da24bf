// More generated PDFs for the layout causes of issue 26, in shapes heldOutTests.mjs does not draw: column layouts
// that change more than once (columns of unequal width, aligned paragraph gaps across columns, three columns under
// two), 2×2 grids of cards, lines set TeX-style with word gaps narrower than 0.2 em and no space glyphs, TeX-style
// accents (a spacing accent drawn over its letter), tables whose header groups span sub-columns, text pages read
// in `ocr` mode (structure kept), columns with tight gutters that lines touch or cross, and grids of small cards
// (a heading and one or two lines each) whose rows line up like table rows. DEV_SEEDS tune; HELD_OUT_SEEDS are
// scored in aggregate only. Both differ from the seeds of heldOutTests.mjs.
//
// Run (build the packages first): node benchmarks/pdf/layoutCauses.mjs [--modes auto,ocr] [--show-dev] [--cause c]
// [--held-out] [--core path/to/core/dist/index.js]
import { scoreTests } from './heldOutTests.mjs';
import { WORDS } from './heldOutWords.mjs';
import { textPdf, textWidth, wrap } from './textPdf.mjs';

export const DEV_SEEDS = [31, 32, 33, 34, 35, 36];
export const HELD_OUT_SEEDS = [91, 92, 93, 94, 95, 96];

function rng(seed) {
  let s = (seed * 2246822519 + 777) >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const pick = (r, list) => list[Math.floor(r() * list.length)];
const A4 = { width: 595, height: 842 };
const LETTER = { width: 612, height: 792 };
const FONTS = [
  ['regular', 'bold'],
  ['serif', 'serifBold'],
];

function style(r, lang) {
  const [font, bold] = pick(r, FONTS);
  const l = lang ?? pick(r, ['en', 'fr', 'de', 'es']);
  return { lang: l, words: WORDS[l], font, bold, size: pick(r, [9, 10, 11]), page: pick(r, [A4, LETTER]) };
}
function sentence(r, st, n) {
  const w = Array.from({ length: n }, () => pick(r, st.words));
  return `${w[0][0].toUpperCase()}${w[0].slice(1)} ${w.slice(1).join(' ')}.`;
}
const paragraph = (r, st, k) => Array.from({ length: k }, () => sentence(r, st, 6 + Math.floor(r() * 6))).join(' ');
const head = (p, n = 4) => p.split(' ').slice(0, n).join(' ');
const tail = (p, n = 4) => p.split(' ').slice(-n).join(' ').replace(/\.$/, '');

function flow(items, text, st, x, top, width, size = st.size, extra = {}) {
  for (const line of wrap(text, width, size)) {
    items.push({ x, top, size, text: line, font: st.font, ...extra });
    top += size * 1.3;
  }
  return top + size * 0.7;
}

/** Layouts changing twice: title, two columns (equal or unequal), a full-width band, then two or three columns. */
function layoutMix(seed) {
  const r = rng(seed);
  const st = style(r);
  const { page } = st;
  const m = 48 + Math.floor(r() * 20);
  const items = [];
  const checks = [];
  const title = sentence(r, st, 4).replace(/\.$/, '');
  items.push({ x: m, top: 50, size: st.size + 7, text: title, font: st.bold });
  let top = 50 + st.size + 26;
  const gutter = 16 + Math.floor(r() * 12);
  const inner = page.width - 2 * m - gutter;
  // Unequal columns (a sidebar beside a main column) on some seeds.
  const share = pick(r, [0.5, 0.5, 0.36, 0.62]);
  const widths = [inner * share, inner * (1 - share)];
  const firstCols = [];
  let bottom = top;
  for (let c = 0; c < 2; c++) {
    const x = c === 0 ? m : m + widths[0] + gutter;
    // Two paragraphs per column with equal heights: their gaps line up across the gutter (a trap for a cut across).
    let t = top;
    const ps = [paragraph(r, st, 2), paragraph(r, st, 2)];
    for (const p of ps) t = flow(items, p, st, x, t, widths[c]);
    firstCols.push(ps);
    bottom = Math.max(bottom, t);
  }
  checks.push({ order: [title, head(firstCols[0][0])] });
  checks.push({ order: [tail(firstCols[0][0]), head(firstCols[0][1])] });
  checks.push({ order: [tail(firstCols[0][1]), head(firstCols[1][0])] });
  checks.push({ order: [tail(firstCols[1][0]), head(firstCols[1][1])] });
  const wide = paragraph(r, st, 2);
  top = flow(items, wide, st, m, bottom + 6, page.width - 2 * m);
  checks.push({ order: [tail(firstCols[1][1]), head(wide)] });
  const cols = pick(r, [2, 3]);
  const w = (page.width - 2 * m - gutter * (cols - 1)) / cols;
  const last = [];
  for (let c = 0; c < cols; c++) {
    const p = paragraph(r, st, cols === 2 ? 3 : 2);
    last.push(p);
    flow(items, p, st, m + c * (w + gutter), top + 6, w);
  }
  checks.push({ order: [tail(wide), head(last[0])] });
  for (let c = 0; c + 1 < cols; c++) checks.push({ order: [tail(last[c]), head(last[c + 1])] });
  for (const p of last) checks.push({ order: [head(p), tail(p)] });
  return { cause: 'layout-mix', name: `mix-${seed}`, pdf: textPdf([{ ...page, items }]), checks };
}

/** A 2×2 grid of cards (a heading and a short text each), under an intro; read card by card, row by row. */
function cardGrid(seed) {
  const r = rng(seed + 100);
  const st = style(r);
  const { page } = st;
  const m = 56;
  const items = [];
  const rules = [];
  const intro = paragraph(r, st, 2);
  let top = flow(items, intro, st, m, 60, page.width - 2 * m);
  const gap = 20 + Math.floor(r() * 16);
  const w = (page.width - 2 * m - gap) / 2;
  const cards = [];
  for (let row = 0; row < 2; row++) {
    let bottom = top;
    for (let c = 0; c < 2; c++) {
      const x = m + c * (w + gap);
      const heading = sentence(r, st, 2).replace(/\.$/, '');
      const body = paragraph(r, st, 1 + Math.floor(r() * 2));
      items.push({ x: x + 8, top: top + 8, size: st.size + 3, text: heading, font: st.bold });
      const end = flow(items, body, st, x + 8, top + 14 + st.size + 3, w - 16);
      cards.push({ heading, body });
      bottom = Math.max(bottom, end);
    }
    // Card borders on some seeds.
    if (r() < 0.5)
      for (let c = 0; c < 2; c++) {
        const x = m + c * (w + gap);
        rules.push([x, top, x + w, top], [x, bottom + 4, x + w, bottom + 4]);
      }
    top = bottom + 10 + Math.floor(r() * 12);
  }
  const checks = [{ order: [tail(intro), cards[0].heading] }];
  for (const c of cards) checks.push({ order: [c.heading, head(c.body)] }, { present: tail(c.body) });
  for (let i = 0; i + 1 < cards.length; i++) checks.push({ order: [tail(cards[i].body), cards[i + 1].heading] });
  return { cause: 'cards', name: `cards-${seed}`, pdf: textPdf([{ ...page, items, rules }]), checks };
}

/** TeX-set prose: no space glyphs, word gaps of 0.1–0.19 em, some lines letter-spaced; accents drawn over letters. */
function texProse(seed) {
  const r = rng(seed + 200);
  const st = style(r, pick(r, ['fr', 'de', 'es']));
  st.font = 'regular';
  const { page } = st;
  const m = 70;
  const items = [];
  const checks = [];
  let top = 80;
  const accented = ['café', 'élève', 'fête', 'naïve', 'père', 'Noël', 'über', 'año', 'côte', 'déjà'];
  for (let k = 0; k < 3; k++) {
    const words = paragraph(r, st, 3).split(' ');
    // An accented word in each paragraph, drawn TeX-style.
    const at = 2 + Math.floor(r() * (words.length - 4));
    const acc = pick(r, accented);
    words.splice(at, 0, acc);
    const text = words.join(' ');
    const wordGap = 0.1 + Math.floor(r() * 10) / 100;
    const lines = wrap(text, page.width - 2 * m, st.size);
    for (const line of lines) {
      items.push({ x: m, top, size: st.size, text: line, font: st.font, wordGap, tex: true });
      top += st.size * 1.3;
    }
    top += st.size;
    checks.push({ present: head(text, 5) }, { present: tail(text, 5) });
    checks.push({ present: `${words[at - 1]} ${acc} ${words[at + 1]}`, raw: true });
  }
  return { cause: 'tex', name: `tex-${seed}`, pdf: textPdf([{ ...page, items }]), checks };
}

/** A table with two header groups, each spanning its own sub-columns, over a stub column; a title row on some. */
function groupedTable(seed) {
  const r = rng(seed + 300);
  const st = style(r);
  const { page } = st;
  const m = 60;
  const items = [];
  const rules = [];
  const size = st.size - 1;
  const intro = paragraph(r, st, 2);
  let top = flow(items, intro, st, m, 70, page.width - 2 * m) + 10;
  const subs = pick(r, [
    ['2023', '2024'],
    ['Min', 'Max'],
    ['H', 'F'],
  ]);
  const groups = [pick(r, st.words), pick(r, st.words)];
  if (groups[0] === groups[1]) groups[1] = `${groups[1]}s`;
  const stub = pick(r, ['Region', 'Item', 'Site']);
  const xs = [m, m + 130];
  for (let i = 1; i < subs.length * 2; i++) xs.push(xs[xs.length - 1] + 64 + (i === subs.length ? 20 : 0));
  rules.push([m, top - 3, page.width - m, top - 3]);
  items.push({ x: xs[0], top, size, text: stub, font: st.bold });
  groups.forEach((g, gi) => {
    const a = xs[1 + gi * subs.length];
    const b = xs[(gi + 1) * subs.length] + 30;
    items.push({ x: (a + b) / 2 - g.length * size * 0.26, top, size, text: g, font: st.bold });
    rules.push([a, top + size + 2, b, top + size + 2]);
  });
  top += size + 6;
  for (let gi = 0; gi < 2; gi++)
    subs.forEach((s, i) => {
      items.push({ x: xs[1 + gi * subs.length + i], top, size, text: s, font: st.bold });
    });
  top += size + 6;
  rules.push([m, top - 3, page.width - m, top - 3]);
  const rows = [];
  for (let k = 0; k < 4 + Math.floor(r() * 3); k++) {
    const row = [`${pick(r, st.words)} ${k + 1}`];
    for (let i = 0; i < subs.length * 2; i++) row.push(String(Math.floor(r() * 900) + 10));
    row.forEach((v, i) => {
      items.push({ x: xs[i], top, size, text: v, font: st.font });
    });
    rows.push(row);
    top += size + 5;
  }
  rules.push([m, top, page.width - m, top]);
  const after = paragraph(r, st, 2);
  flow(items, after, st, m, top + 18, page.width - 2 * m);
  const checks = rows.map((row) => ({ row }));
  checks.push({ header: groups[0], under: rows[0].slice(1, 1 + subs.length) });
  checks.push({ header: groups[1], under: rows[0].slice(1 + subs.length) });
  checks.push({ order: [tail(intro), stub] }, { order: [rows[rows.length - 1][0], head(after)] });
  return { cause: 'grouped-table', name: `grouped-${seed}`, pdf: textPdf([{ ...page, items, rules }]), checks };
}

/** A text page with a heading, a bulleted list and a small table: `ocr` mode must keep its structure. */
function ocrStructure(seed) {
  const r = rng(seed + 400);
  const st = style(r, 'en');
  st.size = 11;
  const { page } = st;
  const m = 64;
  const items = [];
  const title = sentence(r, st, 3).replace(/\.$/, '');
  items.push({ x: m, top: 60, size: 20, text: title, font: st.bold });
  let top = flow(items, paragraph(r, st, 2), st, m, 100, page.width - 2 * m);
  const sub = sentence(r, st, 2).replace(/\.$/, '');
  items.push({ x: m, top: top + 6, size: 15, text: sub, font: st.bold });
  top += 34;
  const bullets = [sentence(r, st, 4), sentence(r, st, 5), sentence(r, st, 3)];
  for (const b of bullets) {
    items.push({ x: m + 6, top, size: st.size, text: '•', font: st.font });
    items.push({ x: m + 20, top, size: st.size, text: b, font: st.font });
    top += st.size * 1.6;
  }
  const body = paragraph(r, st, 2);
  flow(items, body, st, m, top + 10, page.width - 2 * m);
  const checks = [
    { markdownPresent: `# ${title}` },
    { markdownPresent: `# ${sub}` },
    ...bullets.map((b) => ({ markdownPresent: `- ${b}` })),
    { order: [sub, bullets[0]] },
    { present: head(body) },
  ];
  return { cause: 'ocr-structure', name: `ocrstruct-${seed}`, pdf: textPdf([{ ...page, items }]), checks };
}

/**
 * Columns set with a tight gutter (4-9 points) whose ragged lines touch the next column or run a little into it (up
 * to about one em), over a full-width table on some seeds: no empty channel runs down the page between them.
 */
function tightColumns(seed) {
  const r = rng(seed + 500);
  const st = style(r);
  const { page } = st;
  const m = 50 + Math.floor(r() * 20);
  const items = [];
  const rules = [];
  const checks = [];
  const title = sentence(r, st, 4).replace(/\.$/, '');
  items.push({ x: m, top: 50, size: st.size + 7, text: title, font: st.bold });
  const cols = pick(r, [2, 2, 3]);
  const gutter = 4 + Math.floor(r() * 6);
  const w = (page.width - 2 * m - gutter * (cols - 1)) / cols;
  // Lines are wrapped a little wider than the column, so some of them reach into the gutter or past it.
  const overrun = 1 + pick(r, [0, 0.04, 0.07]);
  const top = 50 + st.size + 26;
  const texts = [];
  let bottom = top;
  for (let c = 0; c < cols; c++) {
    const p = paragraph(r, st, cols === 2 ? 4 : 3);
    texts.push(p);
    bottom = Math.max(bottom, flow(items, p, st, m + c * (w + gutter), top, w * overrun));
  }
  checks.push({ order: [title, head(texts[0])] });
  for (let c = 0; c + 1 < cols; c++) checks.push({ order: [tail(texts[c]), head(texts[c + 1])] });
  for (const p of texts) checks.push({ order: [head(p), tail(p)] });
  let after = bottom + 12;
  if (r() < 0.6) {
    // A full-width table whose column gaps may line up with the gutter.
    const size = st.size - 1;
    const xs = [m, m + 140, m + 260, m + 380];
    const headers = ['Item', pick(r, st.words), pick(r, st.words), 'Total'];
    rules.push([m, after - 3, page.width - m, after - 3]);
    headers.forEach((h, i) => {
      items.push({ x: xs[i], top: after, size, text: h, font: st.bold });
    });
    after += size + 6;
    for (let k = 0; k < 3; k++) {
      const row = [pick(r, st.words), String(10 + Math.floor(r() * 90)), String(100 + Math.floor(r() * 900))];
      row.push(String(Number(row[1]) + Number(row[2])));
      row.forEach((v, i) => {
        items.push({ x: xs[i], top: after, size, text: v, font: st.font });
      });
      checks.push({ row });
      after += size + 5;
    }
    rules.push([m, after, page.width - m, after]);
    checks.push({ order: [tail(texts[cols - 1]), headers[0]] });
    after += 14;
  }
  const closing = paragraph(r, st, 2);
  flow(items, closing, st, m, after, page.width - 2 * m);
  checks.push({ order: [tail(texts[cols - 1]), head(closing)] });
  return { cause: 'tight-columns', name: `tight-${seed}`, pdf: textPdf([{ ...page, items, rules }]), checks };
}

/**
 * Grids of small cards (2 or 3 across, 2 or 3 down): a heading line each (bold, larger on some seeds) over one or two
 * lines of text. Their lines share rows across the grid like table cells; they must read card by card, row by row,
 * and not as a table.
 */
function cardLines(seed) {
  const r = rng(seed + 600);
  const st = style(r);
  const { page } = st;
  const m = 56;
  const items = [];
  const rules = [];
  // The intro (two lines or more) starts below the band where a lone top line reads as a running head.
  const intro = paragraph(r, st, 3);
  let top = flow(items, intro, st, m, 96, page.width - 2 * m) + 6;
  const across = pick(r, [2, 3]);
  const down = pick(r, [2, 3]);
  const gap = 16 + Math.floor(r() * 16);
  const w = (page.width - 2 * m - gap * (across - 1)) / across;
  const headSize = st.size + pick(r, [0, 2, 3]);
  const cards = [];
  for (let row = 0; row < down; row++) {
    let bottom = top;
    for (let c = 0; c < across; c++) {
      const x = m + c * (w + gap);
      // Three words: a two-word heading too often recurs inside another card's text (an order check then misfires).
      let heading = sentence(r, st, 3).replace(/\.$/, '');
      // Bold is wider than the widths `wrap` assumes: keep the heading inside its card.
      while (textWidth(heading, headSize * 1.15) > w - 16) heading = sentence(r, st, 3).replace(/\.$/, '');
      // One or two lines of text: shorten the sentence until it wraps into that many lines.
      const want = 1 + Math.floor(r() * 2);
      let n = 14;
      let body = sentence(r, st, n);
      while (n > 3 && wrap(body, w - 16, st.size).length > want) body = sentence(r, st, --n);
      items.push({ x: x + 8, top: top + 6, size: headSize, text: heading, font: st.bold });
      const end = flow(items, body, st, x + 8, top + 10 + headSize, w - 16);
      cards.push({ heading, body });
      bottom = Math.max(bottom, end);
    }
    if (r() < 0.5)
      for (let c = 0; c < across; c++) {
        const x = m + c * (w + gap);
        rules.push([x, top, x + w, top], [x, bottom + 2, x + w, bottom + 2]);
      }
    top = bottom + 10 + Math.floor(r() * 10);
  }
  const checks = [
    { order: [tail(intro), cards[0].heading] },
    { markdownAbsent: '| ---' },
    { markdownAbsent: '<table' },
  ];
  for (const c of cards) checks.push({ order: [c.heading, head(c.body, 3)] }, { present: tail(c.body, 3) });
  for (let i = 0; i + 1 < cards.length; i++) checks.push({ order: [tail(cards[i].body, 3), cards[i + 1].heading] });
  return { cause: 'card-lines', name: `cardlines-${seed}`, pdf: textPdf([{ ...page, items, rules }]), checks };
}

export const CAUSES = [layoutMix, cardGrid, texProse, groupedTable, ocrStructure, tightColumns, cardLines];
export const buildTests = (seeds) => CAUSES.flatMap((make) => seeds.map((s) => make(s)));

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createPdfWorkerPool } = await import('../../packages/scraper/dist/pdf/createPdfWorkerPool.js');
  const { createTesseractOcr } = await import('../../packages/scraper/dist/ocr/createTesseractOcr.js');
  const arg = (name) => process.argv[process.argv.indexOf(name) + 1];
  const modes = process.argv.includes('--modes') ? arg('--modes').split(',') : ['auto', 'ocr'];
  const only = process.argv.includes('--cause') ? arg('--cause') : undefined;
  const splits = process.argv.includes('--held-out')
    ? [
        ['dev', DEV_SEEDS],
        ['held-out', HELD_OUT_SEEDS],
      ]
    : [['dev', DEV_SEEDS]];
  const other = process.argv.includes('--core') ? await import(arg('--core')) : null;
  let ocr;
  const pool = createPdfWorkerPool({ workers: 1, ocr: () => (ocr ??= createTesseractOcr({ workers: 2 })) });
  const rows = [];
  try {
    for (const mode of modes)
      for (const [split, seeds] of splits) {
        const docs = buildTests(seeds).filter((d) => !only || d.cause === only);
        // --core <dist/index.js>: parse in this process with another build of @scrape/core (a before/after run).
        const parse = other
          ? async (pdf) =>
              (await other.parsePdf(pdf, { mode }, { ocr: (ocr ??= createTesseractOcr({ workers: 2 })) })).markdown
          : async (pdf) => (await pool.parse(pdf, { mode }, { deadline: Date.now() + 300_000 })).markdown;
        const score = await scoreTests(docs, parse);
        const cells = Object.entries(score.perCause).map(([c, s]) => `${c} ${(s.passed / s.total).toFixed(2)}`);
        rows.push(`${mode} ${split}: ${(score.passed / score.total).toFixed(3)} | ${cells.join(' | ')}`);
        if (split === 'dev' && process.argv.includes('--show-dev'))
          for (const f of score.failures) console.log(`FAIL [${mode}] ${f.doc} ${JSON.stringify(f.check)}`);
        if (process.argv.includes('--dump')) for (const d of docs) console.log(`=== ${d.name}\n${await parse(d.pdf)}`);
      }
  } finally {
    await pool.close();
    await ocr?.close();
  }
  console.log(rows.join('\n'));
}
