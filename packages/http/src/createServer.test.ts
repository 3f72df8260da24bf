// Unit tests of the HTTP adapter alone. The scraper here is a scripted double so that the adapter's own duties
// (status mapping, auth, logs, abort, shutdown) can be driven into every branch, including failures the real
// scraper never produces on purpose (an unexpected throw). test/*.e2e.test.ts run the real scraper end to end.
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ScrapeError, errors, type ScrapeContext, type Scraper } from '@scrape/scraper';
import { ConfigError } from './config.js';
import { createServer, type CreateServerOptions } from './createServer.js';

type Behaviour = (body: unknown, ctx: ScrapeContext) => Promise<Record<string, unknown>>;

function scriptedScraper(behaviour: Behaviour) {
  const calls: { body: unknown; ctx: ScrapeContext }[] = [];
  const state = { closed: false, closedAt: 0 };
  // a double: only what these tests reach (the job, search and parse methods never are)
  const double: Pick<Scraper, 'scrape' | 'openapi' | 'artifacts' | 'ready' | 'close'> = {
    async scrape(body, ctx = {}) {
      calls.push({ body, ctx });
      return (await behaviour(body, ctx)) as Awaited<ReturnType<Scraper['scrape']>>;
    },
    openapi: () => ({ openapi: '3.1.0', info: { title: 'double' } }),
    artifacts: { getArtifact: async () => null, statArtifact: async () => null },
    async ready() {},
    async close() {
      state.closed = true;
      state.closedAt = Date.now();
    },
  };
  const scraper = double as Scraper;
  return { scraper, calls, state };
}

const okDoc = async (body: unknown) => ({
  markdown: '# hi',
  metadata: { sourceURL: (body as { url: string }).url, statusCode: 200, engine: 'fetch' },
});

function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

function build(behaviour: Behaviour = okDoc, options: CreateServerOptions = {}) {
  const double = scriptedScraper(behaviour);
  const logs = captureLogs();
  const app = createServer({ apiKeys: ['test-key-123'], logger: logs.logger, scraper: double.scraper, ...options });
  apps.push(app);
  return { app, ...double, logs };
}

const auth = { authorization: 'Bearer test-key-123' };

/** POST /v2/scrape through `inject`, with the test key unless other headers are named. */
const scrapeVia = (
  app: ReturnType<typeof build>['app'],
  payload: Record<string, unknown> = { url: 'https://example.com' },
  headers: Record<string, string> = auth,
) => app.inject({ method: 'POST', url: '/v2/scrape', headers, payload });

