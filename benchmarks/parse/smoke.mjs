// CI smoke: small documents of every format through `parse` and the reference tools; fails when a format breaks or
// parse collapses far below the reference (loose bound: catches breakage, not machine noise).
import { measureParse, printTable } from './measure.mjs';

const MAX_RATIO = 25;
const rows = await measureParse({
  rounds: 2,
  sizes: { docxSections: 4, xlsxSheets: 2, xlsxRows: 100, csvRows: 500, pptxSlides: 6, htmlSections: 10 },
});
printTable(rows);
const slow = rows.filter((r) => !(r.ratio <= MAX_RATIO));
if (slow.length) {
  console.error(`parse smoke FAILED: ${slow.map((r) => `${r.kind} ${r.ratio.toFixed(1)}x the reference`).join('; ')}`);
  process.exit(1);
}
