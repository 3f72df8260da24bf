// Iteration helper (issue #25, article round 5): the lines of our output that the truth does not hold, on the tuning
// pages articles.mjs wrote ($MC_TMP/articles), grouped by a rough cause (caption or credit, read-also promo, call to
// action, byline or date, share or tag line, author bio, other short / long line) and by where they sit (before the
// truth's first line, inside, after its last). Shares are of each page's output, summed over pages. Only WCXB pages
// of one dev-tune site half (split.mjs devHalfOf) are read; the Readability tuning half joins half a.
// usage: MC_TMP=/tmp/x node articles.mjs && MC_TMP=/tmp/x node keptLines.mjs [--half a|b] [--examples CAUSE]
import { readFileSync, readdirSync } from 'node:fs';
import { devHalfOf } from './split.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : d);
const half = opt('half', 'a');
const dir = `${process.env.MC_TMP ?? '/tmp'}/articles`;
const words = (t) => t.toLowerCase().match(/\p{L}+|\p{N}+/gu) ?? [];
/** Rough cue patterns, English first: a line is counted under the first that matches (short lines only). */
const CAUSES = [
  ['caption/credit', /^(photo|image|foto|bild|crédit|credit|source|fuente|fonte|bron|źródło|фото|©)|getty|reuters|©/i],
  ['read-also', /^(read (also|more|next)|see also|related|lire aussi|lesen sie|leer más|leggi anche|leia também)/i],
  ['call-to-action', /subscribe|sign up|newsletter|download (the|our)|donate|follow us|get started|learn more/i],
  [
    'byline/date',
    /^(by |von |par |por |published|updated|posted|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w* \d)/i,
  ],
  ['share/tag', /^(share|tags?:|topics?:|filed under|categor|teilen|partager|compartir)/i],
  ['author bio', /\b(is a (freelance|writer|journalist|reporter|contributor)|writes about|about the author)\b/i],
];
const share = {};
const pages = {};
const examples = [];
const hostOf = (url) => (URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, '') : url);
const add = (k, v, id) => {
  share[k] = (share[k] ?? 0) + v;
  pages[k] ??= new Set();
  pages[k].add(id);
};
for (const f of readdirSync(dir)) {
  if (!f.endsWith('.txt') || f === 'index.txt') continue;
  const s = readFileSync(`${dir}/${f}`, 'utf8');
  const id = f.slice(0, -4);
  if (/^\d+$/.test(id) ? devHalfOf(hostOf(s.split('\n')[0])) !== half : half !== 'a') continue;
  const ours = s.split('=====OURS\n')[1].split('=====TRUTH')[0];
  const truth = new Set(words(s.split('=====TRUTH\n')[1] ?? ''));
  const lines = ours
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
  // a line is the truth's when 70% of its words are in the truth's text
  const held = lines.map((l) => words(l).filter((w) => truth.has(w)).length >= 0.7 * words(l).length);
  const [first, last] = [held.indexOf(true), held.lastIndexOf(true)];
  const total = lines.reduce((a, l) => a + l.length, 0) || 1;
  lines.forEach((l, i) => {
    if (held[i]) return;
    const where = i < first ? 'before' : i > last ? 'after' : 'inside';
    const cause = (l.length <= 200 && CAUSES.find(([, re]) => re.test(l))?.[0]) || (l.length > 200 ? 'long' : 'short');
    add(cause, l.length / total, id);
    add(`${cause} @${where}`, l.length / total, id);
    if (cause === opt('examples')) examples.push(`${id} ${where}: ${l.slice(0, 100)}`);
  });
}
for (const [k, v] of Object.entries(share).sort((a, b) => b[1] - a[1]))
  console.log(`${k.padEnd(28)} ${v.toFixed(2)}  pages ${pages[k].size}`);
for (const e of examples) console.log(e);
