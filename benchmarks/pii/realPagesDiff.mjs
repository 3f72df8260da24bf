// Which words of real pages two builds of redactPII redact differently: every WCXB dev page's markdown (up to
// `maxPages`), accurate and aggressive, the words one build masks and the other does not, with their line. The
// check behind "changes no real page wrongly" of the person rounds (round 16 ran it by hand on 594 pages).
// Run: node benchmarks/pii/realPagesDiff.mjs packages/core/dist-base [maxPages]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { redactPII as redactNew } from '@scrape/core';
import { buildRealMarkdown } from './evaluate.mjs';

const baseDir = process.argv[2];
if (!baseDir) throw new Error('usage: realPagesDiff.mjs <baseline dist folder> [maxPages]');
const { redactPII: redactBase } = await import(pathToFileURL(resolve(baseDir, 'index.js')).href);
const docs = buildRealMarkdown(Number(process.argv[3] ?? 2000), Number.POSITIVE_INFINITY) ?? [];
const wordRe = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
let words = 0;
let pagesChanged = 0;
const tally = { newlyRedacted: 0, noLongerRedacted: 0 };
for (const mode of ['accurate', 'aggressive']) {
  for (const [i, d] of docs.entries()) {
    const a = (await redactBase(d, { mode, replaceStyle: 'mask' })).text;
    const b = (await redactNew(d, { mode, replaceStyle: 'mask' })).text;
    if (mode === 'accurate') for (const _ of d.matchAll(wordRe)) words++;
    if (a === b) continue;
    pagesChanged++;
    for (const m of d.matchAll(wordRe)) {
      const end = m.index + m[0].length;
      const inA = a.slice(m.index, end) !== m[0];
      const inB = b.slice(m.index, end) !== m[0];
      if (inA === inB) continue;
      tally[inB ? 'newlyRedacted' : 'noLongerRedacted']++;
      const line = d.slice(d.lastIndexOf('\n', m.index) + 1, d.indexOf('\n', end) >>> 0).slice(0, 160);
      console.log(`${mode} page ${i} ${inB ? '+' : '-'} ${m[0]} :: ${line}`);
    }
  }
}
console.log(
  `${docs.length} pages, ${words} words; page×mode outputs changed ${pagesChanged}; ${JSON.stringify(tally)}`,
);
