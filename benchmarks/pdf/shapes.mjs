// Layout shapes the issue names, built by construction so their truth is known, in several seeded variants:
// single-page letters with running heads, stamps (beside the head or just above the body), footers and page numbers;
// layouts that change between one and several columns; drop caps and TeX quotes; tables with two-level or spanning
// headers, narrow index columns and section rows; numbers ending a line. Checks in the style of the public PDF
// benchmarks: text present, text absent, reading order, and table cells sharing a row. Seeds 1–3 are for development,
// 4–6 are held out.
import { textPdf, wrap } from './textPdf.mjs';

const WORDS = (
  'river garden copper lantern meadow harbour signal timber velvet orchard marble quiet winter ' +
  'journey pattern circle border island market canvas ribbon pillar window shadow feather compass anchor ' +
  'bridge candle silver forest valley engine letter thunder crystal ladder pocket saddle tunnel whistle ' +
  'basket blanket button castle cotton dragon fabric gravel hollow kettle marrow needle parcel rocket'
).split(' ');

function rng(seed) {
  let s = (seed * 2654435761) >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function sentence(r, n = 9) {
  const w = Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]);
  return `${w[0][0].toUpperCase()}${w[0].slice(1)} ${w.slice(1).join(' ')}.`;
}
const paragraph = (r, sentences = 4) =>
  Array.from({ length: sentences }, () => sentence(r, 7 + Math.floor(r() * 6))).join(' ');
const head = (p, n = 4) => p.split(' ').slice(0, n).join(' ');
const tail = (p, n = 4) => p.split(' ').slice(-n).join(' ').replace(/\.$/, '');

/** Lays a paragraph into a column from `top`; returns the top after it. */
function flow(items, text, x, top, width, size = 10, lead = 1.3) {
  for (const line of wrap(text, width, size)) {
    items.push({ x, top, size, text: line });
    top += size * lead;
  }
  return top + size * 0.6;
}

const A4 = { width: 595, height: 842 };
const LETTER = { width: 612, height: 792 };

/** A one-page letter: letterhead, date stamp, reference, body, a two-row footer and a page number. */
function letter(seed) {
  const r = rng(seed);
  const page = seed % 2 ? A4 : LETTER;
  const items = [];
  const m = 60 + Math.floor(r() * 20);
  const firm = ['Northwind Legal LLP', 'Harrow & Finch Surveyors', 'Bellweather Mutual'][seed % 3];
  const stamp = ['RECEIVED 12 MAR 2024', 'COPY', 'DRAFT – NOT FOR FILING'][seed % 3];
  items.push({ x: m, top: 36, size: 9 + (seed % 3), text: firm, font: 'bold' });
  items.push({ x: page.width - m - 120, top: 36, size: 8, text: stamp, font: 'bold' });
  let top = 120 + Math.floor(r() * 40);
  items.push({ x: m, top, size: 10, text: 'Dear Ms Carter,' });
  top += 24;
  const paras = [paragraph(r, 4), paragraph(r, 3), paragraph(r, 4)];
  for (const p of paras) top = flow(items, p, m, top, page.width - 2 * m);
  items.push({ x: m, top: top + 10, size: 10, text: 'Yours sincerely,' });
  const footer1 = `${firm} · Registered in England No. ${1000000 + Math.floor(r() * 8999999)}`;
  const footer2 = 'Tel 020 7946 0000 · www.example.org';
  const pageNo = seed % 2 ? '1' : 'Page 1 of 1';
  // Footer rows sit just under the body in a short letter: no wide gap, and a larger font on some variants.
  const fTop = page.height - 70;
  items.push({ x: m, top: fTop, size: seed % 3 === 0 ? 11 : 7.5, text: footer1 });
  items.push({ x: m, top: fTop + 11, size: 7.5, text: footer2 });
  items.push({ x: page.width / 2 - 10, top: page.height - 36, size: 9, text: pageNo });
  return {
    name: `letter-${seed}`,
    pdf: textPdf([{ ...page, items }]),
    checks: [
      ...paras.map((p) => ({ present: head(p) })),
      ...paras.map((p) => ({ present: tail(p) })),
      { absent: firm },
      { absent: stamp },
      { absent: footer1 },
      { absent: footer2 },
      { absent: pageNo, whole: true },
      { order: [head(paras[0]), head(paras[1])] },
      { order: [head(paras[1]), head(paras[2])] },
    ],
  };
}

