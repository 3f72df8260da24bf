// The agent loop as a unit: a real scraper (HTTP engine) against fixture pages on 127.0.0.1, and an OpenAI-compatible
// stand-in answering with scripted tool_calls.
import { listenLocal, type LocalServer } from '@scrape/test-support';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  completion,
  lastToolResult,
  startOpenAiDouble,
  toolCallCompletion,
  type OpenAiDouble,
} from '@scrape/test-support/openAiDouble';
import { createScraper, type Scraper } from '../createScraper.js';
import { createLlmClient } from '../llm/createLlmClient.js';
import type { AgentTraceEvent, AgentTraceSink } from './agentTrace.js';
import { createAgentTools } from './agentTools.js';
import type { AgentJobInput } from './agentTypes.js';
import { runAgentJob } from './runAgentJob.js';

let site: LocalServer;
let llm: OpenAiDouble;
let scraper: Scraper;
const searches: string[] = [];

const SCHEMA = {
  type: 'object',
  properties: { product: { type: 'string' }, price: { type: 'number' } },
  required: ['product', 'price'],
};

beforeAll(async () => {
  site = await listenLocal((_req, res, path) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    // A SearXNG-compatible JSON answer, so the search tool goes through the service's real search.
    if (path === '/search') {
      searches.push(new URL(_req.url ?? '/', site.origin).searchParams.get('q') ?? '');
      res.setHeader('content-type', 'application/json');
      const results = [
        { url: `${site.origin}/kettle`, title: 'Steel kettle', content: 'A steel kettle with its price.' },
        { url: `${site.origin}/`, title: 'Shop', content: 'The shop front page.' },
      ];
      return res.end(JSON.stringify({ results, unresponsive_engines: [] }));
    }
    if (path === '/kettle')
      return res.end('<!doctype html><title>Kettle</title><h1>Steel kettle</h1><p>Price: 34.50 EUR. In stock.</p>');
    res.end('<!doctype html><title>Shop</title><h1>Shop</h1><p>See <a href="/kettle">our kettle</a>.</p>');
  });
  llm = await startOpenAiDouble();
  scraper = createScraper({
    allowPrivateUrls: true,
    cache: false,
    engines: { browser: false },
    llm: false,
    search: { searxngUrl: site.origin },
  });
});
afterAll(async () => {
  await scraper?.close();
  await site?.close();
  await llm?.close();
});
beforeEach(() => llm.reset());

function memoryTrace(): AgentTraceSink & { events: AgentTraceEvent[]; snapshots: Map<string, string> } {
  const events: AgentTraceEvent[] = [];
  const snapshots = new Map<string, string>();
  return {
    events,
    snapshots,
    emit: async (e) => void events.push(e),
    snapshot: async (id, content) => void snapshots.set(id, content),
  };
}

/** A client of the stand-in model server: no retries, a small context. */
function testClient() {
  return createLlmClient({
    baseUrl: llm.baseUrl,
    model: 'm',
    timeoutMs: 5_000,
    maxRetries: 0,
    retryBaseMs: 1,
    contextTokens: 8192,
    maxOutputTokens: 1024,
  });
}

/** The scrape and search tools on the fixture site's scraper. */
function siteTools() {
  return createAgentTools({
    scrape: (body, s) => scraper.scrape(body, { signal: s }),
    search: (body, s) => scraper.search(body, { signal: s }),
  });
}

/** A run of a bare job ("x", no schema) with the site's tools and a memory trace, unless `options` names others. */
function start({
  trace = memoryTrace(),
  ...options
}: Partial<Parameters<typeof runAgentJob>[0]> & { trace?: ReturnType<typeof memoryTrace> } = {}) {
  const result = runAgentJob({
    job: { runId: 'r', prompt: 'x' },
    client: testClient(),
    tools: siteTools(),
    signal: new AbortController().signal,
    ...options,
    trace,
  });
  return { trace, result };
}

/** A run of the kettle-price job with its schema. */
function run(job: Partial<AgentJobInput>, signal = new AbortController().signal, trace = memoryTrace()) {
  return start({ job: { runId: 'run-1', prompt: 'Find the kettle price', schema: SCHEMA, ...job }, signal, trace });
}

/** The price as the scrape tool really returned it, so only a loop that fed the page back can produce it. */
function priceFrom(text: string): number {
  return Number(/Price: ([\d.]+)/.exec(text)?.[1]);
}

