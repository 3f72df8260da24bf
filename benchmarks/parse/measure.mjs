// Parse speed per format: the scraper's `parse` (detection, bounds checks, conversion, the scrape pipeline to
// markdown) against the format's plain reference tool alone (mammoth, exceljs, csv-parse, officeparser for PPTX,
// core's HTML pipeline alone for HTML). Documents are generated here with docx, exceljs and pptxgenjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import ExcelJS from 'exceljs';
import PptxGenJS from 'pptxgenjs';
import mammoth from 'mammoth';
import { parse as parseCsv } from 'csv-parse/sync';
import { parseOffice } from 'officeparser';
import { processHtml } from '@scrape/core';
import { createScraper } from '../../packages/scraper/dist/index.js';

const words = (n, seed) =>
  Array.from(
    { length: n },
    (_, i) => ['harbour', 'tide', 'ferry', 'quay', 'crane', 'pier', 'vessel'][(i * 7 + seed) % 7],
  ).join(' ');

/** A Word document of `sections` sections: a heading, three paragraphs and a 10-row table each (~1 page a section). */
export async function makeDocx(sections) {
  const cell = (t) => new TableCell({ children: [new Paragraph(t)] });
  const children = [];
  for (let s = 0; s < sections; s++) {
    children.push(new Paragraph({ text: `Section ${s + 1}`, heading: HeadingLevel.HEADING_2 }));
    for (let p = 0; p < 3; p++) children.push(new Paragraph(words(60, s + p)));
    children.push(
      new Table({
        rows: Array.from(
          { length: 10 },
          (_, r) => new TableRow({ children: [cell(`Row ${r}`), cell(String(r * s)), cell(words(4, r))] }),
        ),
      }),
    );
  }
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}

/** A workbook of `sheets` sheets of `rows` rows × 6 columns (text, numbers, a date). */
export async function makeXlsx(sheets, rows) {
  const wb = new ExcelJS.Workbook();
  for (let s = 0; s < sheets; s++) {
    const ws = wb.addWorksheet(`Sheet ${s + 1}`);
    ws.addRow(['Id', 'Name', 'Length', 'Width', 'Arrived', 'Note']);
    for (let r = 0; r < rows; r++)
      ws.addRow([
        r,
        `Vessel ${r}`,
        20 + (r % 300),
        5 + (r % 40),
        new Date(Date.UTC(2026, r % 12, 1 + (r % 28))),
        words(5, r),
      ]);
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

export function makeCsv(rows) {
  const lines = ['Id,Name,Length,Note'];
  for (let r = 0; r < rows; r++) lines.push(`${r},"Vessel ${r}, Ltd",${20 + (r % 300)},${words(5, r)}`);
  return new TextEncoder().encode(lines.join('\n'));
}

/** A deck of `slides` slides: title, five bullets, a text box and every fifth slide a table. */
export async function makePptx(slides) {
  const pptx = new PptxGenJS();
  pptx.defineSlideMaster({
    title: 'T',
    objects: [{ placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.2, w: 9, h: 0.8 }, text: '' } }],
  });
  for (let s = 0; s < slides; s++) {
    const slide = pptx.addSlide({ masterName: 'T' });
    slide.addText(`Slide title ${s + 1}`, { placeholder: 'title' });
    slide.addText(
      Array.from({ length: 5 }, (_, i) => ({ text: words(8, s + i), options: { bullet: true, breakLine: i < 4 } })),
      { x: 0.5, y: 1.2, w: 9, h: 2.5 },
    );
    slide.addText(words(20, s), { x: 0.5, y: 4, w: 9, h: 1 });
    if (s % 5 === 0)
      slide.addTable(
        [
          [{ text: 'Quarter' }, { text: 'Ships' }],
          [{ text: 'Q1' }, { text: String(s) }],
        ],
        { x: 0.5, y: 4.8, w: 5 },
      );
  }
  return new Uint8Array(await pptx.write({ outputType: 'nodebuffer' }));
}

