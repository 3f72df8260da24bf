// Interact prompts end to end: an OpenAI-compatible stand-in on 127.0.0.1 answers with scripted tool_calls, and the
// service carries them out on a real Chromium page (standalone session and scrape session).
import Firecrawl from '@mendable/firecrawl-js';
import { createInteractSessions } from '@scrape/scraper/internal';
import { listenLocal, type LocalServer } from '@scrape/test-support';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  completion,
  lastToolResult,
  startOpenAiDouble,
  toolCallCompletion,
  type OpenAiDouble,
} from '@scrape/test-support/openAiDouble';
import { callApi as call, startService, TEST_KEY, type Service } from './startService.js';

let site: LocalServer;
let secret: LocalServer;
let llm: OpenAiDouble;
let svc: Service;
let bare: Service;
let guarded: Service;

const MAX_STEPS = 4;

beforeAll(async () => {
  site = await listenLocal((_req, res, path) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (path === '/search') {
      return res.end(`<!doctype html><title>Search</title><input id="q"><button id="go" onclick="
        document.getElementById('out').textContent = 'Results for ' + document.getElementById('q').value + ': 3 items'">go</button>
        <p id="out"></p>`);
    }
    res.end('<!doctype html><title>Shop home</title><h1>Welcome to the shop</h1><p>Opening hours: 9 to 5.</p>');
  });
  secret = await listenLocal((_req, res) => res.end('internal secret'));
  llm = await startOpenAiDouble();
  const model = { baseUrl: llm.baseUrl, model: 'test-model', retryBaseMs: 1, maxRetries: 0 };
  svc = await startService({
    interact: createInteractSessions({ allowPrivateUrls: true, llm: model, settings: { promptMaxSteps: MAX_STEPS } }),
  });
  bare = await startService({ interact: createInteractSessions({ allowPrivateUrls: true, llm: false }) });
  // The SSRF guard on: only the fixture site's port may be reached.
  guarded = await startService({
    interact: createInteractSessions({ allowAddress: (_a, port) => port === site.port, llm: model }),
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([svc?.close(), bare?.close(), guarded?.close()]);
  await Promise.all([site?.close(), secret?.close(), llm?.close()]);
});

beforeEach(() => llm.reset());

describe('a prompt on a standalone session', () => {
  it('the model navigates, types, clicks and reads through tool calls, then answers with what it read', async () => {
    llm.reply(
      toolCallCompletion([{ name: 'navigate', arguments: { url: `${site.origin}/search` } }]),
      toolCallCompletion([
        { name: 'type', arguments: { selector: '#q', text: 'red shoes' } },
        { name: 'click', arguments: { selector: '#go' } },
      ]),
      toolCallCompletion([
        { name: 'read_text', arguments: { selector: '#out' } },
        { name: 'screenshot', arguments: {} },
      ]),
      // The answer quotes what read_text really returned (the screenshot's result is last, so look one further back).
      (req) => {
        const tools = (req.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool');
        return completion(
          `I searched for red shoes. The page said: ${tools[tools.length - 2]!.content.split('\n').pop()}`,
        );
      },
    );
    const created = await call(svc, 'POST', '/v2/browser', {});
    const run = await call(svc, 'POST', `/v2/browser/${created.body.id}/execute`, {
      prompt: 'Search for red shoes and tell me how many results there are',
    });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      success: true,
      exitCode: 0,
      result: 'I searched for red shoes. The page said: Results for red shoes: 3 items',
    });
    expect(run.body.output).toBe(run.body.result);
    expect(run.body.actions.map((a: { tool: string; ok: boolean }) => `${a.tool}:${a.ok}`)).toEqual([
      'navigate:true',
      'type:true',
      'click:true',
      'read_text:true',
      'screenshot:true',
    ]);
    expect(run.body.stdout).toContain('navigate');
    expect(Buffer.from(run.body.screenshots[0], 'base64').subarray(1, 4).toString()).toBe('PNG');
    // The standard tools were offered, and the session page really moved: a code call sees the state the prompt left.
    expect(llm.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      'navigate',
      'click',
      'type',
      'read_text',
      'screenshot',
    ]);
    const after = await call(svc, 'POST', `/v2/browser/${created.body.id}/execute`, {
      code: `return page.inputValue('#q')`,
      language: 'node',
    });
    expect(after.body.result).toBe('red shoes');
    await call(svc, 'DELETE', `/v2/interact/${created.body.id}`);
  });

  it('a model that never stops is stopped after the configured steps, with the actions it took', async () => {
    llm.fallback(() => toolCallCompletion([{ name: 'read_text', arguments: {} }]));
    const created = await call(svc, 'POST', '/v2/browser', {});
    const run = await call(svc, 'POST', `/v2/browser/${created.body.id}/execute`, { prompt: 'Read forever' });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ success: false, code: 'INTERACT_PROMPT_STEP_LIMIT', exitCode: 1 });
    expect(run.body.error).toMatch(/did not finish within 4 steps/);
    expect(run.body.actions).toHaveLength(MAX_STEPS);
    expect(llm.requests).toHaveLength(MAX_STEPS);
    // The session is still usable.
    expect(
      String(
        (await call(svc, 'POST', `/v2/browser/${created.body.id}/execute`, { code: '1 + 1', language: 'node' })).body
          .result,
      ),
    ).toBe('2');
    await call(svc, 'DELETE', `/v2/browser/${created.body.id}`);
  });

  it('a prompt that outlives its timeout is reported killed', async () => {
    llm.fallback(() => ({ ...toolCallCompletion([{ name: 'read_text', arguments: {} }]), delayMs: 700 }));
    const created = await call(svc, 'POST', '/v2/browser', {});
    const run = await call(svc, 'POST', `/v2/browser/${created.body.id}/execute`, { prompt: 'Slowly', timeout: 1 });
    expect(run.body).toMatchObject({ success: false, killed: true, code: 'INTERACT_PROMPT_TIMEOUT' });
    await call(svc, 'DELETE', `/v2/browser/${created.body.id}`);
  });
});

