// Tables built as PDFs with known structure: spanning header rows, narrow index columns, full-width section rows.
import { describe, expect, it } from 'vitest';
import { parsePdf } from './parsePdf.js';
import { textPdf, type TextItem } from './textPdf.fixture.js';

const A4 = { width: 595, height: 842 };
const INTRO = 'The figures below were collected by the regional offices during the last two years of trading.';
const AFTER = 'All amounts are rounded to the nearest thousand and include the late returns of the winter.';

/** Table rows at 13 pt spacing from `top`; each row is [x, text, bold?][]. */
function rowsAt(top: number, rows: [number, string, boolean?][][]): TextItem[] {
  return rows.flatMap((row, r) =>
    row.map(([x, text, bold]) => ({ x, top: top + r * 13, size: 9, text, font: bold ? ('bold' as const) : undefined })),
  );
}

async function markdownOf(rows: [number, string, boolean?][][]): Promise<string> {
  const items: TextItem[] = [{ x: 60, top: 70, size: 10, text: INTRO }, ...rowsAt(100, rows)];
  items.push({ x: 60, top: 100 + rows.length * 13 + 20, size: 10, text: AFTER });
  return (await parsePdf(textPdf([{ ...A4, items }]))).markdown;
}

const DATA: [string, string, string, string][] = [
  ['North', '120', '135', 'steady'],
  ['South', '98', '110', 'growing'],
  ['East', '143', '150', 'steady'],
  ['West', '77', '81', 'flat'],
];
const X = [60, 82, 200, 280, 380];

