// Cost of running interact code in the sandbox process, against calling Playwright directly on the same page.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const browserPkg = new URL('../../packages/browser/', import.meta.url);
const { createBrowserPool, createSessionBrowser, runSandboxedCode } = await import(
  new URL('dist/index.js', browserPkg)
);

export async function startSite() {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(
      '<title>bench</title><ul>' +
        Array.from({ length: 20 }, (_, i) => `<li id="i${i}">item ${i}</li>`).join('') +
        '</ul>',
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), min: sorted[0] };
}

const TWENTY_CALLS =
  'const out = []; for (let i = 0; i < 20; i++) out.push(await page.textContent(`#i${i}`)); return out.length;';

/** Median/p95 per scenario over `iterations` runs on one open session page. */
export async function measure({ base, iterations }) {
  const browser = createSessionBrowser();
  const failures = [];
  const rows = [];
  try {
    const session = await browser.open({ url: `${base}/`, timeout: 15_000 });
    const time = async (name, fn, check) => {
      const times = [];
      for (let i = 0; i < iterations; i++) {
        const started = performance.now();
        const value = await fn();
        times.push(performance.now() - started);
        if (!check(value)) failures.push(`${name}: unexpected ${JSON.stringify(value)}`);
      }
      rows.push({ name, ...summary(times) });
    };
    await time(
      'direct Playwright: page.title()',
      () => session.page.title(),
      (v) => v === 'bench',
    );
    await time(
      'sandbox: await page.title()',
      () => runSandboxedCode('await page.title()', session.page, session.context, 10_000),
      (r) => r.result === 'bench',
    );
    await time(
      'direct Playwright: 20 textContent',
      async () => {
        let n = 0;
        for (let i = 0; i < 20; i++) if (await session.page.textContent(`#i${i}`)) n++;
        return n;
      },
      (v) => v === 20,
    );
    await time(
      'sandbox: 20 textContent',
      () => runSandboxedCode(TWENTY_CALLS, session.page, session.context, 10_000),
      (r) => r.result === 20,
    );
    await time(
      'sandbox: process.exit() contained',
      () =>
        runSandboxedCode(
          'this.constructor.constructor("return process")().exit(3)',
          session.page,
          session.context,
          10_000,
        ),
      (r) => r.exitCode === 3,
    );
  } finally {
    await browser.close();
  }
  return { rows, failures };
}

/**
 * Proportional memory (PSS, MB) of a process and all its descendants (Linux /proc). PSS splits shared pages among
 * the processes that map them, so the sum is not inflated by Chromium's shared libraries the way summed RSS is.
 */
function treePssMb(rootPid) {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const inTree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of rows) if (inTree.has(ppid) && !inTree.has(pid)) grew = inTree.add(pid) !== undefined;
  }
  let kb = 0;
  for (const pid of inTree) {
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return kb / 1024;
}

/**
 * How an interact session starts: adopting the scrape's kept render page (resume + first call) against re-opening
 * the scrape's URL in a fresh session context (the fallback), and what a kept page costs in Chromium memory.
 */
export async function measureKeep({ base, iterations, keepForMemory = 4 }) {
  const pool = createBrowserPool({ maxConcurrency: 2 });
  const browser = createSessionBrowser();
  const failures = [];
  const rows = [];
  const memory = {};
  const actions = [
    { type: 'click', selector: '#i3' },
    { type: 'executeJavascript', script: 'document.title = "acted"' },
  ];
  try {
    const adopt = [];
    const reopen = [];
    for (let i = 0; i < iterations; i++) {
      const kept = (await pool.render({ url: `${base}/`, timeout: 15_000, retain: true, actions })).retained;
      let started = performance.now();
      await kept.resume();
      const title = await kept.page.title();
      adopt.push(performance.now() - started);
      if (title !== 'acted') failures.push(`adopted page lost the actions' state: title ${JSON.stringify(title)}`);
      await kept.close();
      started = performance.now();
      const fresh = await browser.open({ url: `${base}/`, timeout: 15_000 });
      const freshTitle = await fresh.page.title();
      reopen.push(performance.now() - started);
      if (freshTitle !== 'bench') failures.push(`re-opened page: title ${JSON.stringify(freshTitle)}`);
      await fresh.close();
    }
    rows.push({ name: 'session start: adopt kept scrape page + title()', ...summary(adopt) });
    rows.push({ name: 'session start: re-open URL in new context + title()', ...summary(reopen) });

    // Memory: Chromium's whole process tree with no kept page, then with `keepForMemory` kept pages.
    await pool.render({ url: `${base}/`, timeout: 15_000 });
    const pid = pool.stats().pid;
    if (pid) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      memory.baseMb = treePssMb(pid);
      const pages = [];
      for (let i = 0; i < keepForMemory; i++)
        pages.push((await pool.render({ url: `${base}/?n=${i}`, timeout: 15_000, retain: true })).retained);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      memory.keptMb = treePssMb(pid);
      memory.kept = keepForMemory;
      memory.perPageMb = (memory.keptMb - memory.baseMb) / keepForMemory;
      if (pool.stats().retained !== keepForMemory)
        failures.push(`pool reports ${pool.stats().retained} kept pages, expected ${keepForMemory}`);
      await Promise.all(pages.map((p) => p.close()));
    }
  } finally {
    await browser.close();
    await pool.close();
  }
  return { rows, failures, memory };
}

export function printMemory(memory) {
  if (memory.baseMb === undefined) return console.log('\n(no Chromium pid: memory not measured)');
  console.log(
    `\nChromium PSS (whole process tree): ${memory.baseMb.toFixed(0)} MB with no kept page, ${memory.keptMb.toFixed(0)} MB with ${memory.kept} kept pages: ~${memory.perPageMb.toFixed(1)} MB per kept page (tiny fixture page; real pages weigh more)`,
  );
}

export function print(title, rows) {
  console.log(`\n${title}`);
  console.log('| scenario | median ms | p95 ms | min ms |');
  console.log('|---|---:|---:|---:|');
  for (const r of rows)
    console.log(`| ${r.name} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.min.toFixed(1)} |`);
}
