// Child process: how much slower linkedom as published parses the same pages than our patched copy. It runs apart
// from the main timing because loading a second copy of linkedom in one process makes their shared callers
// (htmlparser2) polymorphic, which slowed every other contender by 5-10% in a measured run.
// Usage: node stockFactor.mjs <page id>... ; prints one JSON line.
import { parseHTML } from 'linkedom';
import { loadPage } from './lib.mjs';
import { loadStockLinkedom } from './stockLinkedom.mjs';

const stock = await loadStockLinkedom();
if (!stock.parseHTML) {
  console.log(JSON.stringify({ skipped: stock.reason }));
  process.exit(0);
}
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const ids = process.argv.slice(2);
const contenders = { patched: parseHTML, stock: stock.parseHTML };
const totals = { patched: 0, stock: 0 };
for (const id of ids.slice(0, 20)) for (const parse of Object.values(contenders)) parse(loadPage(id).html);
ids.forEach((id, index) => {
  const { html } = loadPage(id);
  const order = index % 2 === 0 ? ['patched', 'stock'] : ['stock', 'patched'];
  for (const name of order) {
    const start = cpuMs();
    contenders[name](html);
    totals[name] += cpuMs() - start;
  }
});
console.log(
  JSON.stringify({
    pages: ids.length,
    patchedCpuMsPerPage: totals.patched / ids.length,
    stockCpuMsPerPage: totals.stock / ids.length,
  }),
);
