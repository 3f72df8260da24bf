// Two builds of core's parsePdf against each other and against raw MuPDF, interleaved in one process: per round each
// contender parses every corpus document in turn (order rotated each round), CPU time per page. A second import of
// the new build is the control (same vs same): the spread of its ratio is the noise of the machine.
//
// Run (build first): node benchmarks/pdf/speedVersus.mjs path/to/base/core/dist/index.js [rounds]
import { pathToFileURL } from 'node:url';
import { loadCorpus } from './corpus.mjs';
import { CONTENDERS } from './speed.mjs';

const basePath = process.argv[2];
const rounds = Number(process.argv[3] ?? 5);
const newUrl = new URL('../../packages/core/dist/index.js', import.meta.url).href;
const builds = {
  base: await import(pathToFileURL(basePath).href),
  new: await import(newUrl),
  control: await import(`${newUrl}?control`),
};
const options = { mode: 'fast', blocks: true, pageMarkers: true, pages: true };
const contenders = {
  ...Object.fromEntries(
    Object.entries(builds).map(([name, core]) => [
      name,
      async (doc) => (await core.parsePdf(doc.bytes, options)).numPages,
    ]),
  ),
  mupdf: CONTENDERS['raw MuPDF stext JSON'],
};
const corpus = loadCorpus();
const names = Object.keys(contenders);
for (const doc of corpus) for (const name of names) await contenders[name](doc);
const perRound = [];
for (let r = 0; r < rounds; r++) {
  const cpu = Object.fromEntries(names.map((n) => [n, 0]));
  const pages = Object.fromEntries(names.map((n) => [n, 0]));
  for (const doc of corpus)
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + r) % names.length];
      const before = process.cpuUsage();
      pages[name] += await contenders[name](doc);
      const used = process.cpuUsage(before);
      cpu[name] += (used.user + used.system) / 1000;
    }
  const rate = (n) => pages[n] / cpu[n];
  perRound.push({
    newVsBase: rate('new') / rate('base'),
    controlVsNew: rate('control') / rate('new'),
    newVsMupdf: rate('new') / rate('mupdf'),
    baseVsMupdf: rate('base') / rate('mupdf'),
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const key of Object.keys(perRound[0])) {
  const xs = perRound.map((p) => p[key]);
  console.log(`${key.padEnd(13)} median ${median(xs).toFixed(3)}  rounds ${xs.map((x) => x.toFixed(2)).join(' ')}`);
}
