// A classified block → its markdown fragment.
import type { LayoutBlock } from './buildBlocks.js';

/** Paragraph starts that markdown would read as a list item: the number's dot or paren gets the backslash. */
const ORDERED_START = /^(\d{1,9})([.)])(\s)/;
/** Other paragraph starts that markdown would read as block syntax (heading, quote, bullet, rule, fence, table). */
const BLOCK_START = /^(#{1,6}\s|>|[-+*]\s|={3,}|-{3,}|`{3,}|\|)/;

function escapeBlockStart(text: string): string {
  if (ORDERED_START.test(text)) return text.replace(ORDERED_START, '$1\\$2$3');
  return BLOCK_START.test(text) ? `\\${text}` : text;
}

function clean(text: string): string {
  return text.replace(/[^\S\n]+/g, ' ').trim();
}

function cell(text: string): string {
  return clean(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function renderBlock(block: LayoutBlock, heading?: { level: number }): string {
  switch (block.kind) {
    case 'figure':
      return '';
    case 'code':
      return '```\n' + block.text.replace(/```/g, '` ` `') + '\n```';
    case 'table': {
      const rows = block.cells ?? [];
      if (rows.length === 0) return '';
      const width = Math.max(...rows.map((r) => r.length));
      const line = (r: string[]) => '| ' + Array.from({ length: width }, (_, i) => cell(r[i] ?? '')).join(' | ') + ' |';
      return [
        line(rows[0]),
        '| ' + Array.from({ length: width }, () => '---').join(' | ') + ' |',
        ...rows.slice(1).map(line),
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
