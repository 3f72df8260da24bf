// Checks that a speed change kept processHtml's outputs byte-identical: dumps every dev page's outputs (html,
// markdown, links, metadata) from a build to a file, or compares a build against such a dump.
// Usage: node benchmarks/core-html/sameOutput.mjs dump <out.jsonl> [coreDistIndex.js] [--limit N]
//        node benchmarks/core-html/sameOutput.mjs compare <baseline.jsonl> [coreDistIndex.js] [--limit N]
// coreDistIndex.js defaults to this worktree's @scrape/core build (a copy of an old build can be passed instead).
import { createWriteStream, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { listPages, loadPage } from './lib.mjs';

const [mode, file, distArg] = process.argv.slice(2);
const limitArg = process.argv.indexOf('--limit');
const limit = limitArg === -1 ? Infinity : Number(process.argv[limitArg + 1]);
const core =
  distArg && !distArg.startsWith('--')
    ? await import(pathToFileURL(resolve(distArg)).href)
    : await import('@scrape/core');
const ids = listPages()?.slice(0, limit);
if (!ids || (mode !== 'dump' && mode !== 'compare') || !file) {
  console.error('usage: sameOutput.mjs dump|compare <file.jsonl> [coreDistIndex.js] [--limit N] (needs wcxb-dev)');
  process.exit(2);
}

/** One page's outputs for the default options and for the whole page (onlyMainContent: false). */
function outputsOf(id) {
  const page = loadPage(id);
  const run = (options) => {
    try {
      const r = core.processHtml({ body: page.html, url: page.url }, options);
      return { html: r.html, markdown: r.markdown, links: r.links, metadata: r.metadata };
    } catch (error) {
      return { error: String(error?.message ?? error) };
    }
  };
  return JSON.stringify({ id, main: run({}), whole: run({ onlyMainContent: false }) });
}

if (mode === 'dump') {
  const out = createWriteStream(file);
  for (const id of ids) out.write(`${outputsOf(id)}\n`);
  out.end();
  await new Promise((done) => out.on('finish', done));
  console.log(`dumped ${ids.length} pages to ${file}`);
} else {
  // JSON.stringify escapes \n, so lines are records (readline would also split on a bare \r inside a string).
  const baseline = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line) baseline.set(JSON.parse(line).id, line);
  }
  const differing = [];
  for (const id of ids) {
    const now = outputsOf(id);
    if (baseline.get(id) !== now) differing.push(id);
  }
  console.log(`${ids.length - differing.length}/${ids.length} pages identical`);
  if (differing.length) {
    console.log(`differing: ${differing.slice(0, 20).join(' ')}`);
    process.exit(1);
  }
}
