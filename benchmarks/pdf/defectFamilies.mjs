// Shapes the last PDF rounds left broken (issue 26, "left" lists of docs/decisions.md), printed by Chromium from
// HTML written here, with text-present / absent / order checks and table-cell checks (tableFamilies.mjs' kind):
// - footnotes: notes in a smaller face right under two balanced CSS columns (rule or none, 1–3 notes, some wrapping
//   across the full width);
// - running: a running line (draft / circulation mark) at the top or foot of every page in the body's own face,
//   size and ink, on 2–3 pages;
// - wrapping: tables whose rows wrap in every cell (narrow text columns, 2–4 lines per cell);
// - sidebyside: two tables side by side with a wide gap between them;
// - lonestamp: a one-page document with a stamp, page count or reference code in the top or bottom margin, set in
//   the body's face and size, sometimes a short body-size line (a date, a label) as the body's first or last line;
// - equalsides: two tables side by side with the same number of rows;
// - wrappedlast: a table whose last row has one cell wrapping onto further lines, a paragraph right after it;
// - narrowspace: words set one inline box each, 0.08–0.19 em apart, with no space glyph between them;
// - halfway: a layout that changes halfway: a full-width title over two CSS columns, a full-width table under them,
//   sometimes two columns again under the table.
// DEV_SEEDS tune, CHECK_SEEDS (--check) confirm a rule; HELD_OUT_SEEDS are scored in aggregate only, once, at the
// end.
//
// Run (build the packages first): node benchmarks/pdf/defectFamilies.mjs [--held-out | --check | --seeds a-b]
// [--show-dev] [--family f] [--dump dir] [--core path/to/core/dist/index.js]
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { launchChromium, printFamilies, runFamilyCheck } from './families.mjs';
import { groupTable, printFailures, scoreByGroup } from './scoreByGroup.mjs';
import { markdownGrids, runCellTest } from './tableFamilies.mjs';
import { CODES, PAGE_COUNTS, RUNNING, STAMPS, WORDS } from './defectWords.mjs';

export const DEV_SEEDS = [301, 302, 303, 304, 305, 306, 307, 308];
export const HELD_OUT_SEEDS = [361, 362, 363, 364, 365, 366, 367, 368];
/** A check split (round 15): a rule designed on DEV_SEEDS must also hold here before it is kept. */
export const CHECK_SEEDS = Array.from({ length: 16 }, (_, i) => 401 + i);

