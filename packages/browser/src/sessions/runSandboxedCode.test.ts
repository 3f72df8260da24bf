import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionBrowser, runSandboxedCode, type SessionBrowser, type SessionPage } from '../../dist/index.js';
// Checks of the machine, not of the package's face: read from the sources.
import { sandboxHasNetworkIsolation } from './runSandboxedCode.js';
import { dispatchPageCall, PageCallError } from './dispatchPageCall.js';
import { sandboxMemoryGroupAvailable } from './sandboxMemoryCgroup.js';
import { html, startFixtureServer, type FixtureServer } from '../../test/fixtureServer.js';

let site: FixtureServer;
let browser: SessionBrowser;
let session: SessionPage;
let secret: Server;
let secretHits = 0;
let secretPort = 0;

beforeAll(async () => {
  site = await startFixtureServer({
    '/': html('<h1>start</h1><a id="next" href="/two">next</a>'),
    '/two': html(
      '<h1>second</h1><input id="q"><button id="go" onclick="document.querySelector(\'h1\').textContent = ' +
        "document.querySelector('#q').value\">go</button>",
    ),
  });
  // A loopback service the sandboxed code must not reach by itself.
  secret = createServer((socket) => {
    secretHits++;
    socket.end('secret');
  });
  await new Promise<void>((resolve) => secret.listen(0, '127.0.0.1', resolve));
  secretPort = (secret.address() as { port: number }).port;
  browser = createSessionBrowser();
  // The first open launches Chromium (seconds alone, over 30 s at load 30): a bound for a hang, not a speed test.
  session = await browser.open({ url: `${site.base}/`, timeout: 10_000 });
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  secret?.close();
});

const HEAVY_RUN_MS = 45_000;
const run = (code: string, timeoutMs = 10_000) => runSandboxedCode(code, session.page, session.context, timeoutMs);

describe('runSandboxedCode', () => {
  it('drives the page through the bridge: click, fill, locator, evaluate, console', async () => {
    const out = await run(`
      await page.click('#next');
      await page.waitForSelector('#q');
      await page.fill('#q', 'typed');
      await page.locator('#go').click();
      console.log('title', await page.title());
      const doubled = await page.evaluate((n) => n * 2, 21);
      return { h1: await page.textContent('h1'), url: page.url && (await page.url()), doubled };
    `);
    expect(out.error).toBeUndefined();
    expect(out.exitCode).toBe(0);
    expect(out.result).toEqual({ h1: 'typed', url: `${site.base}/two`, doubled: 42 });
    expect(out.stdout).toContain('title');
  });

  it('a method named like an Object.prototype member is no getter: refused as not available', async () => {
    for (const method of ['constructor', 'toString', '__proto__']) {
      for (const target of ['page', { locator: [{ selector: 'h1' }] }]) {
        const call = dispatchPageCall(session.page, session.context, target, method, ['h1'], 5_000);
        await expect(call).rejects.toThrow(PageCallError);
        await expect(call).rejects.toThrow(/not available in the sandbox/);
      }
    }
  });

  it('an expression is its own result; a thrown error is reported with exit code 1', async () => {
    expect((await run('await page.evaluate("1 + 2")')).result).toBe(3);
    const thrown = await run('throw new Error("boom")');
    expect(thrown.exitCode).toBe(1);
    expect(thrown.error).toContain('boom');
  });

  it('has no require, and escaping the vm reaches a process without file system or env', async () => {
    const req = await run('require("fs")');
    expect(req.error).toMatch(/require is not defined/);
    const escaped = await run(`
      const proc = this.constructor.constructor('return process')();
      let fsResult;
      try { fsResult = proc.getBuiltinModule('fs').readFileSync('/etc/hostname', 'utf8'); } catch (e) { fsResult = e.code; }
      return { env: proc.env, fsResult };
    `);
    expect(escaped.error).toBeUndefined();
    // bubblewrap always sets PWD (to the empty root); nothing of the server's environment is there.
    expect(escaped.result).toEqual({ env: { PWD: '/' }, fsResult: 'ERR_ACCESS_DENIED' });
  });

  it('process.exit() ends only the sandbox', async () => {
    const out = await run('this.constructor.constructor("return process")().exit(7)');
    expect(out.exitCode).toBe(7);
    expect(out.error).toMatch(/exited/);
    expect((await run('await page.title()')).exitCode).toBe(0);
  });

  it('an infinite loop is killed at the deadline', async () => {
    const started = Date.now();
    const out = await run('while (true) {}', 1_500);
    expect(out.killed).toBe(true);
    expect(out.error).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a memory bomb dies of its own heap limit', async () => {
    const out = await run('const a = []; while (true) a.push(new Array(1e6).fill(1));', 20_000);
    expect(out.killed).toBe(false);
    expect(out.exitCode).not.toBe(0);
    expect(out.error).toMatch(/memory|exited/);
  });

  it('cannot open connections itself (no network namespace / no fetch to loopback)', async () => {
    expect(sandboxHasNetworkIsolation()).toBe(true);
    const out = await run(`
      const proc = this.constructor.constructor('return process')();
      const net = proc.getBuiltinModule('net');
      return await new Promise((resolve) => {
        const s = net.connect(${secretPort}, '127.0.0.1');
        s.on('connect', () => resolve('connected'));
        s.on('error', (e) => resolve(e.code));
      });
    `);
    expect(out.result).not.toBe('connected');
    const viaFetch = await run(
      `try { await fetch('http://127.0.0.1:${secretPort}/'); return 'fetched'; } catch (e) { return String(e); }`,
    );
    expect(viaFetch.result).not.toBe('fetched');
    expect(secretHits).toBe(0);
  });

  it('cannot open file: or other local schemes, even without an SSRF guard', async () => {
    const direct = await run(`await page.goto('file:///etc/hostname')`);
    expect(direct.error).toMatch(/http\(s\) URLs only/);
    const viaPage = await run(
      `await page.evaluate(() => { location.href = 'file:///etc/hostname'; }); await page.waitForTimeout(500); ` +
        `return page.url()`,
    );
    expect(viaPage.result).not.toMatch(/^file:/);
  });

  it('a page call cannot outlive the run: its timeout option is clamped to the deadline', async () => {
    const started = Date.now();
    const out = await run(
      `try { await page.waitForSelector('#never', { timeout: 600000 }); } catch (e) { return 'gave up'; }`,
      1_500,
    );
    expect(out.result === 'gave up' || out.killed, JSON.stringify(out)).toBe(true);
    expect(Date.now() - started).toBeLessThan(4_000);
    // The next call is not stuck behind it.
    expect((await run('await page.title()')).exitCode).toBe(0);
  });

  it('caps output and result sizes', async () => {
    const out = await run(`for (let i = 0; i < 5000; i++) console.log('x'.repeat(100)); return 'y'.repeat(2_000_000)`);
    expect(out.truncated).toBe(true);
    expect(out.stdout.length).toBeLessThanOrEqual(64 * 1024);
    expect(out.result).toBeNull();
  });

  it('refuses calls outside the whitelist and file-system options', async () => {
    const out = await run(`await page.screenshot({ path: '/tmp/x.png' })`);
    expect(out.error).toMatch(/path/);
  });
});

