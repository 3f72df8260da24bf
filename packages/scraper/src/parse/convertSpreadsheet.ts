import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { uploadErrors } from './uploadErrors.js';

/** Cells converted across all sheets; a workbook past this is refused rather than turned into a huge page. */
export const MAX_SPREADSHEET_CELLS = 1_000_000;

/**
 * XLSX → HTML with exceljs: each sheet becomes a heading (its name) and a table whose first row is the header, in
 * workbook order. Cells show their displayed value (a formula's result, a date as an ISO date, rich text as text).
 */
export async function convertXlsx(bytes: Uint8Array): Promise<{ html: string; sheets: number }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch (error) {
    throw uploadErrors.unreadable('XLSX', (error as Error).message);
  }
  const parts: string[] = [];
  let cells = 0;
  let sheets = 0;
  for (const sheet of workbook.worksheets) {
    if (sheet.state === 'veryHidden') continue;
    sheets++;
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) values.push(cellText(row.getCell(c)));
      cells += values.length;
      if (cells > MAX_SPREADSHEET_CELLS)
        throw uploadErrors.tooComplex('XLSX', `more than ${MAX_SPREADSHEET_CELLS} cells`);
      rows.push(values);
    });
    parts.push(`<h2>${escapeHtml(sheet.name)}</h2>`, tableHtml(rows));
  }
  return { html: `<html><body>${parts.join('\n')}</body></html>`, sheets };
}

/** CSV → one HTML table (first row the header), with csv-parse: quotes, embedded newlines and BOMs handled. */
export function convertCsv(text: string): string {
  let rows: string[][];
  try {
    rows = parseCsv(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    throw uploadErrors.unreadable('CSV', (error as Error).message);
  }
  const cells = rows.reduce((n, r) => n + r.length, 0);
  if (cells > MAX_SPREADSHEET_CELLS) throw uploadErrors.tooComplex('CSV', `more than ${MAX_SPREADSHEET_CELLS} cells`);
  return `<html><body>${tableHtml(rows)}</body></html>`;
}

function tableHtml(rows: string[][]): string {
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const cellsOf = (row: string[], tag: 'th' | 'td') =>
    Array.from({ length: width }, (_, i) => `<${tag}>${escapeHtml(row[i] ?? '')}</${tag}>`).join('');
  const [head, ...body] = rows;
  const bodyRows = body.map((r) => `<tr>${cellsOf(r, 'td')}</tr>`).join('');
  return `<table><thead><tr>${cellsOf(head, 'th')}</tr></thead><tbody>${bodyRows}</tbody></table>`;
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return value.result instanceof Date ? isoDate(value.result) : String(value.result ?? '');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
    return cell.text;
  }
  return String(value);
}

/** A date cell as a date; with a time of day when it has one. */
function isoDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
