// Table cells on real PDFs printed by Chromium from HTML tables: cells closer than the segment gap, multi-line cells,
// header levels beside an index column and three deep, a sparsely filled column, a "(m)" unit line in the header.
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePdf } from './parsePdf.js';

const STYLE = `body { font-family: 'DejaVu Sans'; font-size: 10pt; line-height: 1.3; }
table { border-collapse: collapse; } td, th { padding: 2pt 6pt; vertical-align: top; text-align: left; }
.num { text-align: right; } th.grp { text-align: center; }`;
const INTRO = '<p>The figures below were collected by the regional offices during the last two years.</p>';
const AFTER = '<p>All amounts are rounded to the nearest thousand and include the late returns.</p>';

let browser: Awaited<ReturnType<typeof chromium.launch>>;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
});
afterAll(async () => {
  await browser?.close();
});

async function markdownOf(table: string): Promise<string> {
  const page = await browser.newPage();
  try {
    await page.setContent(`<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head>
<body>${INTRO}${table}${AFTER}</body></html>`);
    const pdf = new Uint8Array(await page.pdf({ format: 'A4', margin: { top: '20mm', left: '18mm' } }));
    return (await parsePdf(pdf, { mode: 'fast' })).markdown;
  } finally {
    await page.close();
  }
}

const td = (cells: (string | number)[], num = 1) =>
  `<tr>${cells.map((c, i) => `<td${i >= num ? ' class="num"' : ''}>${c}</td>`).join('')}</tr>`;

