// The WCXB dev set (../shared/data/wcxb-dev) as the benchmarks read it: the page ids of its html folder, a page's
// HTML and its ground-truth record. One reader, so that every benchmark sees the same pages in the same order.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export const WCXB_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'data', 'wcxb-dev');

/** Ids of the pages with an HTML file, sorted; null when the data set is absent (callers skip with a message). */
export function listWcxbPages() {
  const dir = join(WCXB_DIR, 'html');
  if (!existsSync(dir)) return null;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html.gz'))
    .map((f) => f.slice(0, -'.html.gz'.length))
    .sort();
}

/** A page's HTML, decoded as UTF-8. */
export function readWcxbHtml(id) {
  return gunzipSync(readFileSync(join(WCXB_DIR, 'html', `${id}.html.gz`))).toString('utf8');
}

/** A page's ground-truth record (url, page type, main content), or null where the page has none. */
export function readWcxbTruth(id) {
  const file = join(WCXB_DIR, 'ground-truth', `${id}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}
