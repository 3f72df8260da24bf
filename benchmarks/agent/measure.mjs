// Agent overhead per step, model time excluded: runAgentJob with the real scrape tool (HTTP engine) against a fixture
// page, driven by an instant OpenAI-compatible stand-in on 127.0.0.1. Model time is measured around each model call
// and taken out, so what is left is the loop, the tools' own work, the trace and the snapshots.
import { createServer } from 'node:http';

const scraperPkg = new URL('../../packages/scraper/', import.meta.url);
const { createScraper } = await import(new URL('dist/index.js', scraperPkg));
// The agent loop's parts are the scraper's inside (`@scrape/scraper/internal`), not its public face.
const { createAgentTools, createLlmClient, runAgentJob } = await import(new URL('dist/internal.js', scraperPkg));

export async function startSite() {
  const server = createServer((req, res) => {
    // A SearXNG-compatible answer, so the agent's search tool runs the service's real search path.
    if (req.url.startsWith('/search')) {
      res.setHeader('content-type', 'application/json');
      const results = Array.from({ length: 10 }, (_, i) => ({
        url: `http://127.0.0.1:${server.address().port}/p${i}`,
        title: `Kettle ${i}`,
        content: 'A kettle page.',
      }));
      return res.end(JSON.stringify({ results, unresponsive_engines: [] }));
    }
    res.setHeader('content-type', 'text/html');
    res.end(
      `<title>bench</title><h1>Kettle</h1><p>Price: 34.50 EUR.</p>${'<p>Filler paragraph of an ordinary product page.</p>'.repeat(40)}`,
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A model that searches once, scrapes `steps - 2` times, then finishes: answers at once, so its own time is near zero. */
async function startModel(base, steps) {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      const turns = body.messages.filter((m) => m.role === 'assistant').length;
      const call =
        turns === 0
          ? { name: 'search', arguments: JSON.stringify({ query: 'kettle price' }) }
          : turns + 1 < steps
            ? { name: 'scrape', arguments: JSON.stringify({ url: `${base}/p${turns}` }) }
            : { name: 'finish', arguments: JSON.stringify({ data: { price: 34.5 } }) };
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          choices: [
            {
              message: {
                role: 'assistant',
                content: null,
                tool_calls: [{ id: `c${turns}`, type: 'function', function: call }],
              },
              finish_reason: 'tool_calls',
            },
          ],
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), min: sorted[0] };
}

export async function measure({ runs, steps }) {
  const site = await startSite();
  const model = await startModel(site.base, steps);
  const scraper = createScraper({
    allowPrivateUrls: true,
    cache: false,
    engines: { browser: false },
    llm: false,
    search: { searxngUrl: site.base, localIndex: false },
  });
  const failures = [];
  const perStep = [];
  const perStepNoTools = [];
  try {
    const base = createLlmClient({
      baseUrl: model.baseUrl,
      model: 'bench',
      timeoutMs: 10_000,
      maxRetries: 0,
      retryBaseMs: 1,
      contextTokens: 8192,
      maxOutputTokens: 1024,
    });
    for (let r = 0; r < runs; r++) {
      let modelMs = 0;
      let toolMs = 0;
      const client = {
        ...base,
        tools: async (...args) => {
          const t = performance.now();
          try {
            return await base.tools(...args);
          } finally {
            modelMs += performance.now() - t;
          }
        },
      };
      const timed = (work) => async (body, signal) => {
        const t = performance.now();
        try {
          return await work(body, { signal });
        } finally {
          toolMs += performance.now() - t;
        }
      };
      const tools = createAgentTools({
        scrape: timed((b, c) => scraper.scrape(b, c)),
        search: timed((b, c) => scraper.search(b, c)),
      });
      const events = [];
      const trace = { emit: async (e) => void events.push(e), snapshot: async () => {} };
      const started = performance.now();
      const result = await runAgentJob({
        job: {
          runId: `r${r}`,
          prompt: 'price',
          schema: { type: 'object', properties: { price: { type: 'number' } }, required: ['price'] },
        },
        client,
        tools,
        trace,
        signal: new AbortController().signal,
      });
      const total = performance.now() - started;
      if (result.status !== 'completed' || result.data?.price !== 34.5)
        failures.push(`run ${r}: ${JSON.stringify(result).slice(0, 200)}`);
      const used = events.filter((e) => e.type === 'tool_call.finished').map((e) => e.toolName);
      if (used[0] !== 'search' || used.length !== steps - 1) failures.push(`run ${r}: tools ${used.join(',')}`);
      perStep.push((total - modelMs) / steps);
      perStepNoTools.push((total - modelMs - toolMs) / steps);
    }
  } finally {
    await scraper.close();
    await model.close();
    await site.close();
  }
  return {
    rows: [
      { name: `per step, model time excluded (search and scrape tools included)`, ...summary(perStep) },
      { name: `per step, model and tool time excluded (loop + trace)`, ...summary(perStepNoTools) },
    ],
    failures,
  };
}

export function print(title, rows) {
  console.log(`\n${title}`);
  console.log('| scenario | median ms | p95 ms | min ms |\n|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.name} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.min.toFixed(2)} |`);
}