export function makeHtml(sections) {
  const body = Array.from(
    { length: sections },
    (_, s) => `<h2>Section ${s}</h2><p>${words(80, s)}</p><ul><li>${words(6, s)}</li><li>${words(6, s + 1)}</li></ul>`,
  ).join('');
  return new TextEncoder().encode(
    `<!doctype html><html><head><title>Bench</title></head><body><nav>Home</nav><main><h1>Report</h1>${body}</main></body></html>`,
  );
}

/** Reference tools: the plain library call that reads the format, without detection, bounds or the pipeline. */
const REFERENCES = {
  docx: async (bytes) => (await mammoth.convertToMarkdown({ buffer: Buffer.from(bytes) })).value.length,
  xlsx: async (bytes) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    return wb.worksheets.length;
  },
  csv: async (bytes) => parseCsv(new TextDecoder().decode(bytes)).length,
  // officeparser: the npm PPTX/office text extractor (flat text, no slide structure).
  pptx: async (bytes) => (await parseOffice(Buffer.from(bytes))).content.length,
  html: async (bytes) =>
    processHtml({ body: bytes, url: 'https://bench.invalid/', contentType: 'text/html' }, { onlyMainContent: true })
      .markdown.length,
};

async function time(rounds, work) {
  await work(); // warm-up
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await work();
  return (performance.now() - started) / rounds;
}

/** ms per document, ours and the reference, and units (pages/sheets/slides/rows) per second for ours. */
export async function measureParse({ rounds, sizes }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-parse-'));
  const scraper = createScraper({ dataDir, search: { localIndex: false }, llm: false });
  try {
    const cases = [
      {
        kind: 'docx',
        filename: 'bench.docx',
        bytes: await makeDocx(sizes.docxSections),
        units: sizes.docxSections,
        unit: 'sections (~pages)',
      },
      {
        kind: 'xlsx',
        filename: 'bench.xlsx',
        bytes: await makeXlsx(sizes.xlsxSheets, sizes.xlsxRows),
        units: sizes.xlsxSheets,
        unit: `sheets of ${sizes.xlsxRows} rows`,
      },
      { kind: 'csv', filename: 'bench.csv', bytes: makeCsv(sizes.csvRows), units: sizes.csvRows, unit: 'rows' },
      {
        kind: 'pptx',
        filename: 'bench.pptx',
        bytes: await makePptx(sizes.pptxSlides),
        units: sizes.pptxSlides,
        unit: 'slides',
      },
      { kind: 'html', filename: 'bench.html', bytes: makeHtml(sizes.htmlSections), units: 1, unit: 'pages' },
    ];
    const rows = [];
    for (const c of cases) {
      const upload = { filename: c.filename, bytes: c.bytes };
      const doc = await scraper.parse(upload, { formats: ['markdown'] });
      if (!doc.markdown || doc.markdown.length < 100) throw new Error(`${c.kind}: no markdown came out`);
      const oursMs = await time(rounds, () => scraper.parse(upload, { formats: ['markdown'] }));
      const refMs = await time(rounds, () => REFERENCES[c.kind](c.bytes));
      rows.push({
        kind: c.kind,
        bytes: c.bytes.length,
        units: c.units,
        unit: c.unit,
        oursMs,
        refMs,
        ratio: oursMs / refMs,
        unitsPerSec: (c.units * 1000) / oursMs,
        markdownChars: doc.markdown.length,
      });
    }
    return rows;
  } finally {
    await scraper.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printTable(rows) {
  console.log(
    '| format | file | ours ms/doc | reference ms/doc | ours / reference | throughput |\n|---|---|---|---|---|---|',
  );
  for (const r of rows) {
    console.log(
      `| ${r.kind} | ${(r.bytes / 1024).toFixed(0)} KB, ${r.units} ${r.unit} | ${r.oursMs.toFixed(1)} | ${r.refMs.toFixed(1)} | ${r.ratio.toFixed(2)}x | ${r.unitsPerSec.toFixed(0)} ${r.unit.split(' ')[0]}/s |`,
    );
  }
}
