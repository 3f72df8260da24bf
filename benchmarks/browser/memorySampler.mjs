// Worker thread for measure.mjs: samples RSS/PSS of the Node process and of the Chromium process tree from /proc.
import { readFileSync, readdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const { rootPid, nodePid, everyMs } = workerData;

function memoryOf(pid) {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return {
      rssKb: Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0),
      pssKb: Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0),
    };
  } catch {
    return { rssKb: 0, pssKb: 0 };
  }
}

/** Every descendant of rootPid (renderers, GPU/utility processes, zygotes), found through /proc/<pid>/stat. */
function chromiumTree() {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  return [...parents.keys()].filter((pid) => {
    for (let p = pid, hops = 0; p && hops < 10; p = parents.get(p), hops++) if (p === rootPid) return true;
    return false;
  });
}

const peak = { nodeRssMb: 0, chromiumRssMb: 0, chromiumPssMb: 0, totalPssMb: 0, processes: 0 };
function sample() {
  const node = memoryOf(nodePid);
  const tree = rootPid ? chromiumTree() : [];
  let rss = 0;
  let pss = 0;
  for (const pid of tree) {
    const m = memoryOf(pid);
    rss += m.rssKb;
    pss += m.pssKb;
  }
  peak.nodeRssMb = Math.max(peak.nodeRssMb, node.rssKb / 1024);
  peak.chromiumRssMb = Math.max(peak.chromiumRssMb, rss / 1024);
  peak.chromiumPssMb = Math.max(peak.chromiumPssMb, pss / 1024);
  peak.totalPssMb = Math.max(peak.totalPssMb, (node.pssKb + pss) / 1024);
  peak.processes = Math.max(peak.processes, tree.length);
}

const timer = setInterval(sample, everyMs);
sample();
parentPort.on('message', () => {
  clearInterval(timer);
  sample();
  parentPort.postMessage(peak);
});
