// Real office files made at test time with the libraries people make them with: docx (Word), exceljs (Excel),
// pptxgenjs (PowerPoint); PDFs and images printed and captured by the system Chromium.
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import PptxGenJS from 'pptxgenjs';
import { chromium } from 'playwright-core';
import { zipSync } from 'fflate';

// pptxgenjs is CommonJS: at run time the default import is the class; its types (an ES `export default`) say the
// class is that import's `default` under NodeNext resolution.
type PptxClass = typeof import('pptxgenjs').default;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A Word report: title, a paragraph with bold and italic runs, a bulleted list, a sub-heading and a table. */
export async function makeDocx(): Promise<Uint8Array> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Harbour Report', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('Tides were '),
              new TextRun({ text: 'higher', bold: true }),
              new TextRun(' than '),
              new TextRun({ text: 'expected', italics: true }),
              new TextRun('.'),
            ],
          }),
          new Paragraph({ text: 'North pier repaired', bullet: { level: 0 } }),
          new Paragraph({ text: 'South pier closed', bullet: { level: 0 } }),
          new Paragraph({ text: 'Vessel counts', heading: HeadingLevel.HEADING_2 }),
          new Table({
            rows: [
              new TableRow({ children: [cell('Month'), cell('Vessels')] }),
              new TableRow({ children: [cell('January'), cell('42')] }),
              new TableRow({ children: [cell('February'), cell('37')] }),
            ],
          }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** A workbook of two sheets in a set order: numbers, a formula, a date and text. */
export async function makeXlsx(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const berths = wb.addWorksheet('Berths');
  berths.addRow(['Berth', 'Length (m)', 'Open']);
  berths.addRow(['A1', 120, 'yes']);
  berths.addRow(['B2', 85.5, 'no']);
  berths.addRow(['Total', { formula: 'B2+B3', result: 205.5 }, '']);
  const visits = wb.addWorksheet('Visits');
  visits.addRow(['Ship', 'Arrived']);
  visits.addRow(['Aurora', new Date(Date.UTC(2026, 0, 15))]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A deck of three slides: a title slide, bullets with a text box below, and a table. */
export async function makePptx(): Promise<Uint8Array> {
  const pptx = new (PptxGenJS as unknown as PptxClass)();
  // Titles live in title placeholders, as in decks made from PowerPoint's layouts.
  pptx.defineSlideMaster({
    title: 'TITLED',
    objects: [{ placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.2, w: 9, h: 0.8 }, text: '' } }],
  });
  const first = pptx.addSlide({ masterName: 'TITLED' });
  first.addText('Harbour Review 2026', { placeholder: 'title' });
  first.addText('Prepared by the port office', { x: 0.5, y: 2, w: 9, h: 0.5 });
  const second = pptx.addSlide({ masterName: 'TITLED' });
  second.addText('Works done', { placeholder: 'title' });
  second.addText('Dredging finished in March', { x: 0.5, y: 3.5, w: 9, h: 0.5 });
  second.addText(
    [
      { text: 'North pier repaired', options: { bullet: true, breakLine: true } },
      { text: 'New crane installed', options: { bullet: true } },
    ],
    { x: 0.5, y: 1.3, w: 9, h: 1.5 },
  );
  // No title placeholder: the slide is named by its number.
  const third = pptx.addSlide();
  third.addText('Traffic by quarter', { x: 0.5, y: 0.3, w: 9, h: 0.8 });
  third.addTable(
    [
      [{ text: 'Quarter' }, { text: 'Ships' }],
      [{ text: 'Q1' }, { text: '120' }],
      [{ text: 'Q2' }, { text: '134' }],
    ],
    { x: 0.5, y: 1.5, w: 6 },
  );
  return new Uint8Array((await pptx.write({ outputType: 'nodebuffer' })) as Buffer);
}

/** HTML printed to PDF, or captured as a PNG/JPEG screenshot, by Chromium. */
export async function withChromium<T>(work: (page: import('playwright-core').Page) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage({ viewport: { width: 700, height: 260 } });
    return await work(page);
  } finally {
    await browser.close();
  }
}

export const NOTICE_HTML = `<!doctype html><html><body style="font-family: 'DejaVu Sans', sans-serif; font-size: 30px; margin: 30px; background: #fff">
<p>Harbour notice</p><p>The ferry leaves at noon</p></body></html>`;

/** A zip whose one part inflates to `bytes` of zeros: the shape of a zip bomb, named like a Word file. */
export function zipBomb(bytes: number): Uint8Array {
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
  return zipSync(
    { '[Content_Types].xml': new TextEncoder().encode(types), 'word/document.xml': new Uint8Array(bytes) },
    { level: 9 },
  );
}

/** The page captured by Chromium, re-encoded in the page as WebP and as raw RGBA (for a TIFF built below). */
export async function captureImages(
  html: string,
): Promise<{ png: Uint8Array; jpeg: Uint8Array; webp: Uint8Array; tiff: Uint8Array }> {
  return withChromium(async (page) => {
    await page.setContent(html);
    const png = await page.screenshot({ type: 'png' });
    const jpeg = await page.screenshot({ type: 'jpeg', quality: 90 });
    const out = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = 'data:image/png;base64,' + b64;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let binary = '';
      for (let i = 0; i < rgba.length; i += 0x8000) binary += String.fromCharCode(...rgba.subarray(i, i + 0x8000));
      return {
        webp: canvas.toDataURL('image/webp', 0.95).split(',')[1],
        rgba: btoa(binary),
        width: canvas.width,
        height: canvas.height,
      };
    }, png.toString('base64'));
    const rgba = Buffer.from(out.rgba, 'base64');
    return { png, jpeg, webp: Buffer.from(out.webp, 'base64'), tiff: baselineTiff(rgba, out.width, out.height) };
  });
}

/** An uncompressed baseline RGB TIFF (little endian, one strip): the simplest file every TIFF reader takes. */
export function baselineTiff(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) pixels.set(rgba.subarray(i, i + 3), j);
  const entries: [number, number, number, number][] = [
    // tag, type (3 SHORT, 4 LONG), count, value
    [256, 4, 1, width],
    [257, 4, 1, height],
    [258, 3, 3, 0], // BitsPerSample: points at 8,8,8 below
    [259, 3, 1, 1], // no compression
    [262, 3, 1, 2], // RGB
    [273, 4, 1, 0], // StripOffsets: filled below
    [277, 3, 1, 3],
    [278, 4, 1, height],
    [279, 4, 1, pixels.length],
    [284, 3, 1, 1],
  ];
  const ifdOffset = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  const bitsOffset = ifdOffset + ifdSize;
  const dataOffset = bitsOffset + 6;
  entries[2][3] = bitsOffset;
  entries[5][3] = dataOffset;
  const head = Buffer.alloc(dataOffset);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(ifdOffset, 4);
  head.writeUInt16LE(entries.length, ifdOffset);
  entries.forEach(([tag, type, count, value], i) => {
    const at = ifdOffset + 2 + i * 12;
    head.writeUInt16LE(tag, at);
    head.writeUInt16LE(type, at + 2);
    head.writeUInt32LE(count, at + 4);
    if (type === 3 && count === 1) head.writeUInt16LE(value, at + 8);
    else head.writeUInt32LE(value, at + 8);
  });
  head.writeUInt32LE(0, ifdOffset + 2 + entries.length * 12);
  for (let k = 0; k < 3; k++) head.writeUInt16LE(8, bitsOffset + k * 2);
  return new Uint8Array(Buffer.concat([head, pixels]));
}