describe('runSandboxedCode isolation (kernel)', () => {
  const sandboxEscape = `const proc = this.constructor.constructor('return process')();`;

  it('runs as its own unprivileged uid in its own PID namespace: the server is neither visible nor signalable', async () => {
    const out = await run(`${sandboxEscape}
      const fs = proc.getBuiltinModule('fs');
      let signal;
      try { proc.kill(${process.pid}, 'SIGSTOP'); signal = 'sent'; } catch (e) { signal = e.code; }
      let parent;
      try { proc.kill(proc.ppid, 0); parent = 'reachable'; } catch (e) { parent = e.code; }
      return { uid: proc.getuid(), gid: proc.getgid(), pid: proc.pid, ppid: proc.ppid, signal, parent };
    `);
    expect(out.error).toBeUndefined();
    const r = out.result as { uid: number; gid: number; pid: number; ppid: number; signal: string; parent: string };
    expect(r.uid).toBeGreaterThanOrEqual(2_000_000_000);
    expect(r.gid).toBe(r.uid);
    // PID 2 under bubblewrap's own init: the host's PIDs do not exist in here.
    expect(r.pid).toBeLessThan(10);
    expect(r.ppid).toBe(1);
    expect(r.signal).toBe('ESRCH');
    // The server is still running (a SIGSTOP would have frozen this test).
    expect((await run('await page.title()')).exitCode).toBe(0);
  });

  it('cannot reach a Unix socket of the host, nor create one', async () => {
    const net = await import('node:net');
    const { mkdtempSync, readdirSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = mkdtempSync('/tmp/sandbox-socket-');
    const path = join(dir, 'service.sock');
    let hits = 0;
    const unix = net.createServer((socket) => {
      hits++;
      socket.end('secret');
    });
    await new Promise<void>((resolve) => unix.listen(path, resolve));
    try {
      const out = await run(`${sandboxEscape}
        const net = proc.getBuiltinModule('net');
        const tryConnect = (p) => new Promise((resolve) => {
          const s = net.connect(p);
          s.on('connect', () => resolve('connected'));
          s.on('error', (e) => resolve(e.code));
        });
        const created = await new Promise((resolve) => {
          const server = net.createServer();
          server.on('error', (e) => resolve(e.code));
          server.listen(${JSON.stringify(join(dir, 'made.sock'))}, () => resolve('listening'));
        });
        return { host: await tryConnect(${JSON.stringify(path)}), created };
      `);
      expect(out.error).toBeUndefined();
      expect((out.result as { host: string }).host).not.toBe('connected');
      expect((out.result as { created: string }).created).not.toBe('listening');
      expect(hits).toBe(0);
      expect(readdirSync(dir)).toEqual(['service.sock']);
    } finally {
      unix.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sees an empty root and a /proc of its own processes only', async () => {
    const out = await run(`${sandboxEscape}
      const fs = proc.getBuiltinModule('fs');
      return { pids: fs.readdirSync('/proc').filter((n) => /^\\d+$/.test(n)), root: fs.readdirSync('/').sort() };
    `);
    // The permission model refuses even reads; with it gone, bubblewrap's root holds only /usr, /proc, /dev.
    expect(out.error ?? '').toMatch(/ERR_ACCESS_DENIED|permission|Access to this API/i);
  });

  it('a Buffer memory bomb (off the V8 heap) stops at the kernel memory limit', async () => {
    // Off-heap memory ignores --max-old-space-size (the reported attack held 2 GB); RLIMIT_DATA does not.
    const out = await run(
      `const a = []; let held = 0;
      try { for (;;) { a.push(new Uint8Array(16 * 1024 * 1024).fill(1)); held += 16; await new Promise((r) => setTimeout(r, 1)); } }
      catch (e) { return { held, error: String(e) }; }`,
      30_000,
    );
    expect(out.killed).toBe(false);
    if (out.exitCode === 0) {
      const r = out.result as { held: number; error: string };
      expect(r.error).toMatch(/allocation failed/i);
      expect(r.held).toBeLessThanOrEqual(256);
    } else {
      expect(out.error).toMatch(/memory|exited/);
    }
  });

  it('a message bigger than the channel cap ends the run while it arrives', async () => {
    const out = await run(
      `${sandboxEscape}
      const fs = proc.getBuiltinModule('fs');
      const chunk = proc.getBuiltinModule('buffer').Buffer.from('x'.repeat(1024 * 1024));
      // Straight onto the channel's descriptor, past the sandbox's own framing: 64 MB without a newline.
      for (let sent = 0; sent < 64 * chunk.length; ) {
        try { sent += fs.writeSync(3, chunk); } catch (e) { if (e.code !== 'EAGAIN') return e.code; await new Promise((r) => setTimeout(r, 1)); }
      }
      await new Promise((r) => setTimeout(r, 60000));
    `,
      30_000,
    );
    expect(out.killed).toBe(false);
    expect(out.truncated).toBe(true);
    expect(out.error).toMatch(/over 4194304 bytes/);
  });

  it('huge raw output from an escaped process stops the run', async () => {
    const out = await run(
      `${sandboxEscape} const big = 'y'.repeat(1024 * 1024); for (let i = 0; i < 64; i++) proc.stdout.write(big); ` +
        `await new Promise((r) => setTimeout(r, 60000));`,
      30_000,
    );
    expect(out.killed).toBe(false);
    expect(out.error).toMatch(/more than \d+ bytes of output/);
    expect(out.stdout.length).toBeLessThanOrEqual(64 * 1024);
  });

  // Megabytes through the page and back: seconds alone, tens of seconds at load 30; the runs' budgets are bounds
  // for a hang, and the assertions are on the cap's message.
  it('a page.evaluate result over the cap is refused inside the page', { timeout: 100_000 }, async () => {
    const out = await run(
      `return await page.evaluate(() => 'z'.repeat(5_000_000)).then(() => 'returned', (e) => e.message)`,
      HEAVY_RUN_MS,
    );
    expect(out.result).toMatch(/more than 1000000 characters/);
    const content = await run(
      `await page.evaluate(() => { document.body.insertAdjacentHTML('beforeend', '<p id=big>' + 'w'.repeat(3_000_000) + '</p>'); });
      const t = await page.content().then(() => 'returned', (e) => e.message);
      await page.evaluate(() => document.getElementById('big').remove());
      return t`,
      HEAVY_RUN_MS,
    );
    expect(content.result).toMatch(/more than 1000000 characters/);
  });

  it('the viewport is capped at 7680 px', async () => {
    const out = await run(`await page.setViewportSize({ width: 16000, height: 16000 })`);
    expect(out.error).toMatch(/7680/);
  });
});

describe('runSandboxedCode Playwright API', () => {
  it('pages, frames, getBy locators, $eval, evaluate with arguments, waitForFunction, keyboard', async () => {
    const out = await run(
      `
      await page.goto(${JSON.stringify(`${site.base}/two`)});
      await page.evaluate(() => {
        const f = document.createElement('iframe');
        f.name = 'inner';
        f.srcdoc = '<p id="in">inside the frame</p>';
        document.body.appendChild(f);
      });
      await page.waitForFunction(() => document.querySelector('iframe')?.contentDocument?.querySelector('#in'));
      await page.getByRole('textbox').fill('');
      await page.locator('#q').focus();
      await page.keyboard.type('keys');
      await page.getByText('go').click();
      const frame = page.frame('inner');
      return {
        pages: page.context().pages().length,
        url: page.url(),
        frames: page.frames().length,
        frameText: await frame.locator('#in').textContent(),
        viaFrameLocator: await page.frameLocator('iframe').locator('#in').innerText(),
        h1: await page.$eval('h1', (el, suffix) => el.textContent + suffix, '!'),
        sum: await page.evaluate(([a, b]) => a + b, [2, 3]),
        all: (await page.locator('h1, input').all()).length,
      };
    `,
      20_000,
    );
    expect(out.error).toBeUndefined();
    expect(out.result).toEqual({
      pages: 1,
      url: `${site.base}/two`,
      frames: 2,
      frameText: 'inside the frame',
      viaFrameLocator: 'inside the frame',
      h1: 'keys!',
      sum: 5,
      all: 2,
    });
  });

  it('responses have status(), url(), ok(); waitForResponse and waitForNavigation wait on real traffic', async () => {
    const out = await run(
      `
      const res = await page.goto(${JSON.stringify(`${site.base}/`)});
      const [waited] = await Promise.all([page.waitForResponse('**/two'), page.click('#next')]);
      const [nav] = await Promise.all([page.waitForNavigation(), page.goBack()]);
      return { status: res.status(), ok: res.ok(), url: res.url(), waited: waited.url(), back: page.url(), res };
    `,
      20_000,
    );
    expect(out.error).toBeUndefined();
    expect(out.result).toEqual({
      status: 200,
      ok: true,
      url: `${site.base}/`,
      waited: `${site.base}/two`,
      back: `${site.base}/`,
      res: { status: 200, url: `${site.base}/` },
    });
  });

  it('bash: echo works, and the page command acts on the page under the same isolation', async () => {
    const echo = await runSandboxedCode('echo ready', session.page, session.context, 10_000, { language: 'bash' });
    expect(echo.error).toBeUndefined();
    expect(echo.stdout).toBe('ready\n');
    const driven = await runSandboxedCode(
      `page goto ${site.base}/ && page title && page evaluate '1 + 2' && id -u && ls /`,
      session.page,
      session.context,
      20_000,
      { language: 'bash' },
    );
    expect(driven.error).toBeUndefined();
    const lines = driven.stdout.split('\n');
    expect(JSON.parse(lines[0])).toEqual({ status: 200, url: `${site.base}/` });
    expect(lines[1]).toBe('fixture');
    expect(lines[2]).toBe('3');
    expect(Number(lines[3])).toBeGreaterThanOrEqual(2_000_000_000);
    // bubblewrap's empty root: /usr read-only (with its /bin, /lib links), a private /proc and a minimal /dev, and
    // the Node.js binary bound read-only at its own path when it is not Debian's (Node 24 from .tools/).
    const rootEntries = ['bin', 'dev', 'lib', 'lib64', 'proc', 'sbin', 'usr'];
    if (!process.execPath.startsWith('/usr/')) rootEntries.push(process.execPath.split('/')[1]);
    expect(lines.slice(4).filter(Boolean).sort()).toEqual(expect.arrayContaining(['dev', 'proc', 'usr']));
    for (const entry of lines.slice(4).filter(Boolean)) expect(rootEntries).toContain(entry);
  });

  it.skipIf(!sandboxMemoryGroupAvailable())(
    "bash: many processes together stop at the run's memory cgroup (512 MB)",
    async () => {
      // Six processes of ~200 MB each (tail holds a newline-free stream whole), each under the per-process limit:
      // 1.2 GB together without the group.
      const code = 'for i in 1 2 3 4 5 6; do (head -c 200000000 /dev/zero | tail -n 1 | wc -c) & done; wait';
      const out = await runSandboxedCode(code, session.page, session.context, 30_000, { language: 'bash' });
      const finished = out.stdout.split('\n').filter((line) => line.trim() === '200000000').length;
      expect(finished).toBeLessThan(6);
    },
  );

  it('bash: a fork bomb hits the process limit and dies with the run', async () => {
    const out = await runSandboxedCode(':(){ :|:& };: ; sleep 1; echo survived', session.page, session.context, 5_000, {
      language: 'bash',
    });
    expect(out.stdout).not.toContain('survived\nsurvived');
    expect(
      (await runSandboxedCode('echo next', session.page, session.context, 10_000, { language: 'bash' })).stdout,
    ).toBe('next\n');
  });
});