function rng(seed) {
  let s = (seed * 2246822519 + 977) >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const pick = (r, list) => list[Math.floor(r() * list.length)];
const int = (r, a, b) => a + Math.floor(r() * (b - a + 1));
const cap = (w) => w[0].toUpperCase() + w.slice(1);
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const words = (r, n) => Array.from({ length: n }, () => pick(r, WORDS)).join(' ');
const sentence = (r, n) => `${cap(words(r, n))}.`;
const paragraph = (r, k) => Array.from({ length: k }, () => sentence(r, int(r, 7, 13))).join(' ');
const head = (p, n = 4) => p.split(' ').slice(0, n).join(' ');
const tail = (p, n = 4) => p.split(' ').slice(-n).join(' ').replace(/\.$/, '');

function style(r) {
  return {
    font: pick(r, ["'Liberation Serif'", "'DejaVu Sans'", "'Liberation Sans'", "'DejaVu Serif'"]),
    size: pick(r, [8.5, 9, 10, 11, 12]),
    page: pick(r, [
      { w: 210, h: 297 },
      { w: 216, h: 279 },
    ]),
    margin: int(r, 15, 26),
    lead: pick(r, [1.2, 1.3, 1.45]),
  };
}

function doc(st, pages, css = '') {
  const { page: p } = st;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
@page { size: ${p.w}mm ${p.h}mm; margin: 0 }
body { margin: 0; font-family: ${st.font}; font-size: ${st.size}pt; line-height: ${st.lead}; }
.page { width: ${p.w}mm; height: ${p.h}mm; position: relative; box-sizing: border-box; overflow: hidden;
  padding: ${st.margin + 8}mm ${st.margin}mm; break-after: page; }
.page:last-child { break-after: auto; }
p { margin: 0 0 ${st.size * 0.6}pt; }
table { border-collapse: collapse; } td, th { vertical-align: top; text-align: left; }
${css}
</style></head><body>${pages.map((h) => `<div class="page">${h}</div>`).join('')}</body></html>`;
}

const orderChecks = (ps) => [
  ...ps.flatMap((p) => [{ present: head(p) }, { order: [head(p), tail(p)] }]),
  ...ps.slice(1).map((p, i) => ({ order: [tail(ps[i]), head(p)] })),
];

/** Notes right under two balanced columns. */
function footnotes(seed) {
  const r = rng(seed + 10);
  const st = style(r);
  const ps = Array.from({ length: int(r, 2, 4) }, () => paragraph(r, int(r, 2, 3)));
  const notes = Array.from({ length: int(r, 1, 3) }, () => sentence(r, int(r, 6, 26)));
  const rule = r() < 0.5 ? `<div style="border-top:0.6pt solid #000;width:${int(r, 20, 40)}%"></div>` : '';
  const noteSize = st.size - pick(r, [1, 1.5, 2, 3]);
  const marked = ps.map((p, i) => (i < notes.length ? `${esc(p).replace(/\.$/, '')}<sup>${i + 1}</sup>.` : esc(p)));
  const title = sentence(r, int(r, 3, 6)).replace(/\.$/, '');
  const body =
    `<h2 style="font-size:${st.size + 5}pt;margin:0 0 8pt">${esc(title)}</h2>` +
    `<div style="column-count:2;column-gap:${int(r, 4, 10)}mm">${marked.map((p) => `<p>${p}</p>`).join('')}</div>` +
    `<div style="margin-top:${int(r, 2, 12)}pt">${rule}${notes
      .map((t, i) => `<div style="font-size:${noteSize}pt;line-height:1.2"><sup>${i + 1}</sup> ${esc(t)}</div>`)
      .join('')}</div>`;
  const last = ps[ps.length - 1];
  const checks = [
    { order: [title, head(ps[0])] },
    ...orderChecks(ps),
    ...notes.flatMap((t) => [
      { present: head(t, 5) },
      { order: [tail(last), head(t, 4)] },
      { order: [head(t), tail(t)] },
    ]),
    ...notes.slice(1).map((t, i) => ({ order: [tail(notes[i]), head(t)] })),
  ];
  return { family: 'footnotes', name: `footnotes-${seed}`, html: doc(st, [body]), checks };
}

/** A running line in the body's face, size and ink on every page. */
function running(seed) {
  const r = rng(seed + 20);
  const st = style(r);
  const n = int(r, 2, 3);
  const mark = pick(r, RUNNING);
  const where = pick(r, ['top', 'bottom']);
  const align = pick(r, ['left', 'right', 'center']);
  const paras = [];
  const pages = [];
  for (let k = 0; k < n; k++) {
    const ps = Array.from({ length: int(r, 2, 3) }, () => paragraph(r, int(r, 3, 5)));
    paras.push(...ps);
    const line =
      `<div style="position:absolute;${where}:${st.margin - 4}mm;left:${st.margin}mm;right:${st.margin}mm;` +
      `text-align:${align}">${esc(mark)}</div>`;
    pages.push(line + ps.map((p) => `<p>${esc(p)}</p>`).join(''));
  }
  const checks = [...orderChecks(paras), { absent: mark }];
  return { family: 'running', name: `running-${seed}`, html: doc(st, pages), checks };
}