describe('createServer routes', () => {
  it('GET /health needs no key and reports the package version', async () => {
    const { app } = build();
    const res = await app.inject({ method: 'GET', url: '/health' });
    const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, version });
  });

  it('GET /v2/openapi.json lists every route the server answers, the interact routes included', async () => {
    const { app } = build();
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/v2/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(app.undocumentedRoutes()).toEqual([]);
    const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(app.openapi.operations().sort());
    expect(listed).toEqual(
      expect.arrayContaining([
        'POST /v2/scrape',
        'GET /v2/openapi.json',
        'GET /health',
        'GET /v2/artifacts/{id}',
        'POST /v2/scrape/{scrapeId}/interact',
        'DELETE /v2/scrape/{scrapeId}/interact',
        'DELETE /v2/interact/{sessionId}',
      ]),
    );
    expect(doc.paths['/v2/scrape/{scrapeId}/interact'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/InteractRequest',
    );
    expect(doc.components.schemas.InteractResponse.properties.sessionId).toEqual({ type: 'string' });
    expect(doc.paths['/health'].get.security).toEqual([]);
  });

  it('a route added without its OpenAPI entry is reported, so the document cannot silently fall behind', async () => {
    const { app } = build();
    app.get('/v2/undocumented/:id', async () => ({}));
    expect(app.undocumentedRoutes()).toEqual(['GET /v2/undocumented/{id}']);
    app.openapi.add({
      method: 'get',
      path: '/v2/undocumented/:id',
      operationId: 'x',
      summary: 'x',
      responses: { '200': { description: 'x' } },
    });
    expect(app.undocumentedRoutes()).toEqual([]);
  });

  it('POST /v2/scrape wraps the document and passes the team and a signal', async () => {
    const { app, calls } = build();
    const res = await scrapeVia(app, { url: 'https://example.com/a' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { markdown: '# hi', metadata: { sourceURL: 'https://example.com/a', statusCode: 200, engine: 'fetch' } },
    });
    expect(calls[0].body).toEqual({ url: 'https://example.com/a' });
    expect(calls[0].ctx.team).toMatch(/^key_/);
    expect(calls[0].ctx.signal).toBeInstanceOf(AbortSignal);
  });

  it('answers a ScrapeError with its status, body and headers', async () => {
    const { app } = build(async () => {
      throw errors.rateLimited(7);
    });
    const res = await scrapeVia(app);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({ success: false, error: 'Rate limit exceeded', code: 'RATE_LIMIT_EXCEEDED' });

    const { app: app2 } = build(async () => {
      throw errors.badRequest('Bad Request', [{ path: ['timeout'], message: 'too small' }]);
    });
    const res2 = await scrapeVia(app2, { url: 'https://example.com', timeout: 1 });
    expect(res2.statusCode).toBe(400);
    expect(res2.json()).toEqual({
      success: false,
      error: 'Bad Request',
      code: 'BAD_REQUEST',
      details: [{ path: ['timeout'], message: 'too small' }],
    });
  });

  it('turns an unexpected throw into a bare 500 UNKNOWN_ERROR and logs the stack, not the body', async () => {
    const { app, logs } = build(async () => {
      throw new TypeError('secret internal detail');
    });
    const res = await scrapeVia(app);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, error: 'Internal Server Error', code: 'UNKNOWN_ERROR' });
    expect(res.body).not.toContain('secret');
    const logged = logs.lines.find((l) => l.msg === 'unexpected error') as { err?: { stack?: string } };
    expect(logged?.err?.stack).toContain('secret internal detail');
  });

  it('a ScrapeError with a status outside 4xx/5xx is a 500', async () => {
    const { app } = build(async () => {
      throw new ScrapeError({ status: 302, error: 'weird' });
    });
    const res = await scrapeVia(app);
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('UNKNOWN_ERROR');
  });

  it('a permanent target failure (status 200) is answered 200 with success false and its code', async () => {
    const { app } = build(async () => {
      throw errors.dnsResolution('no-such-host.invalid', 'ENOTFOUND');
    });
    const res = await scrapeVia(app, { url: 'https://no-such-host.invalid' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'SCRAPE_DNS_RESOLUTION_ERROR',
      error: 'DNS resolution failed for no-such-host.invalid',
    });
  });
});

