// CI smoke: 30 WCXB pages. Fails when htmlToMarkdown throws on a real page, or when it costs more than linkedom's
// parse of the same page (it measures ~0.2-0.3x): a ratio in one process, so a slow or busy machine does not trip it.
import { loadPages, measure, printTable, WCXB_HTML } from './measure.mjs';

const MAX_RATIO_TO_PARSE = 1.0;

const pages = loadPages(50);
if (!pages) {
  console.log(`skipped: ${WCXB_HTML} is absent`);
  process.exit(0);
}
measure(pages.slice(0, 5), { withTurndown: false });
const result = measure(pages, { withTurndown: false });
printTable(result);
const ratio = result.ours.msPerPage / result.parse.msPerPage;
const failures = [...result.failures];
if (ratio > MAX_RATIO_TO_PARSE)
  failures.push(`htmlToMarkdown costs ${ratio.toFixed(2)}x linkedom's parse (max ${MAX_RATIO_TO_PARSE})`);
if (failures.length) {
  console.error(`\nFAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\nmarkdown-speed smoke ok');
