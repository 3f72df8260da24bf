// A classified block → its markdown fragment.
import type { LayoutBlock } from './buildBlocks.js';
import { isWhiteSpace } from '../text/isWhiteSpace.js';

/** Paragraph starts that markdown would read as a list item: the number's dot or paren gets the backslash. */
const ORDERED_START = /^(\d{1,9})([.)])(\s)/;
/** Other paragraph starts that markdown would read as block syntax (heading, quote, bullet, rule, fence, table). */
const BLOCK_START = /^(#{1,6}\s|>|[-+*]\s|={3,}|-{3,}|`{3,}|\|)/;

function escapeBlockStart(text: string): string {
  if (ORDERED_START.test(text)) return text.replace(ORDERED_START, '$1\\$2$3');
  return BLOCK_START.test(text) ? `\\${text}` : text;
}

function clean(text: string): string {
  return isClean(text) ? text : text.replace(/[^\S\n]+/g, ' ').trim();
}

/**
 * Whether `clean` would return `text` unchanged: no white space at either end, and every white space but a line
 * break is one plain space. Nearly every block's text is so; the scan of its code units spares the regex's copy.
 */
function isClean(text: string): boolean {
  const n = text.length;
  if (n === 0) return true;
  if (isWhiteSpace(text.charCodeAt(0)) || isWhiteSpace(text.charCodeAt(n - 1))) return false;
  let prevSpace = false;
  for (let i = 1; i < n - 1; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || !isWhiteSpace(c)) prevSpace = false;
    else if (c !== 32 || prevSpace) return false;
    else prevSpace = true;
  }
  return true;
}

function cell(text: string): string {
  return clean(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function escapeHtml(text: string): string {
  return clean(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A table with row or column spans, which a pipe table cannot hold; the first row is the header. */
function htmlTable(rows: string[][], spans: [number, number][][]): string {
  const out = ['<table>'];
  rows.forEach((r, i) => {
    const tag = i === 0 ? 'th' : 'td';
    let tr = '<tr>';
    r.forEach((text, c) => {
      const [rowspan, colspan] = spans[i]?.[c] ?? [1, 1];
      if (rowspan === 0 || colspan === 0) return;
      const attrs = (rowspan > 1 ? ` rowspan="${rowspan}"` : '') + (colspan > 1 ? ` colspan="${colspan}"` : '');
      tr += `<${tag}${attrs}>${escapeHtml(text)}</${tag}>`;
    });
    out.push(`${tr}</tr>`);
  });
  out.push('</table>');
  return out.join('\n');
}

/** One row of a pipe table `width` cells wide (missing cells empty). */
export function pipeRow(r: string[], width: number): string {
  return `| ${Array.from({ length: width }, (_, i) => cell(r[i] ?? '')).join(' | ')} |`;
}

export function renderBlock(block: LayoutBlock, heading?: { level: number }): string {
  switch (block.kind) {
    case 'figure':
      return '';
    case 'code':
      return `\`\`\`\n${block.text.replace(/```/g, '` ` `')}\n\`\`\``;
    case 'table': {
      const rows = block.cells ?? [];
      if (rows.length === 0) return '';
      if (block.cellSpans) return htmlTable(rows, block.cellSpans);
      const width = Math.max(...rows.map((r) => r.length));
      return [
        pipeRow(rows[0], width),
        `| ${Array.from({ length: width }, () => '---').join(' | ')} |`,
        ...rows.slice(1).map((r) => pipeRow(r, width)),
      ].join('\n');
    }
    case 'list_item': {
      const marker = block.marker && /^\d{1,9}[.)]$/.test(block.marker) ? block.marker.replace(')', '.') : '-';
      const prefix = block.marker && marker === '-' && block.marker !== '-' ? `${block.marker} ` : '';
      return `${marker} ${prefix}${clean(block.text)}`.trimEnd();
    }
    default: {
      const text = clean(block.text);
      if (heading) return `${'#'.repeat(heading.level)} ${text}`;
      return escapeBlockStart(text);
    }
  }
}