describe('runAgentJob', () => {
  it('scrapes through the tool, finishes with schema-valid data, and traces every step with snapshots', async () => {
    llm.reply(toolCallCompletion([{ name: 'scrape', arguments: { url: `${site.origin}/kettle` }, id: 't1' }]), (req) =>
      toolCallCompletion([
        { name: 'finish', arguments: { data: { product: 'Steel kettle', price: priceFrom(lastToolResult(req)) } } },
      ]),
    );
    const { trace, result } = run({});
    const outcome = await result;
    expect(outcome).toMatchObject({
      status: 'completed',
      data: { product: 'Steel kettle', price: 34.5 },
      creditsUsed: 3,
    });
    expect(trace.events.map((e) => e.type)).toEqual([
      'run.started',
      'tool_call.started',
      'tool_call.finished',
      'artifact.updated',
      'artifact.updated',
      'run.finished',
    ]);
    expect(trace.events.map((e) => e.producerSequence)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(
      trace.events.every((e) => e.schemaVersion === 1 && e.runId === 'run-1' && e.agent.role === 'orchestrator'),
    ).toBe(true);
    const started = trace.events[1] as Extract<AgentTraceEvent, { type: 'tool_call.started' }>;
    expect(started).toMatchObject({
      toolCallId: 't1',
      toolName: 'scrape',
      parameters: { url: `${site.origin}/kettle` },
    });
    const page = trace.events[3] as Extract<AgentTraceEvent, { type: 'artifact.updated' }>;
    expect(page.artifact).toMatchObject({ kind: 'markdown', sourceToolCallId: 't1' });
    expect(trace.snapshots.get(page.artifact.snapshotId)).toContain('Price: 34.50 EUR');
    const data = trace.events[4] as Extract<AgentTraceEvent, { type: 'artifact.updated' }>;
    expect(JSON.parse(trace.snapshots.get(data.artifact.snapshotId)!)).toEqual({
      product: 'Steel kettle',
      price: 34.5,
    });
    expect(trace.events[5]).toMatchObject({ type: 'run.finished', outcome: 'succeeded', error: null });
  });

  it('finds the page through the search tool (the service search), then scrapes what it found', async () => {
    llm.reply(
      (req) => {
        const offered = (req.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
        expect(offered).toEqual(expect.arrayContaining(['search', 'scrape', 'finish']));
        return toolCallCompletion([{ name: 'search', arguments: { query: 'steel kettle price' }, id: 's1' }]);
      },
      // The model opens the first URL the search returned: only a loop that fed the results back can name it.
      (req) =>
        toolCallCompletion([
          { name: 'scrape', arguments: { url: /^(http\S+)/m.exec(lastToolResult(req))![1] }, id: 't1' },
        ]),
      (req) =>
        toolCallCompletion([
          { name: 'finish', arguments: { data: { product: 'Steel kettle', price: priceFrom(lastToolResult(req)) } } },
        ]),
    );
    const { trace, result } = run({});
    expect(await result).toMatchObject({ status: 'completed', data: { product: 'Steel kettle', price: 34.5 } });
    expect(searches).toContain('steel kettle price');
    const calls = trace.events.filter((e) => e.type === 'tool_call.started') as Extract<
      AgentTraceEvent,
      { type: 'tool_call.started' }
    >[];
    expect(calls.map((c) => [c.toolName, c.parameters])).toEqual([
      ['search', { query: 'steel kettle price' }],
      ['scrape', { url: `${site.origin}/kettle` }],
    ]);
  });

  it('sends data that does not match the schema back for repair, then accepts the fixed data', async () => {
    llm.reply(
      toolCallCompletion([{ name: 'finish', arguments: { data: { product: 'Steel kettle', price: '34.50' } } }]),
      (req) => (
        expect(lastToolResult(req)).toMatch(/does not match the schema.*price/),
        toolCallCompletion([{ name: 'finish', arguments: { data: { product: 'Steel kettle', price: 34.5 } } }])
      ),
    );
    expect(await run({}).result).toMatchObject({ status: 'completed', data: { price: 34.5 } });
  });

  it('a model that never stops hits maxCredits: failed, creditsUsed 0, credit_limit_reached in the trace', async () => {
    llm.fallback(() => toolCallCompletion([{ name: 'scrape', arguments: { url: `${site.origin}/` } }]));
    const { trace, result } = run({ maxCredits: 5 });
    const outcome = await result;
    expect(outcome).toMatchObject({
      status: 'failed',
      outcome: 'credit_limit_reached',
      creditsUsed: 0,
      creditsSpent: 5,
    });
    expect(outcome.status === 'failed' && outcome.error).toMatchObject({
      code: 'credit_limit_reached',
      source: 'billing',
      retryable: false,
    });
    const last = trace.events.at(-1)!;
    expect(last).toMatchObject({
      type: 'run.finished',
      outcome: 'credit_limit_reached',
      error: { code: 'credit_limit_reached' },
    });
    expect(trace.events.at(-2)).toMatchObject({
      type: 'error.occurred',
      error: { code: 'credit_limit_reached', retryable: false },
    });
    // Spent 5: turn, scrape, turn, scrape, turn; the next scrape would pass the ceiling and never ran.
    expect(trace.events.filter((e) => e.type === 'tool_call.started')).toHaveLength(2);
  });

  it('a model that never stops without maxCredits is stopped at its step limit', async () => {
    llm.fallback(() => toolCallCompletion([{ name: 'scrape', arguments: { url: `${site.origin}/` } }]));
    const outcome = await start({ maxSteps: 3 }).result;
    expect(outcome).toMatchObject({ status: 'failed', outcome: 'failed', creditsUsed: 0, error: { code: 'internal' } });
    expect(llm.requests).toHaveLength(3);
  });

  it('cancelling mid-run ends it cancelled', async () => {
    const controller = new AbortController();
    llm.reply(
      toolCallCompletion([{ name: 'scrape', arguments: { url: `${site.origin}/` } }]),
      () => (
        controller.abort(new Error('cancelled by the user')),
        toolCallCompletion([{ name: 'scrape', arguments: { url: `${site.origin}/kettle` } }])
      ),
    );
    const { trace, result } = run({}, controller.signal);
    expect(await result).toMatchObject({
      status: 'failed',
      outcome: 'cancelled',
      creditsUsed: 0,
      error: { code: 'cancelled' },
    });
    expect(trace.events.at(-1)).toMatchObject({ type: 'run.finished', outcome: 'cancelled' });
  });

  it('a run past its wall-clock budget fails (not cancelled), whatever the model is doing', async () => {
    llm.fallback(() => ({
      ...toolCallCompletion([{ name: 'scrape', arguments: { url: `${site.origin}/` } }]),
      delayMs: 400,
    }));
    const { trace, result } = start({ timeoutMs: 1_000 });
    const outcome = await result;
    expect(outcome).toMatchObject({
      status: 'failed',
      outcome: 'failed',
      error: { code: 'internal', retryable: false, message: expect.stringMatching(/within 1 s/) },
    });
    expect(trace.events.at(-1)).toMatchObject({ type: 'run.finished', outcome: 'failed' });
  });

  it('a refusal ends the run refused with the reason', async () => {
    llm.reply(toolCallCompletion([{ name: 'refuse', arguments: { reason: 'this asks for private data' } }]));
    const { trace, result } = run({});
    expect(await result).toMatchObject({
      status: 'failed',
      outcome: 'refused',
      error: { code: 'refused', message: expect.stringContaining('private data') },
    });
    expect(trace.events.at(-1)).toMatchObject({ type: 'run.finished', outcome: 'refused' });
  });

  it('strictConstrainToURLs keeps the scrape tool on the given URLs, and the model is told', async () => {
    const client = testClient();
    const tools = createAgentTools({
      scrape: (body, s) => scraper.scrape(body, { signal: s }),
      onlyUnder: [`${site.origin}/kettle`],
    });
    llm.reply(toolCallCompletion([{ name: 'scrape', arguments: { url: `${site.origin}/` } }]), (req) =>
      completion(JSON.stringify({ told: lastToolResult(req) })),
    );
    const before = site.hits.length;
    const outcome = await start({ client, tools }).result;
    expect(outcome).toMatchObject({ status: 'completed', data: { told: expect.stringMatching(/may only visit/) } });
    expect(site.hits.length).toBe(before);
  });

  it('a model server that fails is an internal, retryable failure', async () => {
    llm.fallback(() => ({ status: 503, json: { error: { message: 'overloaded' } } }));
    const { trace, result } = run({});
    expect(await result).toMatchObject({
      status: 'failed',
      outcome: 'failed',
      error: { code: 'internal', retryable: true },
    });
    expect(trace.events.map((e) => e.type)).toEqual(['run.started', 'error.occurred', 'run.finished']);
  });
});