/**
 * A letter whose stamp stands on a row of its own, off to the right, just above the body (0.6–1.4 lines of space,
 * less than the gap a running head keeps), under a letterhead or with none; the body's first line must stay.
 */
function stampAboveBody(seed) {
  const r = rng(seed + 300);
  const page = seed % 2 ? LETTER : A4;
  const items = [];
  const m = 55 + Math.floor(r() * 25);
  const size = [9, 10, 11][seed % 3];
  const stamp = ['RECEIVED 04 APR 2024', 'PAID 17.09.2024', 'COPY FOR FILING'][seed % 3];
  if (seed % 3 !== 2) items.push({ x: m, top: 34, size: 9, text: 'Calder Engineering GmbH', font: 'bold' });
  const stampSize = [9, 12, 14][(seed + 1) % 3];
  const bodyTop = 128 + Math.floor(r() * 20);
  const gap = [0.6, 0.9, 1.4][(seed + 2) % 3] * size * 1.2;
  items.push({ x: page.width - m - 150, top: bodyTop - gap - stampSize, size: stampSize, text: stamp, font: 'bold' });
  const paras = [paragraph(r, 4), paragraph(r, 3), paragraph(r, 4)];
  let top = bodyTop;
  for (const p of paras) top = flow(items, p, m, top, page.width - 2 * m, size);
  return {
    name: `stamp-above-body-${seed}`,
    pdf: textPdf([{ ...page, items }]),
    checks: [
      ...paras.map((p) => ({ present: head(p) })),
      ...paras.map((p) => ({ present: tail(p) })),
      { absent: stamp },
      { order: [head(paras[0]), head(paras[1])] },
    ],
  };
}

/** Full-width title and abstract, a two-column body, a full-width closing paragraph, then two columns again. */
function switchingColumns(seed) {
  const r = rng(seed + 100);
  const page = A4;
  const items = [];
  const m = 56;
  const gutter = 18 + Math.floor(r() * 10);
  const colW = (page.width - 2 * m - gutter) / 2;
  const title = `On the ${WORDS[seed]} of ${WORDS[seed + 7]} ${WORDS[seed + 3]}`;
  items.push({ x: m, top: 60, size: 18, text: title, font: 'bold' });
  let top = 100;
  const abstract = paragraph(r, 3);
  top = flow(items, abstract, m, top, page.width - 2 * m);
  const left = [paragraph(r, 3), paragraph(r, 3)];
  const right = [paragraph(r, 3), paragraph(r, 3)];
  let lt = top + 10;
  let rt = top + 10;
  for (const p of left) lt = flow(items, p, m, lt, colW);
  for (const p of right) rt = flow(items, p, m + colW + gutter, rt, colW);
  top = Math.max(lt, rt) + 6;
  const wide = paragraph(r, 2);
  top = flow(items, wide, m, top, page.width - 2 * m);
  const left2 = paragraph(r, 3);
  const right2 = paragraph(r, 3);
  flow(items, left2, m, top + 10, colW);
  flow(items, right2, m + colW + gutter, top + 10, colW);
  return {
    name: `columns-${seed}`,
    pdf: textPdf([{ ...page, items }]),
    checks: [
      { order: [title, head(abstract)] },
      { order: [tail(abstract), head(left[0])] },
      { order: [tail(left[1]), head(right[0])] },
      { order: [head(left[0]), tail(left[0])] },
      { order: [head(right[0]), tail(right[0])] },
      { order: [tail(right[1]), head(wide)] },
      { order: [tail(wide), head(left2)] },
      { order: [tail(left2), head(right2)] },
      { present: `${tail(left[0], 3)}` },
      { present: `${tail(right[1], 3)}` },
    ],
  };
}