/** A test per chosen cell: its text, left and right neighbours, its column's header; `end` = last in its table. */
function cellChecks(r, header, rows, n) {
  const out = [];
  for (let k = 0; k < n * 4 && out.length < n; k++) {
    const ri = int(r, 0, rows.length - 1);
    const c = int(r, 0, header.length - 1);
    const cell = rows[ri][c];
    if (!cell || out.some((x) => x.cell === cell)) continue;
    const t = { cell, heading: header[c] };
    if (c > 0 && rows[ri][c - 1]) t.left = rows[ri][c - 1];
    if (c + 1 < header.length && rows[ri][c + 1]) t.right = rows[ri][c + 1];
    if (c + 1 === header.length) t.end = true;
    if (c === 0) t.start = true;
    out.push(t);
  }
  return out;
}
const tableHtml = (header, rows, attrs = '') =>
  `<table${attrs}><thead><tr>${header.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
function tableCss(r) {
  const pad = pick(r, [2, 3, 4]);
  const rule = pick(r, ['td, th { border: 0.7px solid #555; }', '', 'td, th { border-bottom: 0.6px solid #999; }']);
  return `td, th { padding: ${pad}pt ${pad + 3}pt; } th { font-weight: bold; } ${rule}`;
}

/** Rows that wrap in every cell: narrow text columns, each cell 2–4 lines. */
function wrapping(seed) {
  const r = rng(seed + 30);
  const st = style(r);
  const cols = int(r, 3, 4);
  const header = Array.from({ length: cols }, () => cap(pick(r, WORDS)));
  const rows = Array.from({ length: int(r, 3, 6) }, () =>
    Array.from({ length: cols }, () => cap(words(r, int(r, 4, 9)))),
  );
  const width = int(r, 60, 95);
  const intro = paragraph(r, 2);
  const after = paragraph(r, 2);
  const body =
    `<p>${esc(intro)}</p>${tableHtml(header, rows, ` style="width:${width}%;table-layout:fixed"`)}` +
    `<p style="margin-top:8pt">${esc(after)}</p>`;
  const checks = [
    ...cellChecks(r, header, rows, 8),
    { order: [tail(intro), rows[0][0]] },
    { order: [rows[rows.length - 1][cols - 1].split(' ').slice(-2).join(' '), head(after)] },
  ];
  return { family: 'wrapping', name: `wrapping-${seed}`, html: doc(st, [body], tableCss(r)), checks };
}

/** Two tables side by side with a wide gap. */
function sidebyside(seed) {
  const r = rng(seed + 40);
  const st = style(r);
  const make = () => {
    const cols = int(r, 2, 3);
    const header = Array.from({ length: cols }, (_, i) => (i === 0 ? cap(pick(r, WORDS)) : cap(pick(r, WORDS))));
    const rows = Array.from({ length: int(r, 3, 7) }, () =>
      Array.from({ length: cols }, (_, i) => (i === 0 ? cap(words(r, int(r, 1, 2))) : String(int(r, 100, 99999)))),
    );
    return { header, rows };
  };
  const a = make();
  const b = make();
  const gap = int(r, 12, 40);
  const title = sentence(r, 4).replace(/\.$/, '');
  const intro = paragraph(r, 2);
  const body =
    `<h2 style="font-size:${st.size + 4}pt">${esc(title)}</h2><p>${esc(intro)}</p>` +
    `<div style="display:flex;gap:${gap}mm;align-items:flex-start">${tableHtml(a.header, a.rows)}${tableHtml(
      b.header,
      b.rows,
    )}</div>`;
  const checks = [...cellChecks(r, a.header, a.rows, 5), ...cellChecks(r, b.header, b.rows, 5)];
  return { family: 'sidebyside', name: `sidebyside-${seed}`, html: doc(st, [body], tableCss(r)), checks };
}

/** A one-page document with a stamp / page count / reference code in a margin, in the body's own face and size. */
function lonestamp(seed) {
  const r = rng(seed + 50);
  const st = style(r);
  const kind = pick(r, ['stamp', 'count', 'code']);
  const mark =
    kind === 'stamp'
      ? pick(r, STAMPS)
      : kind === 'count'
        ? pick(r, PAGE_COUNTS)
        : `${pick(r, CODES)}-${int(r, 100, 9999)}/${int(r, 10, 99)}`;
  const where = pick(r, ['top', 'bottom']);
  const align = pick(r, ['left', 'right', 'center']);
  // The mark stands 3–10 mm outside the text area, whose margins are 0–20 mm deeper than the other families'.
  const off = int(r, 3, 10);
  st.margin += int(r, 0, 20);
  const ps = Array.from({ length: int(r, 3, 5) }, () => paragraph(r, int(r, 2, 4)));
  // A short body-size line of the body's own (a place and date, a label) at the body's first or last line.
  const short = r() < 0.5 ? `${cap(pick(r, WORDS))} ${int(r, 1, 28)} ${pick(r, ['May', 'June', 'July'])} 2024` : '';
  const shortAt = pick(r, ['first', 'last']);
  const markHtml =
    `<div style="position:absolute;${where}:${st.margin + 8 - off - st.size * 0.5}mm;left:${st.margin}mm;` +
    `right:${st.margin}mm;text-align:${align}">${esc(mark)}</div>`;
  const shortHtml = short ? `<p>${esc(short)}</p>` : '';
  const body =
    markHtml +
    (short && shortAt === 'first' ? shortHtml : '') +
    ps.map((p) => `<p>${esc(p)}</p>`).join('') +
    (short && shortAt === 'last' ? shortHtml : '');
  const checks = [...orderChecks(ps), { absent: mark }];
  if (short)
    checks.push(
      { present: short },
      shortAt === 'first' ? { order: [short, head(ps[0])] } : { order: [tail(ps[ps.length - 1]), short] },
    );
  return { family: 'lonestamp', name: `lonestamp-${seed}`, html: doc(st, [body]), checks };
}