describe('createServer body handling', () => {
  const post = (app: ReturnType<typeof build>['app'], payload: string | Buffer, contentType?: string) =>
    app.inject({
      method: 'POST',
      url: '/v2/scrape',
      headers: { ...auth, ...(contentType ? { 'content-type': contentType } : {}) },
      payload,
    });

  it('malformed JSON is a 400 Bad Request that never reaches the scraper', async () => {
    const { app, calls } = build();
    for (const payload of ['{"url":', '{url: "x"}', '[1,2', 'nul']) {
      const res = await post(app, payload, 'application/json');
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST_INVALID_JSON' });
    }
    expect(calls).toHaveLength(0);
  });

  // Through real HTTP: Fastify's own parser answered these "Body is not valid JSON", which named neither the key
  // nor that the JSON itself was fine.
  it('a prototype-poisoning key is a 400 naming the key and where it is, over HTTP', async () => {
    const { app, calls } = build();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const send = async (body: string) => {
      const res = await fetch(`${origin}/v2/scrape`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      });
      return { status: res.status, body: await res.json() };
    };
    const cases = [
      ['{"url":"https://example.com","__proto__":{"x":1}}', ['__proto__'], '__proto__: the key "__proto__"'],
      ['{"url":"https://example.com","mobile":[{"a":{"__proto__":false}}]}', ['mobile', 0, 'a', '__proto__'], ''],
      ['{"url":"https://example.com","\\u005f_proto__":1}', ['__proto__'], ''],
      [
        '{"url":"https://example.com","headers":{"constructor":{"prototype":{}}}}',
        ['headers', 'constructor', 'prototype'],
        'headers.constructor.prototype: the key "constructor" holding "prototype" is not allowed',
      ],
    ] as const;
    for (const [text, path, says] of cases) {
      const { status, body } = await send(text);
      expect(status, text).toBe(400);
      expect(body, text).toMatchObject({ success: false, code: 'BAD_REQUEST_FORBIDDEN_KEY' });
      expect(body.error, text).toMatch(/^Bad Request: .*not allowed/);
      expect(body.error, text).toContain(says);
      expect(body.details, text).toEqual([{ code: 'forbidden_key', path, message: expect.any(String) }]);
    }
    // Invalid JSON keeps its own code, now with the parser's reason; a `constructor` without `prototype` is fine.
    const bad = await send('{"url":"https://example.com",}');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST_INVALID_JSON' });
    expect(bad.body.details.message).toMatch(/^The body is not valid JSON: .*position 29/);
    expect(calls).toHaveLength(0);
    const fine = await send('{"url":"https://example.com","headers":{"constructor":"x"}}');
    expect(fine.status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('an empty JSON body is a 400', async () => {
    const { app } = build();
    const res = await post(app, '', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bad Request');
  });

  it('a non-JSON content type is a 415 saying what to send', async () => {
    const { app } = build();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await post(app, 'url=https://example.com', type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'Unsupported Media Type',
        details: { message: expect.stringContaining('application/json') },
      });
    }
  });

  it('a body over 10 MB is a 413 Payload Too Large', async () => {
    const { app, calls } = build();
    const big = JSON.stringify({ url: 'https://example.com', headers: { x: 'a'.repeat(10 * 1024 * 1024) } });
    const res = await post(app, big, 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, error: 'Payload Too Large' });
    expect(calls).toHaveLength(0);
  });

  it('JSON with a charset parameter is accepted', async () => {
    const { app } = build();
    const res = await post(app, '{"url":"https://example.com"}', 'application/json; charset=utf-8');
    expect(res.statusCode).toBe(200);
  });

  it('unknown paths and methods are 404 Not Found in the error shape', async () => {
    const { app } = build();
    for (const [method, url] of [
      ['GET', '/nope'],
      ['GET', '/v2/scrape'],
      ['POST', '/v1/scrape'],
      ['DELETE', '/v2/scrape'],
    ] as const) {
      const res = await app.inject({ method, url, headers: auth });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        error: `Not Found: no route ${method} ${url}`,
        code: 'ROUTE_NOT_FOUND',
      });
    }
  });

  it('every error body has a code, even for errors raised without one', async () => {
    const { app } = build(async () => {
      throw new ScrapeError({ status: 418, error: 'Teapot' });
    });
    const res = await scrapeVia(app);
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ success: false, error: 'Teapot', code: 'I_M_A_TEAPOT' });
    const tooLarge = await post(
      app,
      JSON.stringify({ url: 'https://example.com', headers: { x: 'a'.repeat(10 * 1024 * 1024) } }),
      'application/json',
    );
    expect(tooLarge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a DELETE with Content-Type: application/json and no body reaches its route (the CLI stops sessions so)', async () => {
    const { app } = build();
    const res = await app.inject({
      method: 'DELETE',
      url: '/v2/interact/no-such-session',
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toEqual(expect.any(String));
    expect(res.json().code).not.toBe('BAD_REQUEST_INVALID_JSON');
    const scrapeSession = await app.inject({
      method: 'DELETE',
      url: '/v2/scrape/no-such-scrape/interact',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(scrapeSession.statusCode).toBe(404);
    // A POST still needs its body.
    expect((await post(app, '', 'application/json')).json().code).toBe('BAD_REQUEST_INVALID_JSON');
  });
});

describe('createServer auth', () => {
  it.each([
    ['no header', {}],
    ['unknown key', { authorization: 'Bearer wrong-key' }],
    ['malformed header', { authorization: 'test-key-123' }],
    ['basic scheme', { authorization: 'Basic dGVzdA==' }],
  ])('%s is a 401 Unauthorized: Invalid token', async (_name, headers) => {
    const { app, calls } = build();
    const res = await scrapeVia(app, { url: 'https://example.com' }, headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'Unauthorized: Invalid token', code: 'UNAUTHORIZED' });
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(calls).toHaveLength(0);
  });

  it('keyless mode works on loopback and is refused elsewhere at creation', async () => {
    const double = scriptedScraper(okDoc);
    const { logger, lines } = captureLogs();
    const app = createServer({ host: '127.0.0.1', logger, scraper: double.scraper });
    apps.push(app);
    expect(lines.some((l) => l.level === 40 && String(l.msg).includes('authentication is OFF'))).toBe(true);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/v2/scrape`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com' }),
    });
    expect(res.status).toBe(200);
    expect(double.calls[0].ctx.team).toBeUndefined();

    expect(() => createServer({ host: '0.0.0.0', scraper: double.scraper })).toThrow(ConfigError);
    expect(() => createServer({ host: '192.168.1.10', apiKeys: [], scraper: double.scraper })).toThrow(
      /refusing to start/,
    );
  });
});

describe('createServer start-up', () => {
  it("fails to become ready when the scraper's stores cannot open", async () => {
    const double = scriptedScraper(okDoc);
    const scraper = {
      ...double.scraper,
      ready: async () => {
        throw errors.unavailable('Service Unavailable', { reason: 'redis unreachable' });
      },
    };
    const app = createServer({ apiKeys: ['k'], logLevel: 'silent', scraper });
    apps.push(app);
    await expect(app.listen({ host: '127.0.0.1', port: 0 })).rejects.toMatchObject({ status: 503 });
  });
});

describe('createServer keyless guard', () => {
  // A keyless server bound to a wildcard by mistake (listen() given another host than createServer) must still
  // refuse callers that did not come in over loopback. Needs a non-loopback interface on this machine.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  it.skipIf(!external)(
    `refuses a request that arrives on a non-loopback address (${external ?? 'none on this machine'})`,
    async () => {
      const double = scriptedScraper(okDoc);
      const app = createServer({ host: '127.0.0.1', logLevel: 'silent', scraper: double.scraper });
      apps.push(app);
      await app.listen({ host: '0.0.0.0', port: 0 });
      const port = (app.server.address() as { port: number }).port;
      const init = {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://example.com' }),
      };
      const outside = await fetch(`http://${external}:${port}/v2/scrape`, init);
      expect(outside.status).toBe(401);
      expect(await outside.json()).toEqual({
        success: false,
        error: 'Unauthorized: Invalid token',
        code: 'UNAUTHORIZED',
      });
      const inside = await fetch(`http://127.0.0.1:${port}/v2/scrape`, init);
      expect(inside.status).toBe(200);
      expect(double.calls).toHaveLength(1);
    },
  );
});

