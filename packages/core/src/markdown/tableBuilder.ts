import { LAYOUT_TABLE_MARKERS } from './elementKinds.js';
import { renderGfmTable } from './renderGfmTable.js';
import type { Align, Row } from './tableCells.js';

/** HTML caps colspan at 1000; a hostile value must not multiply every row of the output, so we cap lower. */
const MAX_COLSPAN = 100;
const MAX_ROWSPAN = 1000;

function spanValue(raw: string | null, max: number): number {
  const n = raw === null ? NaN : parseInt(raw, 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : 1;
}

function cellAlign(cell: Element): Align {
  const attr = (cell.getAttribute('align') ?? '').toLowerCase();
  if (attr === 'left' || attr === 'center' || attr === 'right') return attr;
  const style = cell.getAttribute('style');
  if (style) {
    const m = /text-align\s*:\s*(left|center|right)/i.exec(style);
    if (m) return m[1].toLowerCase() as Align;
  }
  return '';
}

/**
 * A table is a layout grid, to be rendered as ordinary blocks, when a GFM cell could not hold its content (nested
 * tables, headings, lists, code blocks...), when it says so (`role="presentation"`), or when it has a single cell.
 * The scan stops at the first such element, and never enters a nested table, so every node is scanned at most
 * once per page however tables nest.
 */
export function isLayoutTable(table: Element): boolean {
  const role = table.getAttribute('role');
  if (role === 'presentation' || role === 'none') return true;
  let cells = 0;
  let node: Node | null = table.firstChild;
  while (node && node !== table) {
    if (node.nodeType === 1) {
      const name = (node as Element).localName;
      if (LAYOUT_TABLE_MARKERS.has(name)) return true;
      if (name === 'td' || name === 'th') cells++;
      const child = node.firstChild;
      if (child) {
        node = child;
        continue;
      }
    }
    while (node && node !== table && !node.nextSibling) node = node.parentNode;
    if (!node || node === table) break;
    node = node.nextSibling;
  }
  return cells <= 1;
}

/** Collects the cells of a data table as the walker passes them, then renders a GFM table. */
export class TableBuilder {
  private rows: Row[] = [];
  private row: Row | null = null;
  inHead = false;
  caption = '';

  startRow(): void {
    this.endRow();
    this.row = { cells: [], inHead: this.inHead };
  }

  endRow(): void {
    if (this.row && this.row.cells.length > 0) this.rows.push(this.row);
    this.row = null;
  }

  addCell(cell: Element, text: string): void {
    if (!this.row) this.startRow();
    this.row!.cells.push({
      text,
      colspan: spanValue(cell.getAttribute('colspan'), MAX_COLSPAN),
      rowspan: spanValue(cell.getAttribute('rowspan'), MAX_ROWSPAN),
      header: cell.localName === 'th',
      align: this.rows.length === 0 ? cellAlign(cell) : '',
    });
  }

  /** GFM lines; none when no cell has content. */
  render(): string[] {
    this.endRow();
    if (!this.rows.some((r) => r.cells.some((c) => c.text !== ''))) return [];
    return renderGfmTable(this.rows);
  }
}