/** Two tables side by side with the same number of rows. */
function equalsides(seed) {
  const r = rng(seed + 60);
  const st = style(r);
  const n = int(r, 3, 7);
  const make = () => {
    const cols = int(r, 2, 3);
    const header = Array.from({ length: cols }, () => cap(pick(r, WORDS)));
    const rows = Array.from({ length: n }, () =>
      Array.from({ length: cols }, (_, i) => (i === 0 ? cap(words(r, int(r, 1, 2))) : String(int(r, 100, 99999)))),
    );
    return { header, rows };
  };
  const a = make();
  const b = make();
  const gap = int(r, 12, 40);
  const intro = paragraph(r, 2);
  const body =
    `<p>${esc(intro)}</p>` +
    `<div style="display:flex;gap:${gap}mm;align-items:flex-start">${tableHtml(a.header, a.rows)}${tableHtml(
      b.header,
      b.rows,
    )}</div>`;
  const checks = [...cellChecks(r, a.header, a.rows, 5), ...cellChecks(r, b.header, b.rows, 5)];
  return { family: 'equalsides', name: `equalsides-${seed}`, html: doc(st, [body], tableCss(r)), checks };
}

/** A table whose last row has one cell wrapping onto further lines, with a paragraph right after the table. */
function wrappedlast(seed) {
  const r = rng(seed + 70);
  const st = style(r);
  const cols = int(r, 3, 4);
  const header = Array.from({ length: cols }, () => cap(pick(r, WORDS)));
  const wrapCol = int(r, 0, cols - 1);
  const rows = Array.from({ length: int(r, 3, 6) }, () =>
    Array.from({ length: cols }, (_, c) => (c === 0 ? cap(words(r, int(r, 1, 2))) : String(int(r, 10, 9999)))),
  );
  const last = rows[rows.length - 1];
  last[wrapCol] = cap(words(r, int(r, 6, 12)));
  const width = int(r, 55, 90);
  const intro = paragraph(r, 2);
  const after = paragraph(r, 2);
  const colCss = `td:nth-child(${wrapCol + 1}) { width: ${int(r, 18, 30)}%; }`;
  const body =
    `<p>${esc(intro)}</p>${tableHtml(header, rows, ` style="width:${width}%"`)}` +
    `<p style="margin-top:${int(r, 4, 12)}pt">${esc(after)}</p>`;
  const tests = cellChecks(r, header, rows.slice(0, -1), 4);
  const lastTest = { cell: last[wrapCol], heading: header[wrapCol] };
  if (wrapCol > 0) lastTest.left = last[wrapCol - 1];
  if (wrapCol + 1 < cols) lastTest.right = last[wrapCol + 1];
  const checks = [
    ...tests,
    lastTest,
    { order: [tail(intro), rows[0][0]] },
    { order: [last[wrapCol].split(' ').slice(-2).join(' '), head(after)] },
  ];
  return { family: 'wrappedlast', name: `wrappedlast-${seed}`, html: doc(st, [body], tableCss(r) + colCss), checks };
}

/** Words set one inline box each with a narrow right margin and no space glyph between them (0.08–0.19 em). */
function narrowspace(seed) {
  const r = rng(seed + 80);
  const st = style(r);
  const ps = Array.from({ length: int(r, 2, 4) }, () => paragraph(r, int(r, 2, 3)));
  const gap = (0.08 + r() * 0.11).toFixed(3);
  const boxed = (p) =>
    p
      .split(' ')
      .map((w) => `<span class="w">${esc(w)}</span>`)
      .join('');
  const body = ps.map((p) => `<p>${boxed(p)}</p>`).join('');
  const checks = [...orderChecks(ps), ...ps.map((p) => ({ present: p.split(' ').slice(3, 8).join(' ') }))];
  const css = `.w { display: inline-block; margin-right: ${gap}em; }`;
  return { family: 'narrowspace', name: `narrowspace-${seed}`, html: doc(st, [body], css), checks };
}

