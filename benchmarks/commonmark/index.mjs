// CommonMark round trip, full run: every example of the commonmark-spec package (652) → its HTML → our markdown
// (@scrape/core's htmlToMarkdown, from dist: build core first) → commonmark.js → HTML, compared with the example's
// HTML in canonical form (normalizeHtml.mjs says exactly what is normalised, and why).
//   node benchmarks/commonmark/index.mjs [--verbose] [--strict]
// Prints the pass rate (semantic: the structure markdown can express; strict: only parser-level normalisation),
// the failing sections, and turndown's rate measured the same way for reference.
import { createRequire } from 'node:module';
import { htmlToMarkdown } from '@scrape/core';
import { canonicalHtml } from './normalizeHtml.mjs';
import { roundTrip, specExamples, summarize } from './roundTrip.mjs';

const require = createRequire(import.meta.url);
const verbose = process.argv.includes('--verbose');
const examples = specExamples();

const ours = roundTrip(examples, (html) => htmlToMarkdown(html));
const summary = summarize(ours);

const TurndownService = require('turndown');
const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
const reference = summarize(roundTrip(examples, (html) => turndown.turndown(html)));

const pct = (x) => `${x.toFixed(1)}%`;
console.log(`CommonMark ${'0.31.2'} round trip, ${summary.total} examples\n`);
console.log('converter                  semantic   strict');
console.log(
  `@scrape/core htmlToMarkdown  ${pct(summary.semanticRate).padStart(6)}   ${pct(summary.strictRate).padStart(6)}   (${summary.semantic}/${summary.total})`,
);
console.log(
  `turndown 7 (reference)       ${pct(reference.semanticRate).padStart(6)}   ${pct(reference.strictRate).padStart(6)}   (${reference.semantic}/${reference.total})`,
);
console.log('\nfailing sections (semantic):');
for (const [section, count] of summary.failingSections) console.log(`  ${String(count).padStart(3)}  ${section}`);
const failing = ours.filter((r) => !r.semantic);
console.log(`\nfailing examples: ${failing.map((r) => '#' + r.example.number).join(' ')}`);
if (verbose) {
  for (const r of failing) {
    console.log(`\n#${r.example.number} (${r.example.section})`);
    console.log(`  html:     ${JSON.stringify(r.example.html)}`);
    console.log(`  markdown: ${JSON.stringify(r.markdown)}`);
    console.log(`  expected: ${canonicalHtml(r.example.html)}`);
    console.log(`  got:      ${canonicalHtml(r.rendered)}`);
  }
}
