// The second article corpus beside WCXB: Mozilla Readability's test pages (../shared/data/readability-test-pages),
// the real saved pages only, with the text of Readability's reviewed output as the truth. That truth keeps figure
// captions that WCXB leaves out, so <figcaption> is stripped on both sides (the data README's advice); it is
// Readability's habit, not a human annotation, so read it for whether the root lands on the article (recall).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { DATA_DIR } from './lib.mjs';

export const READABILITY_DIR = join(DATA_DIR, '..', 'readability-test-pages', 'pages');
/** The constructed cases (one behaviour each: `001`-style names, `remove-extra-brs`) are small files; the pages saved
 *  from real sites are all larger than this. */
const REAL_PAGE_MIN_BYTES = 10_000;

/** Names of the real pages, sorted; null when the corpus is absent. */
export function listReadabilityPages() {
  if (!existsSync(READABILITY_DIR)) return null;
  return readdirSync(READABILITY_DIR)
    .filter((name) => {
      const source = join(READABILITY_DIR, name, 'source.html');
      return (
        existsSync(source) &&
        existsSync(join(READABILITY_DIR, name, 'expected.html')) &&
        statSync(source).size >= REAL_PAGE_MIN_BYTES
      );
    })
    .sort();
}

function withoutCaptions(html) {
  return html.replace(/<figcaption\b[\s\S]*?<\/figcaption>/gi, ' ');
}

/** A page shaped like lib.mjs's loadPage: the saved source (captions stripped), the expected text as `main`. */
export function loadReadabilityPage(name) {
  const dir = join(READABILITY_DIR, name);
  const html = withoutCaptions(readFileSync(join(dir, 'source.html'), 'utf8'));
  const { document } = parseHTML(
    `<!doctype html><html><body>${withoutCaptions(readFileSync(join(dir, 'expected.html'), 'utf8'))}</body></html>`,
  );
  // block boundaries become spaces, so words of adjacent blocks do not run together
  for (const el of Array.from(
    document.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, td, th, br, pre, blockquote'),
  ))
    el.before(' ');
  return {
    id: name,
    // Readability's own tests read every page under this address
    url: 'http://fakehost/test/page.html',
    html,
    type: 'article',
    main: document.body.textContent ?? '',
    with: [],
    without: [],
  };
}

/** The Readability pages are few (93): rules are tuned on one half and accepted on the other, fixed by a hash of the
 *  page name and decided before any page was looked at (issue #25, article round). 'held' pages are only ever read as
 *  aggregate figures; changing the salt re-opens the split: don't. */
export function readabilityHalf(name) {
  const digest = createHash('sha256').update(`rtp-holdout-v1/${name}`).digest();
  return digest.readUInt32BE(0) % 2 === 0 ? 'held' : 'tune';
}

const CANONICAL =
  /<link\b[^>]*rel=["']?canonical["']?[^>]*href=["']([^"']+)|property=["']og:url["'][^>]*content=["']([^"']+)/i;
/** The site a Readability test page was saved from: the label before the public suffix of its canonical host
 *  ("nytimes", "lemonde"; "co.uk"-style suffixes understood), else its name up to the first "-" ("lifehacker-working",
 *  "wikipedia-2"): pages of one site, saved with or without a canonical link, fall on one side. */
export function readabilitySite(name) {
  const html = readFileSync(join(READABILITY_DIR, name, 'source.html'), 'utf8').slice(0, 200_000);
  const m = CANONICAL.exec(html);
  try {
    const host = new URL(m?.[1] ?? m?.[2] ?? '').hostname.split('.');
    const suffix = host.length >= 3 && /^(co|com|org|net)$/.test(host.at(-2)) && host.at(-1).length === 2 ? 2 : 1;
    return host.at(-1 - suffix);
  } catch {
    return name.split('-')[0];
  }
}

/** 'dev' or 'check' for a Readability site; changing the salt re-opens the split: don't. */
export function readabilitySiteHalf(site) {
  const digest = createHash('sha256').update(`rtp-site-half-v1/${site}`).digest();
  return digest.readUInt32BE(0) % 2 === 0 ? 'dev' : 'check';
}