describe('createServer logs and request ids', () => {
  it('echoes a safe x-request-id and mints one otherwise', async () => {
    const { app } = build();
    const a = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'trace-42' } });
    expect(a.headers['x-request-id']).toBe('trace-42');
    const b = await app.inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one scrape line with host, status, duration and engine, and never the body or key', async () => {
    const { app, logs } = build();
    await scrapeVia(
      app,
      { url: 'https://docs.example.com/private/path?token=SECRET1', headers: { cookie: 'SECRET2' } },
      { ...auth, 'x-request-id': 'req-7' },
    );
    const scrapeLines = logs.lines.filter((l) => l.msg === 'scrape');
    expect(scrapeLines).toHaveLength(1);
    expect(scrapeLines[0]).toMatchObject({
      reqId: 'req-7',
      host: 'docs.example.com',
      status: 200,
      engine: 'fetch',
      pageStatus: 200,
    });
    expect(typeof scrapeLines[0].durationMs).toBe('number');
    const all = JSON.stringify(logs.lines);
    expect(all).not.toContain('SECRET');
    expect(all).not.toContain('test-key-123');
  });

  it('leaves the host out for zeroDataRetention and lockdown requests', async () => {
    const { app, logs } = build();
    for (const extra of [{ zeroDataRetention: true }, { lockdown: true }]) {
      await scrapeVia(app, { url: 'https://private-target.example/x', ...extra });
    }
    const lines = logs.lines.filter((l) => l.msg === 'scrape');
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(logs.lines)).not.toContain('private-target');
  });

  it('logs failed scrapes with status and code', async () => {
    const { app, logs } = build(async () => {
      throw errors.timeout();
    });
    await scrapeVia(app, { url: 'http://slow.example/' });
    expect(logs.lines.find((l) => l.msg === 'scrape')).toMatchObject({
      host: 'slow.example',
      status: 408,
      code: 'SCRAPE_TIMEOUT',
    });
  });
});