describe('a prompt on a scrape session (the SDK interact call)', () => {
  it('continues the scraped page and answers from it', async () => {
    llm.reply(toolCallCompletion([{ name: 'read_text', arguments: { selector: 'p' } }]), (req) =>
      completion(`The shop says: ${lastToolResult(req).split('\n').pop()}`),
    );
    const scraped = await svc.scrape({ url: `${site.origin}/`, formats: ['markdown'] });
    const client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 });
    const run = await client.interact(scraped.body.data.metadata.scrapeId, { prompt: 'When is the shop open?' });
    expect(run).toMatchObject({ success: true, result: 'The shop says: Opening hours: 9 to 5.' });
    await call(svc, 'DELETE', `/v2/interact/${(run as { sessionId?: string }).sessionId}`);
  });
});

describe('without a model, and under the SSRF guard', () => {
  it('a prompt is the clear 400 naming the settings, and no session is opened for it', async () => {
    const scraped = await bare.scrape({ url: `${site.origin}/`, formats: ['markdown'] });
    const res = await call(bare, 'POST', `/v2/scrape/${scraped.body.data.metadata.scrapeId}/interact`, {
      prompt: 'click the button',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SCRAPE_LLM_NOT_CONFIGURED');
    expect(res.body.error).toMatch(/SCRAPE_LLM_BASE_URL/);
    expect((await call(bare, 'DELETE', `/v2/scrape/${scraped.body.data.metadata.scrapeId}/interact`)).status).toBe(404);
    const created = await call(bare, 'POST', '/v2/browser', {});
    const onBrowser = await call(bare, 'POST', `/v2/browser/${created.body.id}/execute`, { prompt: 'x' });
    expect(onBrowser.status).toBe(400);
    expect(onBrowser.body.code).toBe('SCRAPE_LLM_NOT_CONFIGURED');
    await call(bare, 'DELETE', `/v2/browser/${created.body.id}`);
  });

  it('navigate refuses a loopback address the guard does not allow, and the model is told so', async () => {
    llm.reply(
      toolCallCompletion([{ name: 'navigate', arguments: { url: `http://127.0.0.1:${secret.port}/` } }]),
      (req) => completion(`could not: ${lastToolResult(req)}`),
    );
    const created = await call(guarded, 'POST', '/v2/browser', {});
    const run = await call(guarded, 'POST', `/v2/browser/${created.body.id}/execute`, {
      prompt: 'open the admin page',
    });
    expect(run.body.success).toBe(true);
    expect(run.body.actions[0]).toMatchObject({ tool: 'navigate', ok: false });
    expect(run.body.result).toMatch(/could not: error: Forbidden/);
    expect(secret.hits).toHaveLength(0);
    await call(guarded, 'DELETE', `/v2/browser/${created.body.id}`);
  });
});
