// Letters whose right-aligned one-line date stands just above the body (a letter's content) beside letters whose
// stamp stands in the same place (margin text): the two shapes the short-document margin rule must tell apart.
// Dates are set in the body's font and size, in several formats and languages, with a letterhead or none and 0.6–3
// lines of space before the body; stamps are marked the ways stamps are (bold, capitals, larger or smaller than the
// body, typewriter, red, tilted, boxed), some with a date in them, one a reference number.
//
// Run (build the packages first): node benchmarks/pdf/letterDates.mjs [--show]
import { parsePdf } from '@scrape/core';
import { runCheck } from './shapes.mjs';
import { textPdf, textWidth, wrap } from './textPdf.mjs';

const WORDS = (
  'river garden copper lantern meadow harbour signal timber velvet orchard marble quiet winter journey pattern ' +
  'circle border island market canvas ribbon pillar window shadow feather compass anchor bridge candle silver'
).split(' ');

const DATES = [
  '12 March 2024',
  'March 12, 2024',
  'London, 3 June 2025',
  'Paris, le 3 mars 2024',
  'Berlin, den 12. März 2024',
  'Madrid, 3 de marzo de 2024',
  'Milano, 14 febbraio 2025',
  'Lisboa, 2 de maio de 2024',
  'Amsterdam, 5 januari 2024',
  '12.03.2024',
  '2024-03-12',
  '03/12/2024',
];

/** Stamps: text and how it is marked. */
const STAMPS = [
  { text: 'RECEIVED 12 MAR 2024', font: 'bold' },
  { text: 'CONFIDENTIAL' },
  { text: 'DRAFT', size: 18 },
  { text: 'Ref. 2024/0173-B', font: 'mono' },
  { text: 'Received 12.03.2024', color: [0.8, 0.1, 0.1] },
  { text: 'PAID 17.09.2024', rotate: 8 },
  { text: 'COPY', box: true },
  { text: 'Eingegangen 04.04.2024', small: true },
];

function rng(seed) {
  let s = (seed * 2654435761 + 777) >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const pick = (r, list) => list[Math.floor(r() * list.length)];
const sentence = (r, n) => {
  const w = Array.from({ length: n }, () => pick(r, WORDS));
  return `${w[0][0].toUpperCase()}${w[0].slice(1)} ${w.slice(1).join(' ')}.`;
};
const paragraph = (r, k) => Array.from({ length: k }, () => sentence(r, 7 + Math.floor(r() * 5))).join(' ');
const head = (p, n = 4) => p.split(' ').slice(0, n).join(' ');

/** A one-page letter with `row` (a date or a stamp) right-aligned just above the body. */
function letter(seed, row, kind) {
  const r = rng(seed);
  const page = seed % 2 ? { width: 612, height: 792 } : { width: 595, height: 842 };
  const m = 55 + Math.floor(r() * 25);
  const size = [10, 11, 12, 9][seed % 4];
  const font = seed % 3 === 1 ? 'serif' : 'regular';
  const items = [];
  const rules = [];
  const letterhead = seed % 3 !== 2;
  if (letterhead) items.push({ x: m, top: 34, size: 11, text: 'Calder Engineering GmbH', font: 'bold' });
  const gap = [0.6, 1.0, 1.4, 2.0, 3.0][seed % 5] * size * 1.2;
  const bodyTop = 120 + Math.floor(r() * 30);
  const rowSize = row.size ?? (row.small ? size - 2 : size);
  const w = textWidth(row.text, rowSize) * (row.font === 'mono' ? 1.1 : 1);
  const x = page.width - m - w;
  const top = bodyTop - gap - rowSize;
  items.push({ x, top, size: rowSize, text: row.text, font: row.font ?? font, color: row.color, rotate: row.rotate });
  if (row.box) {
    const [bx0, by0, bx1, by1] = [x - 4, top - 3, x + w + 4, top + rowSize + 3];
    rules.push([bx0, by0, bx1, by0], [bx1, by0, bx1, by1], [bx1, by1, bx0, by1], [bx0, by1, bx0, by0]);
  }
  const paras = [paragraph(r, 4), paragraph(r, 3), paragraph(r, 3)];
  let t = bodyTop;
  for (const p of paras) {
    for (const line of wrap(p, page.width - 2 * m, size)) {
      items.push({ x: m, top: t, size, text: line, font });
      t += size * 1.3;
    }
    t += size * 0.7;
  }
  return {
    name: `${kind}-${seed}`,
    kind,
    pdf: textPdf([{ ...page, items, rules }]),
    checks: [
      kind === 'date' ? { present: row.text } : { absent: row.text },
      ...paras.map((p) => ({ present: head(p) })),
    ],
  };
}

export function buildLetterDates() {
  const docs = [];
  DATES.forEach((d, i) => {
    for (const k of [0, 1, 2, 3, 4]) docs.push(letter(i * 5 + k, { text: d }, 'date'));
  });
  STAMPS.forEach((s, i) => {
    for (const k of [0, 1, 2, 3, 4]) docs.push(letter(100 + i * 5 + k, s, 'stamp'));
  });
  return docs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tally = {};
  for (const doc of buildLetterDates()) {
    const md = (await parsePdf(doc.pdf, {})).markdown;
    const [first, ...rest] = doc.checks;
    const t = (tally[doc.kind] ??= { row: 0, body: 0, docs: 0, bodyChecks: 0 });
    t.docs++;
    const ok = runCheck(first, md);
    if (ok) t.row++;
    else if (process.argv.includes('--show')) console.log('FAIL', doc.name, JSON.stringify(first));
    for (const c of rest) {
      t.bodyChecks++;
      if (runCheck(c, md)) t.body++;
      else if (process.argv.includes('--show')) console.log('FAIL', doc.name, JSON.stringify(c));
    }
  }
  for (const [kind, t] of Object.entries(tally))
    console.log(`${kind}: row right ${t.row}/${t.docs}, body lines kept ${t.body}/${t.bodyChecks}`);
}
