/** The cells of a data table as TableBuilder collects them, before they are laid on a grid. */
export type Align = '' | 'left' | 'center' | 'right';

export interface Cell {
  text: string;
  colspan: number;
  rowspan: number;
  header: boolean;
  align: Align;
}

export interface Row {
  cells: Cell[];
  inHead: boolean;
}
