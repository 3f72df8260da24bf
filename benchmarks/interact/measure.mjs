// Cost of running interact code in the sandbox process, against calling Playwright directly on the same page.
import { createServer } from 'node:http';

const browserPkg = new URL('../../packages/browser/', import.meta.url);
const { createSessionBrowser, runSandboxedCode } = await import(new URL('dist/index.js', browserPkg));

export async function startSite() {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<title>bench</title><ul>' + Array.from({ length: 20 }, (_, i) => `<li id="i${i}">item ${i}</li>`).join('') + '</ul>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

export function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), min: sorted[0] };
}

const TWENTY_CALLS = 'const out = []; for (let i = 0; i < 20; i++) out.push(await page.textContent(`#i${i}`)); return out.length;';

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
    await time('direct Playwright: page.title()', () => session.page.title(), (v) => v === 'bench');
    await time('sandbox: await page.title()', () => runSandboxedCode('await page.title()', session.page, session.context, 10_000), (r) => r.result === 'bench');
    await time('direct Playwright: 20 textContent', async () => {
      let n = 0;
      for (let i = 0; i < 20; i++) if (await session.page.textContent(`#i${i}`)) n++;
      return n;
    }, (v) => v === 20);
    await time('sandbox: 20 textContent', () => runSandboxedCode(TWENTY_CALLS, session.page, session.context, 10_000), (r) => r.result === 20);
    await time('sandbox: process.exit() contained', () => runSandboxedCode('this.constructor.constructor("return process")().exit(3)', session.page, session.context, 10_000), (r) => r.exitCode === 3);
  } finally {
    await browser.close();
  }
  return { rows, failures };
}

export function print(title, rows) {
  console.log(`\n${title}`);
  console.log('| scenario | median ms | p95 ms | min ms |');
  console.log('|---|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.min.toFixed(1)} |`);
}
