// Table-cell tests in the style of the public PDF-to-markdown benchmarks, on tables Chromium prints from HTML written
// here: ruled, unruled, zebra and booktabs styles; two- and three-level headers with colspans and rowspans; numeric
// columns right-aligned; narrow index columns; full-width section rows; multi-line cells; empty cells; currency,
// units and footnote marks; tables beside a text column; tables running over a page break; financial statements with
// indented row labels; wide tables in small type. A test names a cell's text, its left and right neighbours and the
// header of its column (the lowest header level, or a group label above it); it passes when one cell of a table in
// our markdown (pipe or HTML, spans expanded) holds that text with those neighbours and that header above it.
// DEV_SEEDS tune; HELD_OUT_SEEDS are scored in aggregate only, once, at the end.
//
// Run (build the packages first): node benchmarks/pdf/tableFamilies.mjs [--held-out] [--show-dev] [--family f]
// [--core path/to/core/dist/index.js]
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { WORDS } from './heldOutWords.mjs';

export const DEV_SEEDS = [41, 42, 43, 44, 45, 46];
export const HELD_OUT_SEEDS = [81, 82, 83, 84, 85, 86];

function rng(seed) {
  let s = (seed * 2654435761 + 4242) >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const pick = (r, list) => list[Math.floor(r() * list.length)];
const int = (r, a, b) => a + Math.floor(r() * (b - a + 1));
const cap = (w) => w[0].toUpperCase() + w.slice(1);
const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A document's look drawn from its seed. */
function style(r) {
  return {
    lang: pick(r, ['en', 'fr', 'de', 'es']),
    font: pick(r, ["'DejaVu Sans'", "'DejaVu Serif'", "'Liberation Sans'", "'Liberation Serif'"]),
    size: pick(r, [8, 9, 10, 11]),
    rule: pick(r, ['grid', 'none', 'zebra', 'booktabs', 'rows']),
    pad: pick(r, [2, 3, 5]),
    format: pick(r, ['A4', 'Letter']),
  };
}

function css(st) {
  const rules = {
    grid: 'td, th { border: 0.8px solid #444; }',
    none: '',
    zebra: 'tbody tr:nth-child(even) td { background: #e4e8ef; }',
    booktabs:
      'table { border-top: 1.5px solid #000; border-bottom: 1.5px solid #000; } thead { border-bottom: 1px solid #000; }',
    rows: 'td, th { border-bottom: 0.6px solid #999; }',
  }[st.rule];
  return `body { font-family: ${st.font}; font-size: ${st.size}pt; line-height: 1.3; margin: 0; }
table { border-collapse: collapse; margin: 8pt 0; }
td, th { padding: ${st.pad}pt ${st.pad + 4}pt; vertical-align: top; text-align: left; }
th { font-weight: bold; } .num { text-align: right; } th.grp { text-align: center; }
tr.section td { font-weight: bold; font-style: italic; } ${rules}
.cols { display: flex; gap: 18pt; } .cols > div { flex: 1; } p { margin: 0 0 7pt; }`;
}

function words(st) {
  return WORDS[st.lang];
}
function sentence(r, st, n) {
  const w = Array.from({ length: n }, () => pick(r, words(st)));
  return `${cap(w[0])} ${w.slice(1).join(' ')}.`;
}
const paragraph = (r, st, k) => Array.from({ length: k }, () => sentence(r, st, 7 + int(r, 0, 6))).join(' ');

/** A number unlikely to repeat in the document, in one of several formats. */
function value(r, kind) {
  const n = int(r, 100, 98999);
  switch (kind) {
    case 'money':
      return `$${(n / 10).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}`;
    case 'euro':
      return `${(n * 3).toLocaleString('de-DE')} €`;
    case 'pct':
      return `${(n / 1000).toFixed(1)}%`;
    case 'unit':
      return `${(n / 100).toFixed(2)} ${pick(r, ['kg', 'm', 'km', 'MW', 'l'])}`;
    case 'neg':
      return r() < 0.3 ? `(${n.toLocaleString('en-US')})` : n.toLocaleString('en-US');
    default:
      return (n / 10).toFixed(1);
  }
}

/**
 * The grid behind a table: header rows (cells {text, cs, rs, group}), body rows (cells or a section label), which
 * cells to test. Rendered to HTML by `tableHtml`; tests are read from it by `cellTests`.
 */
function tableHtml(t) {
  const cls = (c) => (c.num ? ' class="num"' : c.grp ? ' class="grp"' : '');
  const attrs = (c) => (c.cs > 1 ? ` colspan="${c.cs}"` : '') + (c.rs > 1 ? ` rowspan="${c.rs}"` : '') + cls(c);
  const head = t.header.map((row) => `<tr>${row.map((c) => `<th${attrs(c)}>${esc(c.text)}</th>`).join('')}</tr>`);
  const body = t.body.map((row) => {
    if (row.section) return `<tr class="section"><td colspan="${t.width}">${esc(row.section)}</td></tr>`;
    return `<tr>${row.cells
      .map((c, i) => {
        const indent = i === 0 && row.indent ? ` style="padding-left:${row.indent * 1.2 + 0.3}em"` : '';
        const bold = row.total ? '<b>' : '';
        return `<td${cls(c)}${indent}${c.style ? ` style="${c.style}"` : ''}>${bold}${esc(c.text)}${bold ? '</b>' : ''}</td>`;
      })
      .join('')}</tr>`;
  });
  const width = t.tableWidth ? ` style="width:${t.tableWidth}"` : '';
  return `<table${width}><thead>${head.join('')}</thead><tbody>${body.join('\n')}</tbody></table>`;
}

/** The header text over each column (lowest level) and the group labels above it, from the header rows. */
function columnHeads(t) {
  const grid = t.header.map(() => new Array(t.width).fill(null));
  t.header.forEach((row, ri) => {
    let c = 0;
    for (const cell of row) {
      while (grid[ri][c]) c++;
      for (let dr = 0; dr < (cell.rs ?? 1); dr++)
        for (let dc = 0; dc < (cell.cs ?? 1); dc++) grid[ri + dr][c + dc] = cell;
      c += cell.cs ?? 1;
    }
  });
  return Array.from({ length: t.width }, (_, c) => {
    const stack = [];
    for (const row of grid) if (row[c]?.text && !stack.includes(row[c])) stack.push(row[c]);
    return stack.map((cell) => cell.text);
  });
}

/** Up to `n` cell tests from a table's body: text, left and right neighbours (non-empty), column header. */
function cellTests(r, t, n) {
  const heads = columnHeads(t);
  const tests = [];
  const rows = t.body.filter((row) => !row.section);
  for (let k = 0; k < n * 4 && tests.length < n; k++) {
    const row = pick(r, rows);
    const c = int(r, 0, t.width - 1);
    const cell = row.cells[c];
    if (!cell.text || tests.some((x) => x.cell === cell.text)) continue;
    const test = { cell: cell.text };
    if (c > 0 && row.cells[c - 1].text) test.left = row.cells[c - 1].text;
    if (c + 1 < t.width && row.cells[c + 1].text) test.right = row.cells[c + 1].text;
    const h = heads[c];
    if (h.length) test.heading = h[h.length - 1];
    if (h.length > 1 && r() < 0.6) test.heading = h[int(r, 0, h.length - 2)];
    tests.push(test);
  }
  return tests;
}

const hc = (text, o = {}) => ({ text, ...o });

/** One body row (its k-th): optionally an index cell, a label, the values, a trailing note. */
function bodyRow(r, st, o, k) {
  const cells = [];
  if (o.index) cells.push({ text: String(k) });
  const label =
    o.longLabel && r() < 0.5
      ? `${cap(sentence(r, st, int(r, 5, 9)).replace(/\.$/, ''))} ${k}`
      : `${cap(pick(r, WORDS[st.lang]))} ${pick(r, WORDS[st.lang])} ${k}`;
  cells.push({ text: label });
  for (let c = 0; c < o.values; c++) {
    const empty = o.empty && r() < 0.12;
    cells.push({ text: empty ? '' : value(r, o.kinds?.[c] ?? o.kind), num: true });
  }
  if (o.note) cells.push({ text: r() < 0.2 && o.empty ? '' : `${pick(r, WORDS[st.lang])} ${pick(r, WORDS[st.lang])}` });
  return { cells };
}

/** Body rows: a label column then values; optionally an index column, section rows, empty cells. */
function bodyRows(r, st, o) {
  const rows = [];
  let k = 0;
  for (let s = 0; s < Math.max(1, o.sections ?? 1); s++) {
    if (o.sections)
      rows.push({ section: `${cap(pick(r, WORDS[st.lang]))} ${pick(r, ['sites', 'units', 'group', 'area'])}` });
    const n = o.rows ?? int(r, 3, 6);
    for (let i = 0; i < n; i++) rows.push(bodyRow(r, st, o, ++k));
  }
  return rows;
}

const SUBS = [
  ['2022', '2023'],
  ['2023', '2024'],
  ['Q1', 'Q2', 'Q3'],
  ['Min', 'Max'],
  ['Men', 'Women', 'Total'],
  ['Plan', 'Actual'],
];

/** Two header levels: row label and trailing note headed over two rows, groups of sub-columns. */
function grouped(seed) {
  const r = rng(seed);
  const st = style(r);
  const subs = pick(r, SUBS);
  const groups = Array.from({ length: int(r, 2, 3) }, () => cap(pick(r, WORDS[st.lang])));
  const index = r() < 0.4;
  const note = r() < 0.5;
  const width = (index ? 1 : 0) + 1 + groups.length * subs.length + (note ? 1 : 0);
  const top = [];
  if (index) top.push(hc(pick(r, ['#', 'No.', 'Rank']), { rs: 2 }));
  top.push(hc(pick(r, ['Region', 'Product', 'Site', 'Branch']), { rs: 2 }));
  for (const g of groups) top.push(hc(g, { cs: subs.length, grp: true }));
  if (note) top.push(hc('Notes', { rs: 2 }));
  const second = groups.flatMap(() => subs.map((s) => hc(s, { num: true })));
  const t = {
    width,
    header: [top, second],
    body: bodyRows(r, st, {
      index,
      values: groups.length * subs.length,
      note,
      kind: pick(r, ['plain', 'pct', 'neg']),
      empty: r() < 0.4,
      sections: r() < 0.3 ? 2 : 0,
    }),
  };
  return doc(r, st, 'grouped', seed, [t]);
}

/** Three header levels: one label over every value column, groups under it, sub-columns under them. */
function threeLevel(seed) {
  const r = rng(seed + 100);
  const st = style(r);
  const subs = pick(
    r,
    SUBS.filter((s) => s.length === 2),
  );
  const groups = Array.from({ length: 2 }, () => cap(pick(r, WORDS[st.lang])));
  const width = 1 + groups.length * subs.length;
  const t = {
    width,
    header: [
      [
        hc(pick(r, ['Country', 'Sector', 'Plant']), { rs: 3 }),
        hc(`${cap(pick(r, WORDS[st.lang]))} ${pick(r, ['(units)', '(%)', '(t)', '(USD m)'])}`, {
          cs: width - 1,
          grp: true,
        }),
      ],
      groups.map((g) => hc(g, { cs: subs.length, grp: true })),
      groups.flatMap(() => subs.map((s) => hc(s, { num: true }))),
    ],
    body: bodyRows(r, st, { values: width - 1, kind: pick(r, ['plain', 'unit', 'pct']) }),
  };
  return doc(r, st, 'three-level', seed, [t]);
}

/** A narrow rank column beside the names, full-width section rows between groups of rows. */
function indexed(seed) {
  const r = rng(seed + 200);
  const st = style(r);
  const values = int(r, 2, 4);
  const t = {
    width: 2 + values,
    header: [
      [
        hc(pick(r, ['#', 'No.', 'Rank', 'N°'])),
        hc(pick(r, ['Name', 'Team', 'Station', 'Entity'])),
        ...Array.from({ length: values }, () => hc(cap(pick(r, WORDS[st.lang])), { num: true })),
      ],
    ],
    body: bodyRows(r, st, {
      index: true,
      values,
      kind: pick(r, ['plain', 'unit', 'money']),
      sections: int(r, 0, 3),
      rows: int(r, 2, 4),
    }),
  };
  if (r() < 0.5) for (const c of t.header[0].slice(2)) c.text = `${c.text} ${pick(r, ['(kg)', '(€)', '(%)', '(h)'])}`;
  return doc(r, st, 'indexed', seed, [t]);
}

/** A financial statement: indented sub-items, bold totals, a note column with marks, two years of money. */
function financial(seed) {
  const r = rng(seed + 300);
  const st = style(r);
  const years = pick(r, [
    ['2024', '2023'],
    ['FY25', 'FY24'],
  ]);
  const money = r() < 0.5;
  const body = [];
  for (let s = 0; s < int(r, 2, 3); s++) {
    body.push({
      cells: [
        { text: `${cap(pick(r, WORDS[st.lang]))} ${pick(r, ['assets', 'liabilities', 'income', 'expenses'])}` },
        { text: '' },
        { text: '' },
        { text: '' },
      ],
    });
    for (let i = 0; i < int(r, 2, 4); i++)
      body.push({
        indent: 1 + (r() < 0.2 ? 1 : 0),
        cells: [
          {
            text: `${cap(pick(r, WORDS[st.lang]))} ${pick(r, WORDS[st.lang])} ${pick(r, ['receivable', 'payable', 'reserve', 'costs', 'fees'])}`,
          },
          { text: r() < 0.5 ? `${int(r, 3, 19)}${pick(r, ['', 'a', 'b', '*'])}` : '' },
          { text: money ? value(r, 'money') : value(r, 'neg'), num: true },
          { text: money ? value(r, 'money') : value(r, 'neg'), num: true },
        ],
      });
    body.push({
      total: true,
      cells: [
        { text: `Total ${pick(r, WORDS[st.lang])}` },
        { text: '' },
        { text: value(r, 'neg'), num: true },
        { text: value(r, 'neg'), num: true },
      ],
    });
  }
  const unitLabel = r() < 0.5;
  const header = unitLabel
    ? [
        [
          hc('', { rs: 2 }),
          hc('Note', { rs: 2 }),
          hc(pick(r, ['In thousands of USD', 'EUR million', 'CHF 000']), { cs: 2, grp: true }),
        ],
        years.map((y) => hc(y, { num: true })),
      ]
    : [[hc(''), hc('Note'), ...years.map((y) => hc(y, { num: true }))]];
  const t = { width: 4, header, body, tableWidth: `${int(r, 70, 100)}%` };
  return doc(r, st, 'financial', seed, [t]);
}

/** Multi-line cells (a narrow description column), units, empty cells. */
function multiline(seed) {
  const r = rng(seed + 400);
  const st = style(r);
  const values = int(r, 2, 3);
  const t = {
    width: 2 + values,
    header: [
      [
        hc(pick(r, ['Item', 'Part', 'Task'])),
        hc('Description'),
        ...Array.from({ length: values }, () =>
          hc(`${cap(pick(r, WORDS[st.lang]))} ${pick(r, ['(kg)', '(m)', '(h)'])}`, { num: true }),
        ),
      ],
    ],
    body: [],
    tableWidth: `${int(r, 60, 95)}%`,
  };
  for (let i = 0; i < int(r, 4, 7); i++)
    t.body.push({
      cells: [
        { text: `${cap(pick(r, WORDS[st.lang]))}-${int(r, 10, 99)}` },
        { text: sentence(r, st, int(r, 6, 16)).replace(/\.$/, ''), style: 'width:40%' },
        ...Array.from({ length: values }, () => ({ text: r() < 0.12 ? '' : value(r, 'unit'), num: true })),
      ],
    });
  return doc(r, st, 'multiline', seed, [t]);
}

/** A table in one column of a two-column layout, running text in the other. */
function beside(seed) {
  const r = rng(seed + 500);
  const st = style(r);
  const values = 2;
  const t = {
    width: 1 + values,
    header: [
      [
        hc(pick(r, ['Name', 'Station'])),
        ...Array.from({ length: values }, () => hc(cap(pick(r, WORDS[st.lang])), { num: true })),
      ],
    ],
    body: bodyRows(r, st, { values, kind: 'plain', rows: int(r, 4, 7) }),
    tableWidth: '100%',
  };
  const left = r() < 0.5;
  return doc(r, st, 'beside', seed, [t], { beside: left ? 'left' : 'right' });
}

/** Many rows over a page break (Chromium repeats the header on the next page). */
function longTable(seed) {
  const r = rng(seed + 600);
  const st = style(r);
  const values = int(r, 3, 4);
  const t = {
    width: 2 + values,
    header: [
      [
        hc('No.'),
        hc(pick(r, ['Name', 'Account', 'Site'])),
        ...Array.from({ length: values }, () => hc(cap(pick(r, WORDS[st.lang])), { num: true })),
      ],
    ],
    body: bodyRows(r, st, { index: true, values, kind: pick(r, ['plain', 'money']), rows: int(r, 45, 70) }),
  };
  return doc(r, st, 'long', seed, [t], { introParas: 3 });
}

/** A wide table in small type: many numeric columns. */
function wide(seed) {
  const r = rng(seed + 700);
  const st = { ...style(r), size: pick(r, [6, 6.5, 7]) };
  const values = int(r, 8, 12);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const t = {
    width: 1 + values,
    header: [[hc(pick(r, ['Line', 'Code', 'Store'])), ...months.slice(0, values).map((m) => hc(m, { num: true }))]],
    body: bodyRows(r, st, { values, kind: 'plain', rows: int(r, 5, 9), empty: true }),
  };
  return doc(r, st, 'wide', seed, [t]);
}

function doc(r, st, family, seed, tables, o = {}) {
  const intro = Array.from({ length: o.introParas ?? 1 }, () => `<p>${esc(paragraph(r, st, 3))}</p>`).join('');
  const after = `<p>${esc(paragraph(r, st, 2))}</p>`;
  const title = `<h2>${esc(cap(sentence(r, st, 4).replace(/\.$/, '')))}</h2>`;
  const caption = r() < 0.5 ? `<p><b>Table ${int(r, 1, 9)}.</b> ${esc(sentence(r, st, 5))}</p>` : '';
  let body;
  if (o.beside) {
    const text = `<div>${Array.from({ length: 3 }, () => `<p>${esc(paragraph(r, st, 3))}</p>`).join('')}</div>`;
    const tab = `<div>${caption}${tables.map((t) => tableHtml(t)).join('')}</div>`;
    body = `${title}${intro}<div class="cols">${o.beside === 'left' ? tab + text : text + tab}</div>${after}`;
  } else body = `${title}${intro}${caption}${tables.map((t) => tableHtml(t)).join('')}${after}`;
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>${css(st)}</style></head><body>${body}</body></html>`;
  const tests = tables.flatMap((t) => cellTests(r, t, family === 'long' ? 14 : 8));
  return { family, name: `${family}-${seed}`, html, format: st.format, tests };
}

export const FAMILIES = [grouped, threeLevel, indexed, financial, multiline, beside, longTable, wide];

const fold = (s) =>
  String(s)
    .toLowerCase()
    .replace(/<[^>]+>/g, ' ')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&amp;/g, '&')
    .replace(/[*_]/g, '')
    .replace(/[^\p{L}\p{N}%$€]+/gu, ' ')
    .trim();

/** The tables of a markdown as grids of cell objects {text} (spans expanded: one object fills every slot it spans). */
export function markdownGrids(md) {
  const grids = [];
  let pipe = [];
  const flush = () => {
    if (pipe.length) grids.push(pipe);
    pipe = [];
  };
  for (const line of md.split('\n')) {
    if (!/^\s*\|/.test(line)) {
      flush();
      continue;
    }
    if (/^\s*\|[\s:|-]+\|\s*$/.test(line)) continue;
    const cells = line
      .replaceAll('\\|', '\u0001')
      .split('|')
      .slice(1, -1)
      .map((c) => ({ text: fold(c.replaceAll('\u0001', '|')) }));
    pipe.push(cells);
  }
  flush();
  for (const table of md.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/gi)) {
    const grid = [];
    [...table[1].matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)].forEach((tr, ri) => {
      grid[ri] ??= [];
      let c = 0;
      for (const td of tr[1].matchAll(/<t[hd]([^>]*)>([\s\S]*?)<\/t[hd]>/gi)) {
        while (grid[ri][c]) c++;
        const cs = Number(/colspan="?(\d+)/i.exec(td[1])?.[1] ?? 1);
        const rs = Number(/rowspan="?(\d+)/i.exec(td[1])?.[1] ?? 1);
        const cell = { text: fold(td[2]) };
        for (let dr = 0; dr < rs; dr++) for (let dc = 0; dc < cs; dc++) (grid[ri + dr] ??= [])[c + dc] = cell;
        c += cs;
      }
    });
    grids.push(grid.map((row) => Array.from(row, (x) => x ?? { text: '' })));
  }
  return grids;
}

const hasWords = (text, want) => ` ${text} `.includes(` ${want} `);

/** The first column left of the cell's span and the first right of it (a merged cell spans equal entries). */
function spanEnds(row, c) {
  const cell = row[c];
  let a = c;
  while (a >= 0 && row[a] === cell) a--;
  let b = c;
  while (b < row.length && row[b] === cell) b++;
  return [a, b];
}

/** Whether some cell above grid[r][c] (in the same column) holds the heading's words. */
function headedBy(grid, r, c, heading) {
  const h = fold(heading);
  const above = [];
  for (let k = 0; k < r; k++) if (grid[k][c] && !above.includes(grid[k][c])) above.push(grid[k][c]);
  return above.some((x) => hasWords(x.text, h));
}

/** Whether grid[r][c] (already holding the test's text) has the named neighbours and heading. */
function cellPasses(test, grid, r, c) {
  const row = grid[r];
  const [a, b] = spanEnds(row, c);
  if (test.left !== undefined && (a < 0 || row[a].text !== fold(test.left))) return false;
  if (test.right !== undefined && (b >= row.length || row[b].text !== fold(test.right))) return false;
  return test.heading === undefined || headedBy(grid, r, c, test.heading);
}

/** A cell test passes when some table cell holds its text with the named neighbours and header above it. */
export function runCellTest(test, grids) {
  const want = fold(test.cell);
  for (const grid of grids)
    for (let r = 0; r < grid.length; r++)
      for (let c = 0; c < grid[r].length; c++)
        if (grid[r][c].text === want && cellPasses(test, grid, r, c)) return true;
  return false;
}

/** Which check of a test fails first, for the dev report. */
function why(test, grids) {
  if (!grids.some((g) => g.some((row) => row.some((c) => c.text === fold(test.cell))))) return 'cell-missing';
  for (const drop of ['heading', 'left', 'right']) {
    const t = { ...test };
    delete t[drop];
    if (runCellTest(t, grids)) return drop;
  }
  return 'several';
}

export async function printDocs(docs) {
  // playwright-core is a dependency of the packages, not of the root: resolve it from core, as browser benches do.
  const fromCore = createRequire(new URL('../../packages/core/package.json', import.meta.url));
  const playwright = await import(pathToFileURL(fromCore.resolve('playwright-core')).href);
  const { chromium } = playwright.default ?? playwright;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    for (const d of docs) {
      await page.setContent(d.html);
      d.pdf = new Uint8Array(
        await page.pdf({ format: d.format, margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' } }),
      );
    }
  } finally {
    await browser.close();
  }
  return docs;
}

export async function scoreDocs(docs, parse) {
  const perFamily = {};
  const failures = [];
  for (const d of docs) {
    const md = await parse(d.pdf);
    const grids = markdownGrids(md);
    const f = (perFamily[d.family] ??= { passed: 0, total: 0 });
    for (const t of d.tests) {
      f.total++;
      if (runCellTest(t, grids)) f.passed++;
      else failures.push({ doc: d.name, test: t, why: why(t, grids), md });
    }
  }
  const passed = Object.values(perFamily).reduce((n, f) => n + f.passed, 0);
  const total = Object.values(perFamily).reduce((n, f) => n + f.total, 0);
  return { passed, total, perFamily, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => process.argv[process.argv.indexOf(name) + 1];
  const corePath = process.argv.includes('--core') ? arg('--core') : '../../packages/core/dist/index.js';
  const { parsePdf } = await import(new URL(corePath, import.meta.url).href);
  const heldOut = process.argv.includes('--held-out');
  const only = process.argv.includes('--family') ? arg('--family') : undefined;
  const seeds = heldOut ? HELD_OUT_SEEDS : DEV_SEEDS;
  const docs = FAMILIES.flatMap((make) => seeds.map((s) => make(s))).filter((d) => !only || d.family === only);
  await printDocs(docs);
  const score = await scoreDocs(docs, async (pdf) => (await parsePdf(pdf, { mode: 'fast' })).markdown);
  if (!heldOut && process.argv.includes('--show-dev')) {
    for (const f of score.failures) console.log(`FAIL ${f.doc} [${f.why}] ${JSON.stringify(f.test)}`);
    if (process.argv.includes('--dump'))
      for (const d of docs) console.log(`\n===== ${d.name}\n${(await parsePdf(d.pdf, { mode: 'fast' })).markdown}`);
  }
  console.log(`| split | ${Object.keys(score.perFamily).join(' | ')} | all |`);
  console.log(
    `|---|${Object.keys(score.perFamily)
      .map(() => '---:')
      .join('|')}|---:|`,
  );
  const cell = (f) => `${(f.passed / f.total).toFixed(2)} (${f.passed}/${f.total})`;
  console.log(
    `| ${heldOut ? 'held-out' : 'dev'} | ${Object.values(score.perFamily).map(cell).join(' | ')} | ${(score.passed / score.total).toFixed(3)} |`,
  );
}