describe('tables printed by Chromium', () => {
  it('right-aligned numbers 12 pt apart and "No." beside "Site" are cells of their own', async () => {
    const rows = [
      [1, 'Harbour', '3714.4', '8278.0', '3258.0'],
      [2, 'Market', '6703.0', '9893.0', '5840.2'],
      [3, 'Station', '9657.9', '9167.4', '8584.4'],
      [4, 'Quarry', '849.2', '5766.3', '8009.3'],
    ];
    const md = await markdownOf(
      `<table><tr><th>No.</th><th>Site</th><th class="num">Wheat</th><th class="num">Rye</th><th class="num">Oats</th>
</tr>${rows.map((r) => td(r, 2)).join('')}</table>`,
    );
    expect(md).toMatch(/^\| No\. \| Site \| Wheat \| Rye \| Oats \|$/m);
    expect(md).toMatch(/^\| 4 \| Quarry \| 849\.2 \| 5766\.3 \| 8009\.3 \|$/m);
  });

  it('a cell of several lines stays one cell of one row, units broken under a header stay in their column', async () => {
    const long = 'Harbour crane with a spare motor and the long cable kept in the northern shed for winter';
    const md = await markdownOf(
      `<table style="width:70%"><tr><th>Part</th><th>Description</th><th class="num">Height (m)</th>
<th class="num">Weight (kg)</th></tr>
<tr><td>Crane-12</td><td style="width:40%">${long}</td><td class="num">12.5 m</td><td class="num">840 kg</td></tr>
<tr><td>Winch-7</td><td>Small winch</td><td class="num">1.2 m</td><td class="num">95 kg</td></tr>
<tr><td>Hoist-3</td><td>Chain hoist for the dock</td><td class="num">3.4 m</td><td class="num">120 kg</td></tr></table>`,
    );
    expect(md).toContain(`| Crane-12 | ${long} | 12.5 m | 840 kg |`);
    expect(md).toMatch(/^\| Winch-7 \| Small winch \| 1\.2 m \| 95 kg \|$/m);
  });

  it('a description wrapping onto six lines, its neighbours on one, stays one cell of one row', async () => {
    const long = [
      'Harbour crane with a spare motor, the long cable and the two hooks kept in the northern shed for the',
      'winter, checked by the wardens each spring before the boats come back to the quay',
    ].join(' ');
    const md = await markdownOf(
      `<table style="width:70%"><tr><th>Part</th><th style="width:45%">Description</th><th class="num">Height</th>
<th class="num">Weight</th></tr>
<tr><td>Crane-12</td><td>${long}</td><td class="num">12.5 m</td><td class="num">840 kg</td></tr>
<tr><td>Winch-7</td><td>Small winch</td><td class="num">1.2 m</td><td class="num">95 kg</td></tr>
<tr><td>Hoist-3</td><td>Chain hoist for the dock</td><td class="num">3.4 m</td><td class="num">120 kg</td></tr></table>`,
    );
    expect(md).toContain(`| Crane-12 | ${long} | 12.5 m | 840 kg |`);
    expect(md).toMatch(/^\| Hoist-3 \| Chain hoist for the dock \| 3\.4 m \| 120 kg \|$/m);
  });

  it('group labels beside an index column head their sub-columns', async () => {
    const body = [
      [1, 'North', '12', '14', '30', '31', 'steady'],
      [2, 'South', '7', '9', '18', '22', 'growing'],
      [3, 'East', '5', '6', '11', '10', 'flat'],
    ];
    const md = await markdownOf(
      `<table><tr><th rowspan="2">#</th><th rowspan="2">Region</th><th class="grp" colspan="2">Imports</th>
<th class="grp" colspan="2">Exports</th><th rowspan="2">Notes</th></tr>
<tr><th class="num">2023</th><th class="num">2024</th><th class="num">2023</th><th class="num">2024</th></tr>
${body.map((r) => td(r, 2)).join('')}</table>`,
    );
    expect(md).toMatch(/^\| # \| Region \| Imports 2023 \| Imports 2024 \| Exports 2023 \| Exports 2024 \| Notes \|$/m);
    expect(md).toMatch(/^\| 2 \| South \| 7 \| 9 \| 18 \| 22 \| growing \|$/m);
  });

  it('three header levels merge into one header row', async () => {
    const body = [
      ['Chile', '12.1', '14.2', '30.3', '31.4'],
      ['Peru', '7.5', '9.6', '18.7', '22.8'],
      ['Bolivia', '5.9', '6.1', '11.2', '10.3'],
    ];
    const md = await markdownOf(
      `<table><tr><th rowspan="3">Country</th><th class="grp" colspan="4">Output (t)</th></tr>
<tr><th class="grp" colspan="2">Copper</th><th class="grp" colspan="2">Silver</th></tr>
<tr><th class="num">Min</th><th class="num">Max</th><th class="num">Min</th><th class="num">Max</th></tr>
${body.map((r) => td(r)).join('')}</table>`,
    );
    expect(md).toMatch(
      /^\| Country \| Output \(t\) Copper Min \| Output \(t\) Copper Max \| Output \(t\) Silver Min \| Output \(t\) Silver Max \|$/m,
    );
    expect(md).toMatch(/^\| Peru \| 7\.5 \| 9\.6 \| 18\.7 \| 22\.8 \|$/m);
  });

  it('a column filled in one row keeps its own cells', async () => {
    const md = await markdownOf(
      `<table style="width:80%"><tr><th>Item</th><th>Description</th><th class="num">Stock</th>
<th class="num">Reserved</th></tr>
${td(['Bolt', 'Steel bolt with a nut', '1200', ''], 2)}${td(['Nail', 'Copper nail', '800', ''], 2)}
${td(['Screw', 'Brass screw for wood', '450', '75'], 2)}${td(['Rivet', 'Aluminium rivet', '90', ''], 2)}
${td(['Washer', 'Flat washer', '3100', ''], 2)}${td(['Pin', 'Split pin', '640', ''], 2)}</table>`,
    );
    expect(md).toMatch(/^\| Item \| Description \| Stock \| Reserved \|$/m);
    expect(md).toMatch(/^\| Screw \| Brass screw for wood \| 450 \| 75 \|$/m);
  });
});
