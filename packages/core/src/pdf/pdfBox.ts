// The box and the text style every unit of the layout carries: a MuPDF segment, a printed line, a block.

/** An upright box in points on MuPDF's page: x grows to the right, y downward; x0 ≤ x1, y0 ≤ y1. */
export interface PdfBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The dominant font size (points) and style of a run of text. */
export interface TextStyle {
  size: number;
  bold: boolean;
  italic: boolean;
}
