import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionBrowser, runSandboxedCode, sandboxHasNetworkIsolation, type SessionBrowser, type SessionPage } from '../../dist/index.js';
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
    '/two': html('<h1>second</h1><input id="q"><button id="go" onclick="document.querySelector(\'h1\').textContent = document.querySelector(\'#q\').value">go</button>'),
  });
  // A loopback service the sandboxed code must not reach by itself.
  secret = createServer((socket) => {
    secretHits++;
    socket.end('secret');
  });
  await new Promise<void>((resolve) => secret.listen(0, '127.0.0.1', resolve));
  secretPort = (secret.address() as { port: number }).port;
  browser = createSessionBrowser();
  session = await browser.open({ url: `${site.base}/`, timeout: 10_000 });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  secret?.close();
});

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
      return { env: Object.keys(proc.env).filter((k) => k !== 'NODE_CHANNEL_FD' && k !== 'NODE_CHANNEL_SERIALIZATION_MODE'), fsResult };
    `);
    expect(escaped.error).toBeUndefined();
    expect(escaped.result).toEqual({ env: [], fsResult: 'ERR_ACCESS_DENIED' });
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
    const viaFetch = await run(`try { await fetch('http://127.0.0.1:${secretPort}/'); return 'fetched'; } catch (e) { return String(e); }`);
    expect(viaFetch.result).not.toBe('fetched');
    expect(secretHits).toBe(0);
  });

  it('cannot open file: or other local schemes, even without an SSRF guard', async () => {
    const direct = await run(`await page.goto('file:///etc/hostname')`);
    expect(direct.error).toMatch(/http\(s\) URLs only/);
    const viaPage = await run(`await page.evaluate(() => { location.href = 'file:///etc/hostname'; }); await page.waitForTimeout(500); return page.url()`);
    expect(viaPage.result).not.toMatch(/^file:/);
  });

  it('a page call cannot outlive the run: its timeout option is clamped to the deadline', async () => {
    const started = Date.now();
    const out = await run(`try { await page.waitForSelector('#never', { timeout: 600000 }); } catch (e) { return 'gave up'; }`, 1_500);
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