/** A full-width title over two CSS columns, a full-width table under them, sometimes two columns again after it. */
function halfway(seed) {
  const r = rng(seed + 90);
  const st = style(r);
  const title = sentence(r, int(r, 3, 6)).replace(/\.$/, '');
  const top = Array.from({ length: int(r, 2, 4) }, () => paragraph(r, int(r, 2, 3)));
  const cols = int(r, 2, 4);
  const header = Array.from({ length: cols }, () => cap(pick(r, WORDS)));
  const rows = Array.from({ length: int(r, 3, 5) }, () =>
    Array.from({ length: cols }, (_, i) => (i === 0 ? cap(words(r, int(r, 1, 2))) : String(int(r, 100, 99999)))),
  );
  const bottom = Array.from({ length: int(r, 0, 2) * 2 }, () => paragraph(r, 2));
  const gap = int(r, 5, 10);
  const columns = (ps) =>
    `<div style="column-count:2;column-gap:${gap}mm">${ps.map((p) => `<p>${esc(p)}</p>`).join('')}</div>`;
  const body =
    `<h1 style="font-size:${st.size + 7}pt;margin:0 0 8pt">${esc(title)}</h1>${columns(top)}` +
    tableHtml(header, rows, ' style="width:100%;margin:8pt 0"') +
    (bottom.length ? columns(bottom) : '');
  const checks = [{ order: [title, head(top[0])] }, ...orderChecks(top), { order: [tail(top.at(-1)), rows[0][1]] }];
  for (let k = 0; k < 3; k++) {
    const ri = int(r, 0, rows.length - 1);
    const c = int(r, 1, cols - 1);
    checks.push({ cell: rows[ri][c], heading: header[c], left: rows[ri][c - 1] });
  }
  if (bottom.length) checks.push(...orderChecks(bottom), { order: [rows.at(-1).at(-1), head(bottom[0])] });
  return { family: 'halfway', name: `halfway-${seed}`, html: doc(st, [body], tableCss(r)), checks };
}

export const FAMILIES = [
  footnotes,
  running,
  wrapping,
  sidebyside,
  lonestamp,
  equalsides,
  wrappedlast,
  narrowspace,
  halfway,
];

/** A cell test (`cell`) against the markdown's tables, `end` / `start`: no other cell after / before it in its row. */
export function runDefectCheck(check, md) {
  if (check.cell === undefined) return runFamilyCheck(check, md);
  const grids = markdownGrids(md);
  if (!runCellTest(check, grids)) return false;
  if (!check.end && !check.start) return true;
  // The cell's own table ends (or starts) with it: no other filled cell after (before) it in its row.
  const want = markdownGrids(`| ${check.cell} |`)[0][0][0].text;
  return grids.some((g) =>
    g.some((row) =>
      row.some((c, i) => {
        if (c.text !== want) return false;
        const after = row.slice(i + 1).some((x) => x.text && x !== c);
        const before = row.slice(0, i).some((x) => x.text && x !== c);
        return !(check.end && after) && !(check.start && before);
      }),
    ),
  );
}

export async function buildDefects(seeds, browser, only) {
  return printFamilies(FAMILIES, seeds, browser, only);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => process.argv[process.argv.indexOf(name) + 1];
  const corePath = process.argv.includes('--core') ? arg('--core') : '../../packages/core/dist/index.js';
  const core = await import(
    corePath.startsWith('.') ? new URL(corePath, import.meta.url).href : pathToFileURL(corePath).href
  );
  const heldOut = process.argv.includes('--held-out');
  const check = process.argv.includes('--check');
  const only = process.argv.includes('--family') ? arg('--family') : undefined;
  const dump = process.argv.includes('--dump') ? arg('--dump') : undefined;
  const browser = await launchChromium();
  let docs;
  try {
    // --seeds a-b: a fresh range for a one-off confirmation, never a committed split.
    const range = process.argv.includes('--seeds') ? arg('--seeds').split('-').map(Number) : undefined;
    const fresh = range && Array.from({ length: range[1] - range[0] + 1 }, (_, i) => range[0] + i);
    docs = await buildDefects(fresh ?? (heldOut ? HELD_OUT_SEEDS : check ? CHECK_SEEDS : DEV_SEEDS), browser, only);
  } finally {
    await browser.close();
  }
  const parse = async (pdf) => (await core.parsePdf(pdf, { mode: 'fast' })).markdown;
  const score = await scoreByGroup(docs, parse, (d) => d.family, runDefectCheck);
  if (!heldOut && process.argv.includes('--show-dev')) printFailures('fast', score.failures);
  if (dump && !heldOut) {
    mkdirSync(dump, { recursive: true });
    for (const d of docs) {
      writeFileSync(`${dump}/${d.name}.pdf`, d.pdf);
      writeFileSync(`${dump}/${d.name}.md`, d.md);
    }
  }
  const split = process.argv.includes('--seeds') ? 'fresh' : heldOut ? 'held-out' : check ? 'check' : 'dev';
  console.log(groupTable([{ mode: 'fast', split, score }], (s) => s.per, true));
}