describe('tables: spanning header rows', () => {
  it('a one-cell header row over several columns stays in the table, not a heading', async () => {
    const md = await markdownOf([
      [[210, 'Revenue by year', true]],
      [
        [X[1], 'Region', true],
        [X[2], '2022', true],
        [X[3], '2023', true],
        [X[4], 'Notes', true],
      ],
      ...DATA.map((d) => d.map((t, c) => [X[c + 1], t] as [number, string])),
    ]);
    expect(md).not.toMatch(/^#+ .*Revenue/m);
    expect(md).toMatch(/^\| Region \| Revenue by year 2022 \| Revenue by year 2023 \| Notes \|$/m);
    expect(md).toMatch(/\| North \| 120 \| 135 \| steady \|/);
  });
});

describe('tables: two header groups side by side', () => {
  it('each group label heads its own sub-columns, though the empty cells between labels could go either way', async () => {
    const xs = [60, 190, 254, 338, 402];
    const md = await markdownOf([
      [
        [xs[0], 'Site', true],
        [216, 'North', true],
        [364, 'South', true],
      ],
      ['Site', '2023', '2024', '2023', '2024'].map(
        (t, c) => [xs[c], c === 0 ? '' : t, true] as [number, string, boolean],
      ),
      ...[
        ['Harbour', '12', '14', '30', '31'],
        ['Market', '7', '9', '18', '22'],
        ['Station', '5', '6', '11', '10'],
      ].map((row) => row.map((t, c) => [xs[c], t] as [number, string])),
    ]);
    expect(md).toMatch(/^\| Site \| North 2023 \| North 2024 \| South 2023 \| South 2024 \|$/m);
    expect(md).toMatch(/^\| Harbour \| 12 \| 14 \| 30 \| 31 \|$/m);
  });
});

describe('tables: narrow index columns and section rows', () => {
  it('row numbers close to the names stay their own column; section rows do not move column edges', async () => {
    const rows: [number, string, boolean?][][] = [
      [
        [X[0], 'No.', true],
        [X[1] - 6, 'Region', true],
        [X[2], '2022', true],
        [X[3], '2023', true],
        [X[4], 'Notes', true],
      ],
    ];
    let n = 1;
    for (const section of ['Domestic markets and their regional offices', 'Export markets']) {
      rows.push([[X[0], section, true]]);
      for (const d of DATA)
        rows.push([
          [X[0] + (n < 10 ? 5 : 0), String(n++)],
          ...d.map((t, c) => [c === 0 ? X[1] - 6 : X[c + 1], t] as [number, string]),
        ]);
    }
    const md = await markdownOf(rows);
    expect(md).toMatch(/\| 1 \| North \| 120 \| 135 \| steady \|/);
    expect(md).toMatch(/\| 8 \| West \| 77 \| 81 \| flat \|/);
    expect(md).toMatch(/\| Export markets \|/);
  });
});

describe('tables: structure a pipe table cannot hold', () => {
  it('a label over several sub-rows (row span) becomes an HTML table with rowspan', async () => {
    const rows: [number, string, boolean?][][] = [
      [
        [X[1], 'Region', true],
        [X[2], 'Year', true],
        [X[3], 'Units', true],
        [X[4], 'Notes', true],
      ],
    ];
    for (const d of DATA) {
      rows.push([
        [X[1], d[0]],
        [X[2], '2022'],
        [X[3], d[1]],
        [X[4], d[3]],
      ]);
      rows.push([
        [X[2], '2023'],
        [X[3], d[2]],
        [X[4], 'revised'],
      ]);
    }
    const md = await markdownOf(rows);
    expect(md).toContain('<table>');
    expect(md).toContain(
      '<tr><td rowspan="2">North</td><td>2022</td><td>120</td><td>steady</td></tr>\n<tr><td>2023</td><td>135</td><td>revised</td></tr>',
    );
    expect(md).toContain('<tr><th>Region</th><th>Year</th><th>Units</th><th>Notes</th></tr>');
  });

  it('a title row over every column is a colspan header of an HTML table', async () => {
    const md = await markdownOf([
      [[186, 'Regional revenue and notes', true]],
      [
        [X[1], 'Region', true],
        [X[2], '2022', true],
        [X[3], '2023', true],
        [X[4], 'Notes', true],
      ],
      ...DATA.map((d) => d.map((t, c) => [X[c + 1], t] as [number, string])),
    ]);
    expect(md).toContain('<tr><th colspan="4">Regional revenue and notes</th></tr>');
    expect(md).toContain('<tr><td>North</td><td>120</td><td>135</td><td>steady</td></tr>');
    expect(md).not.toMatch(/^#+ /m);
  });
});

describe('tables: a column of dates is not an index column', () => {
  it('"1 May", "2 May" ... stay one cell', async () => {
    const rows: [number, string, boolean?][][] = [
      [
        [X[1], 'Date', true],
        [X[2], 'Units', true],
        [X[3], 'Price', true],
        [X[4], 'Notes', true],
      ],
    ];
    DATA.forEach((d, i) => {
      rows.push([
        [X[1], `${i + 1} May`],
        [X[2], d[1]],
        [X[3], d[2]],
        [X[4], d[3]],
      ]);
    });
    const md = await markdownOf(rows);
    expect(md).toMatch(/\| 1 May \| 120 \| 135 \| steady \|/);
    expect(md).toMatch(/\| Date \| Units \| Price \| Notes \|/);
  });
});

describe('tables: a title row centred on the page', () => {
  it('a title over every column but the row labels stays a title row, not a group merged into each header', async () => {
    const md = await markdownOf([
      [[200, 'Harbour results of the regional offices 2024', true]],
      [
        [X[1], 'Region', true],
        [X[2], '2022', true],
        [X[3], '2023', true],
        [X[4], 'Notes', true],
      ],
      ...DATA.map((d) => d.map((t, c) => [X[c + 1], t] as [number, string])),
    ]);
    // Over 2022, 2023 and Notes, the label spans every column but the row labels.
    expect(md).not.toContain('offices 2024 2022');
    expect(md.indexOf('offices 2024')).toBeGreaterThanOrEqual(0);
    expect(md.indexOf('offices 2024')).toBeLessThan(md.indexOf('Region'));
    expect(md).toMatch(/North.*120.*135.*steady/);
  });
});