/** A drop cap two lines tall and TeX-style ‘‘quotes’’ in the body. */
function dropCapAndQuotes(seed) {
  const r = rng(seed + 200);
  const page = A4;
  const items = [];
  const m = 70;
  const word = ['The', 'When', 'Every'][seed % 3];
  const first = `${word.slice(1)} ${paragraph(r, 3)}`;
  items.push({ x: m, top: 100, size: 30, text: word[0], font: 'serif' });
  const lines = wrap(first, page.width - 2 * m - 30, 10);
  let top = 102;
  lines.forEach((line, i) => {
    items.push({ x: i < 2 ? m + 26 : m, top, size: 10, text: line });
    top += 13;
  });
  const q = `${WORDS[seed + 5]} ${WORDS[seed + 9]}`;
  const quoted = `She called it ‘‘the ${q}’’ in every report. ${paragraph(r, 2)}`;
  flow(items, quoted, m, top + 8, page.width - 2 * m);
  return {
    name: `dropcap-${seed}`,
    pdf: textPdf([{ ...page, items }]),
    checks: [
      { present: `${word} ${head(first.slice(word.length), 3).trim()}`, raw: true },
      { present: `“the ${q}”`, raw: true },
    ],
  };
}

/** A table with a narrow index column, a two-level header (a group label over two sub-columns) and a section row. */
function twoLevelTable(seed) {
  const r = rng(seed + 300);
  const page = A4;
  const items = [];
  const rules = [];
  const m = 60;
  const intro = paragraph(r, 2);
  let top = flow(items, intro, m, 70, page.width - 2 * m);
  const group = ['Revenue', 'Output', 'Staff'][seed % 3];
  const years = [
    ['2022', '2023'],
    ['Q1', 'Q2'],
    ['Men', 'Women'],
  ][seed % 3];
  const xs = [m, m + 22, m + 150, m + 240, m + 330];
  top += 10;
  rules.push([m, top - 4, page.width - m, top - 4]);
  items.push({ x: xs[1], top, size: 9, text: 'Region', font: 'bold' });
  items.push({ x: (xs[2] + xs[3] + 40) / 2 - 20, top, size: 9, text: group, font: 'bold' });
  items.push({ x: xs[4], top, size: 9, text: 'Notes', font: 'bold' });
  top += 13;
  items.push({ x: xs[2], top, size: 9, text: years[0], font: 'bold' });
  items.push({ x: xs[3], top, size: 9, text: years[1], font: 'bold' });
  top += 14;
  rules.push([m, top - 3, page.width - m, top - 3]);
  const regions = ['North', 'South', 'East', 'West', 'Central', 'Coast'];
  const rows = [];
  let idx = 1;
  for (const [si, section] of [
    ['Domestic', 0],
    ['Export', 3],
  ].entries()) {
    items.push({ x: m, top, size: 9, text: `${section[0]} markets`, font: 'bold' });
    top += 13;
    for (let k = 0; k < 3; k++) {
      const name = regions[section[1] + k];
      const a = String(100 + Math.floor(r() * 900));
      const b = String(100 + Math.floor(r() * 900));
      const note = WORDS[Math.floor(r() * WORDS.length)];
      items.push({ x: xs[0], top, size: 9, text: String(idx++) });
      items.push({ x: xs[1], top, size: 9, text: name });
      items.push({ x: xs[2], top, size: 9, text: a });
      items.push({ x: xs[3], top, size: 9, text: b });
      items.push({ x: xs[4], top, size: 9, text: note });
      rows.push({ name, a, b, note, si });
      top += 13;
    }
  }
  rules.push([m, top + 2, page.width - m, top + 2]);
  const after = paragraph(r, 2);
  flow(items, after, m, top + 20, page.width - 2 * m);
  return {
    name: `table-${seed}`,
    pdf: textPdf([{ ...page, items, rules }]),
    checks: [
      ...rows.map((row) => ({ row: [row.name, row.a, row.b, row.note] })),
      { row: ['1', rows[0].name] },
      { header: group, under: [rows[0].a, rows[0].b] },
      { present: head(after) },
      { order: [tail(intro), 'Region'] },
    ],
  };
}

