// Checks that core's tree builder (buildDocument) gives the tree linkedom's own parse gives: every node of the
// document's list in order (the fingerprint of @scrape/test-support's treeRows), and the serialised document.
// Usage: node benchmarks/core-html/sameTree.mjs [--limit N]   (the WCXB dev pages; exits 1 on any difference)
import { parseHTML } from 'linkedom';
import { buildDocument } from '@scrape/core/internal';
import { treeRows as rows } from '@scrape/test-support/treeRows';
import { listPages, loadPage } from './lib.mjs';

const limitArg = process.argv.indexOf('--limit');
const limit = limitArg === -1 ? Infinity : Number(process.argv[limitArg + 1]);
const ids = listPages()?.slice(0, limit);
if (!ids) {
  console.error('usage: sameTree.mjs [--limit N] (needs ../shared/data/wcxb-dev)');
  process.exit(2);
}
let differ = 0;
for (const id of ids) {
  const { html } = loadPage(id);
  const theirs = parseHTML(html).document;
  const ours = buildDocument(html);
  const a = rows(theirs);
  const b = rows(ours);
  const at = a.findIndex((row, i) => row !== b[i]);
  if (at !== -1 || a.length !== b.length || theirs.toString() !== ours.toString()) {
    differ++;
    console.log(`${id}: differs at node ${at} of ${a.length}/${b.length}: ${a[at]} | ${b[at]}`);
  }
}
console.log(`${ids.length} pages, ${differ} with a different tree`);
process.exit(differ ? 1 : 0);
