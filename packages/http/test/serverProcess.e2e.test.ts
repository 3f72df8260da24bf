// The `scrape-server` bin as an operator runs it: configuration from the environment, startup refusals,
// structured logs, and a graceful SIGTERM while a scrape is in flight.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from './fixtureSite.js';
import { spawnServer, type SpawnedServer } from './serverProcesses.js';

type Running = SpawnedServer;
const run = spawnServer;

async function waitForLog(r: Running, predicate: (line: Record<string, any>) => boolean, ms = 90_000) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const hit = r.logs.find(predicate);
    if (hit) return hit;
    if (r.child.exitCode !== null)
      throw new Error(`server exited (${r.child.exitCode}): ${r.stderr()} ${JSON.stringify(r.logs)}`);
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error(`log line not seen within ${ms} ms: ${JSON.stringify(r.logs).slice(0, 2000)}`);
}

let site: FixtureSite;
let dataDir: string;
beforeAll(async () => {
  site = await startFixtureSite();
  dataDir = mkdtempSync(join(tmpdir(), 'scrape-bin-data-'));
});
afterAll(async () => {
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Bounds are generous: a loaded 2-core machine starts a server ten times slower; they only cost time on failure.
describe('scrape-server bin', { timeout: 180_000 }, () => {
  it('refuses to start keyless on a non-loopback address, with a clear message', async () => {
    const r = run({ HOST: '0.0.0.0', PORT: '0', SCRAPE_DATA_DIR: dataDir });
    expect(await r.exited).toBe(1);
    expect(r.stderr()).toMatch(/refusing to start an unauthenticated service/);
    expect(r.stderr()).toMatch(/SCRAPE_API_KEYS/);
  });

  it('reports every bad variable at once and exits 1', async () => {
    const r = run({
      PORT: 'eighty',
      LOG_LEVEL: 'chatty',
      SCRAPE_ALLOW_PRIVATE_URLS: 'perhaps',
      SCRAPE_API_KEYS_FILE: '/nonexistent/keys',
      // Read deep in the libraries before the one schema, and silently ignored when malformed.
      SCRAPE_LLM_TIMEOUT_MS: 'soon',
      SCRAPE_INTERACT_MAX_TOTAL: 'lots',
    });
    expect(await r.exited).toBe(1);
    const names = [
      'PORT',
      'LOG_LEVEL',
      'SCRAPE_ALLOW_PRIVATE_URLS',
      'SCRAPE_API_KEYS_FILE',
      'SCRAPE_LLM_TIMEOUT_MS',
      'SCRAPE_INTERACT_MAX_TOTAL',
    ];
    for (const name of names) expect(r.stderr()).toContain(name);
    expect(r.stderr().match(/^  - /gm)).toHaveLength(names.length);
  });

  it('refuses to start when the stores cannot open (unreachable Redis), saying why', async () => {
    const r = run({ HOST: '127.0.0.1', PORT: '0', REDIS_URL: 'redis://127.0.0.1:1' });
    expect(await r.exited).toBe(1);
    const fatal = r.logs.find((l) => l.level === 60);
    expect(fatal?.msg).toMatch(/^cannot start: /);
    expect(JSON.stringify(fatal)).toMatch(/redis|ECONNREFUSED|unavailable/i);
  }, 60_000);

  it('keyless on loopback: starts, warns that auth is off and about unknown variables, serves /health', async () => {
    const r = run({ HOST: '127.0.0.1', PORT: '0', SCRAPE_DATA_DIR: dataDir, SCRAPE_JOB_WORKER: '2' });
    try {
      await waitForLog(r, (l) => l.msg === 'scrape-server listening');
      expect(r.logs.some((l) => l.level === 40 && /authentication is OFF/.test(l.msg))).toBe(true);
      const typo = r.logs.find((l) => l.level === 40 && /unknown SCRAPE_\* variables/.test(l.msg));
      expect(typo?.variables).toEqual(['SCRAPE_JOB_WORKER']);
      const listening = r.logs.find((l) => l.msg === 'scrape-server listening')!;
      const address = listening.addresses[0];
      const res = await fetch(`http://127.0.0.1:${address.port}/health`);
      expect(res.status).toBe(200);
    } finally {
      r.child.kill('SIGTERM');
      expect(await r.exited).toBe(0);
    }
  });

  it('SIGTERM lets an in-flight scrape finish, logs it, closes and exits 0', async () => {
    const r = run({
      HOST: '127.0.0.1',
      PORT: '0',
      SCRAPE_API_KEYS: 'proc-key-1,proc-key-2',
      SCRAPE_ALLOW_PRIVATE_URLS: '1',
      SCRAPE_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SCRAPE_METRICS_TOKEN: 'proc-metrics-token',
    });
    const listening = await waitForLog(r, (l) => l.msg === 'scrape-server listening');
    expect(listening.auth).toMatch(/^on \(2 key/);
    expect(JSON.stringify(r.logs)).not.toContain('proc-key-1');
    const base = `http://127.0.0.1:${listening.addresses[0].port}`;
    // SCRAPE_METRICS_TOKEN reaches the server through the configuration (createServer reads no environment).
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer proc-metrics-token' } });
    expect(metrics.status).toBe(200);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);

    const inFlight = fetch(`${base}/v2/scrape`, {
      method: 'POST',
      headers: { authorization: 'Bearer proc-key-2', 'content-type': 'application/json', 'x-request-id': 'drain-1' },
      body: JSON.stringify({
        url: site.url('/articles/slow-tide?ms=1500&proc=1'),
        formats: ['markdown'],
        timeout: 20_000,
      }),
    });
    // Let the scrape reach the slow page before the signal.
    const start = Date.now();
    while (site.hits('/articles/slow-tide') === 0 && Date.now() - start < 60_000)
      await new Promise((res) => setTimeout(res, 20));
    r.child.kill('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('drain-1');
    const body = await res.json();
    expect(body.data.markdown).toContain('Marine growth on the blades');
    expect(await r.exited).toBe(0);

    const scrapeLine = r.logs.find((l) => l.msg === 'scrape');
    expect(scrapeLine).toMatchObject({
      reqId: 'drain-1',
      host: new URL(site.origin).host,
      status: 200,
      engine: 'fetch',
      pageStatus: 200,
    });
    expect(typeof scrapeLine!.durationMs).toBe('number');
    expect(scrapeLine!.durationMs).toBeGreaterThanOrEqual(1000);
    expect(r.logs.some((l) => l.msg?.startsWith('shutting down'))).toBe(true);
    expect(r.logs.some((l) => l.msg === 'shutdown complete')).toBe(true);
    // Never the page, the body or a key in the logs.
    const all = JSON.stringify(r.logs);
    expect(all).not.toContain('Marine growth');
    expect(all).not.toContain('proc-key-2');
  });
});
