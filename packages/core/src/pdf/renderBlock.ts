// A classified block → its markdown fragment.
import type { LayoutBlock } from './buildBlocks.js';

/** Text that would read as markdown block syntax at the start of a paragraph gets a backslash. */
const BLOCK_SYNTAX = /^(#{1,6}\s|>|[-+*]\s|\d{1,9}[.)]\s|={3,}|-{3,}|`{3,}|\|)/;

function clean(text: string): string {
  return text.replace(/[ \t]+/g, ' ').trim();
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
      return [line(rows[0]), '| ' + Array.from({ length: width }, () => '---').join(' | ') + ' |', ...rows.slice(1).map(line)].join('\n');
    }
    case 'list_item': {
      const marker = block.marker && /^\d{1,9}[.)]$/.test(block.marker) ? block.marker.replace(')', '.') : '-';
      const prefix = block.marker && marker === '-' && block.marker !== '-' ? `${block.marker} ` : '';
      return `${marker} ${prefix}${clean(block.text)}`.trimEnd();
    }
    default: {
      const text = clean(block.text);
      if (heading) return `${'#'.repeat(heading.level)} ${text}`;
      return BLOCK_SYNTAX.test(text) ? `\\${text}` : text;
    }
  }
}