/** POSTs over a real socket so that disconnects and shutdown behave as in production. */
function rawPost(port: number, body: object): { done: Promise<{ status: number; json: unknown }>; destroy(): void } {
  let req!: ReturnType<typeof httpRequest>;
  const done = new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v2/scrape',
        headers: { ...auth, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
  return { done, destroy: () => req.destroy() };
}

function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () =>
      check() ? resolve() : Date.now() - start > ms ? reject(new Error('waitFor timed out')) : setTimeout(tick, 10);
    tick();
  });
}

/** A scrape that runs until released or aborted, like a slow page. */
function controllableScrape() {
  const releases: (() => void)[] = [];
  const aborted: unknown[] = [];
  const behaviour: Behaviour = (body, ctx) =>
    new Promise((resolve, reject) => {
      releases.push(() =>
        resolve({ markdown: 'late', metadata: { sourceURL: (body as { url: string }).url, statusCode: 200 } }),
      );
      ctx.signal?.addEventListener('abort', () => {
        aborted.push(ctx.signal?.reason);
        reject(errors.timeout());
      });
    });
  return { behaviour, releases, aborted };
}

describe('createServer cancellation and shutdown', () => {
  it('aborts the scrape when the client disconnects', async () => {
    const ctl = controllableScrape();
    const { app, logs } = build(ctl.behaviour);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const call = rawPost(port, { url: 'https://example.com/slow' });
    call.done.catch(() => undefined);
    await waitFor(() => ctl.releases.length === 1);
    expect(app.inFlightScrapes()).toBe(1);
    call.destroy();
    await waitFor(() => ctl.aborted.length === 1);
    await waitFor(() => app.inFlightScrapes() === 0);
    await waitFor(() => logs.lines.some((l) => String(l.msg).includes('client disconnected')));
  });

  it('close() lets in-flight scrapes finish, refuses new connections, then closes the scraper', async () => {
    const ctl = controllableScrape();
    const { app, state } = build(ctl.behaviour);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const call = rawPost(port, { url: 'https://example.com/slow' });
    await waitFor(() => ctl.releases.length === 1);

    // Start a second request and hold back the end of its headers until the server is closing.
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((r) => setTimeout(r, 50));
    let raw = '';
    socket.on('data', (c) => (raw += c));
    const lateRequest = new Promise<string>((resolve) => socket.on('close', () => resolve(raw)));
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 50));
    socket.write('\r\n');
    await new Promise((r) => setTimeout(r, 100));
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    // A request that still gets in while draining (its headers were under way when close began) is a 503 in our shape.
    const late = await lateRequest;
    expect(late).toMatch(/^HTTP\/1.1 503/);
    expect(late).toMatch(/retry-after: 1/i);
    expect(late).toContain('"error":"Service Unavailable"');
    expect(state.closed).toBe(false);

    ctl.releases[0]();
    const res = await call.done;
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, data: { markdown: 'late' } });
    await closing;
    expect(ctl.aborted).toHaveLength(0);
    // The server did not create this scraper, so it does not close it; the owner does.
    expect(state.closed).toBe(false);
  });

  it('abortInFlightScrapes answers running scrapes with 503', async () => {
    // The scraper rejects with a plain error on abort; the server answers 503 since the abort was its own doing.
    const started: number[] = [];
    const { app } = build(
      (_body, ctx) =>
        new Promise((_resolve, reject) => {
          started.push(Date.now());
          ctx.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const call = rawPost(port, { url: 'https://example.com/slow' });
    await waitFor(() => started.length === 1);
    expect(app.abortInFlightScrapes('test')).toBe(1);
    const res = await call.done;
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ success: false, error: 'Service Unavailable' });
  });
});
