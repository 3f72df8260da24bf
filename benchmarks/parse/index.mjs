// Full run: parse speed per format vs the format's plain reference tool (see measure.mjs). Prints a table.
import { measureParse, printTable } from './measure.mjs';

const rows = await measureParse({
  rounds: 10,
  sizes: { docxSections: 40, xlsxSheets: 3, xlsxRows: 2000, csvRows: 10000, pptxSlides: 60, htmlSections: 200 },
});
printTable(rows);