/** Prose whose lines happen to start with a number and a period, and a real numbered list. */
function numberedLines(seed) {
  const r = rng(seed + 400);
  const page = A4;
  const items = [];
  const m = 70;
  const n = 100 + seed * 17;
  let top = 80;
  items.push({ x: m, top, size: 10, text: `The committee approved a budget of about` });
  top += 13;
  items.push({ x: m, top, size: 10, text: `${n}. That figure was ${sentence(r, 8).toLowerCase()}` });
  top += 13;
  items.push({ x: m, top, size: 10, text: sentence(r, 10) });
  top += 26;
  const steps = [sentence(r, 6), sentence(r, 6), sentence(r, 6)];
  steps.forEach((s, i) => {
    items.push({ x: m, top, size: 10, text: `${i + 1}.` });
    items.push({ x: m + 16, top, size: 10, text: s });
    top += 14;
  });
  return {
    name: `numbers-${seed}`,
    pdf: textPdf([{ ...page, items }]),
    checks: [
      { markdownAbsent: `${n}\\.` },
      { present: `${n}. That figure`, raw: true },
      { markdownPresent: `1. ${steps[0]}` },
    ],
  };
}

export const SHAPES = [letter, stampAboveBody, switchingColumns, dropCapAndQuotes, twoLevelTable, numberedLines];
export const DEV_SEEDS = [1, 2, 3];
export const HELD_OUT_SEEDS = [4, 5, 6];

export function buildShapes(seeds) {
  return SHAPES.flatMap((make) => seeds.map((s) => make(s)));
}

/** The plain text of our markdown for text checks: markers, escapes and table pipes gone, spaces folded. */
function plain(md) {
  return md
    .replace(/<[^>]+>/g, ' ')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|[-*+]|\d+[.)]|>)\s+/gm, '')
    .replace(/[*_`|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
const fold = (s) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The table rows of the markdown (pipe rows or HTML rows), each as its list of cell texts. */
function tableRows(md) {
  const rows = [];
  for (const line of md.split('\n'))
    if (/^\s*\|/.test(line) && !/^\s*\|[\s:|-]+\|\s*$/.test(line))
      rows.push(
        line
          .split('|')
          .slice(1, -1)
          .map((c) => fold(c)),
      );
  for (const tr of md.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi))
    rows.push([...tr[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/gi)].map((c) => fold(c[1])));
  return rows;
}

/** Runs one check against a markdown; true when it passes. */
export function runCheck(check, md) {
  const text = plain(md);
  const f = ` ${fold(text)} `;
  if (check.present !== undefined)
    return check.raw ? text.includes(check.present) : f.includes(` ${fold(check.present)} `);
  if (check.absent !== undefined) {
    if (check.whole) return !md.split('\n').some((l) => fold(plain(l)) === fold(check.absent));
    return !f.includes(` ${fold(check.absent)} `);
  }
  if (check.markdownAbsent !== undefined) return !md.includes(check.markdownAbsent);
  if (check.markdownPresent !== undefined) return md.includes(check.markdownPresent);
  if (check.order) {
    const a = f.indexOf(` ${fold(check.order[0])} `);
    const b = f.indexOf(` ${fold(check.order[1])} `);
    return a >= 0 && b >= 0 && a < b;
  }
  if (check.row) {
    const want = check.row.map(fold);
    return tableRows(md).some((cells) => want.every((w) => cells.includes(w)));
  }
  if (check.header) {
    // The group label heads a column whose rows hold the sub-column values, or is merged into their headers.
    const rows = tableRows(md);
    const g = fold(check.header);
    const dataRow = rows.find((cells) => cells.includes(fold(check.under[0])));
    if (!dataRow) return false;
    const cols = check.under.map((v) => dataRow.indexOf(fold(v)));
    const headerRows = rows.slice(0, rows.indexOf(dataRow));
    return cols.every((c) => headerRows.some((h) => (h[c] ?? '').includes(g)));
  }
  throw new Error(`unknown check ${JSON.stringify(check)}`);
}

export async function scoreShapes(docs, parse) {
  const perShape = {};
  const failures = [];
  let passed = 0;
  let total = 0;
  for (const doc of docs) {
    const md = await parse(doc.pdf);
    const shape = doc.name.replace(/-\d+$/, '');
    const s = (perShape[shape] ??= { passed: 0, total: 0 });
    for (const check of doc.checks) {
      const ok = runCheck(check, md);
      s.total++;
      total++;
      if (ok) {
        s.passed++;
        passed++;
      } else failures.push({ doc: doc.name, check, md });
    }
  }
  return { passed, total, perShape, failures };
}
