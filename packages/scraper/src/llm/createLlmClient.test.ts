import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completion, startOpenAiDouble, unsupportedFormat, type OpenAiDouble } from '@scrape/test-support/openAiDouble';
import { createLlmClient } from './createLlmClient.js';
import { resolveLlmSetup, type LlmConfig } from './llmConfig.js';
import { scraperOptionsFromEnv } from '../config/scraperOptionsFromEnv.js';
import { isLlmError, type LlmError } from './LlmError.js';

let llm: OpenAiDouble;
const signal = () => new AbortController().signal;
const config = (over: Partial<LlmConfig> = {}): LlmConfig => ({
  baseUrl: llm.baseUrl,
  model: 'test-model',
  apiKey: 'sk-test',
  timeoutMs: 2000,
  maxRetries: 2,
  retryBaseMs: 5,
  contextTokens: 8192,
  maxOutputTokens: 4096,
  ...over,
});
const SCHEMA = { type: 'object', properties: { price: { type: 'number' } }, required: ['price'] };
const messages = [
  { role: 'system' as const, content: 'Extract.' },
  { role: 'user' as const, content: '<page>\nPrice: 4\n</page>' },
];
async function rejection(p: Promise<unknown>): Promise<LlmError> {
  try {
    await p;
  } catch (error) {
    if (isLlmError(error)) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  llm = await startOpenAiDouble();
});
afterAll(async () => {
  await llm.close();
});
beforeEach(() => llm.reset());

describe('the request we send', () => {
  it('POST /v1/chat/completions with the key, the model, temperature 0, the messages and response_format json_schema', async () => {
    llm.reply(completion('{"price": 4}'));
    const client = createLlmClient(config());
    const result = await client.json({
      messages,
      schema: SCHEMA,
      schemaName: 'extraction',
      signal: signal(),
      maxTokens: 100,
    });
    expect(result).toEqual({ value: { price: 4 }, mode: 'json_schema', repaired: false });
    expect(llm.requests).toHaveLength(1);
    const [req] = llm.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/chat/completions');
    expect(req!.headers.authorization).toBe('Bearer sk-test');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.body).toEqual({
      model: 'test-model',
      temperature: 0,
      messages,
      max_tokens: 100,
      response_format: { type: 'json_schema', json_schema: { name: 'extraction', schema: SCHEMA, strict: false } },
    });
  });

  it('sends no Authorization header when no key is configured (local servers)', async () => {
    llm.reply(completion('hello'));
    const { apiKey: _none, ...noKey } = config();
    await createLlmClient(noKey as LlmConfig).text(messages, signal());
    expect(llm.requests[0]!.headers.authorization).toBeUndefined();
    expect(llm.requests[0]!.body).toEqual({ model: 'test-model', temperature: 0, messages });
  });
});

describe('structured output fallback', () => {
  it('json_schema refused → json_object with the schema in the system prompt; remembered for the next call', async () => {
    llm.reply(unsupportedFormat('json_schema'), completion('{"price": 4}'), completion('{"price": 5}'));
    const client = createLlmClient(config());
    const first = await client.json({ messages, schema: SCHEMA, schemaName: 'extraction', signal: signal() });
    expect(first).toEqual({ value: { price: 4 }, mode: 'json_object', repaired: false });
    const second = llm.requests[1]!.body;
    expect(second.response_format).toEqual({ type: 'json_object' });
    expect(second.messages[0]).toEqual({
      role: 'system',
      content:
        `Extract.\n\nReply with one JSON object and nothing else. It must validate against this JSON ` +
        `Schema:\n${JSON.stringify(SCHEMA)}`,
    });
    expect(second.messages[1]).toEqual(messages[1]);
    await client.json({ messages, schema: SCHEMA, schemaName: 'extraction', signal: signal() });
    expect(llm.requests).toHaveLength(3);
    expect(llm.requests[2]!.body.response_format).toEqual({ type: 'json_object' });
    expect(client.support()).toEqual({ jsonSchema: false, jsonObject: true });
  });

  it('json_object refused too → no response_format, the schema in the prompt', async () => {
    llm.reply(
      unsupportedFormat('json_schema'),
      unsupportedFormat('json_object'),
      completion('Sure! ```json\n{"price": 4}\n```'),
    );
    const client = createLlmClient(config());
    const result = await client.json({ messages, schema: SCHEMA, schemaName: 'extraction', signal: signal() });
    expect(result).toEqual({ value: { price: 4 }, mode: 'prompt', repaired: false });
    expect(llm.requests).toHaveLength(3);
    expect('response_format' in llm.requests[2]!.body).toBe(false);
    expect(llm.requests[2]!.body.messages[0].content).toContain(JSON.stringify(SCHEMA));
  });

  it('a 400 that is not about response_format is an error, not a fallback', async () => {
    llm.reply({ status: 400, json: { error: { message: 'model "nope" not found' } } });
    const error = await rejection(
      createLlmClient(config()).json({ messages, schema: SCHEMA, schemaName: 'x', signal: signal() }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(llm.requests).toHaveLength(1);
  });
});

describe('bad model output', () => {
  it('invalid JSON → one repair turn carrying the bad reply and the problem → accepted', async () => {
    llm.reply(completion('{"price": 4'), completion('{"price": 4}'));
    const result = await createLlmClient(config()).json({
      messages,
      schema: SCHEMA,
      schemaName: 'extraction',
      signal: signal(),
    });
    expect(result).toEqual({ value: { price: 4 }, mode: 'json_schema', repaired: true });
    const repair = llm.requests[1]!.body.messages;
    expect(repair.slice(0, 2)).toEqual(messages);
    expect(repair[2]).toEqual({ role: 'assistant', content: '{"price": 4' });
    expect(repair[3].role).toBe('user');
    expect(repair[3].content).toContain('the reply is not valid JSON');
  });

  it("a schema mismatch is repaired with the validator's errors; still wrong → bad_output with the problems", async () => {
    llm.reply(completion('{"price": "four"}'), completion('{"cost": 4}'));
    const validate = (v: unknown) =>
      typeof (v as { price?: unknown }).price === 'number' ? null : ['/price must be number'];
    const error = await rejection(
      createLlmClient(config()).json({
        messages,
        schema: SCHEMA,
        schemaName: 'extraction',
        validate,
        signal: signal(),
      }),
    );
    expect(error.kind).toBe('bad_output');
    expect(error.details).toEqual({ problems: ['/price must be number'], reply: '{"cost": 4}' });
    expect(llm.requests[1]!.body.messages[3].content).toContain('/price must be number');
    expect(llm.requests).toHaveLength(2);
  });

  it('a reply without message content is bad_output', async () => {
    llm.reply({ json: { choices: [] } });
    expect((await rejection(createLlmClient(config()).text(messages, signal()))).kind).toBe('bad_output');
  });
});

describe('retries, timeouts, unreachable servers', () => {
  it('500 then success: retried after a backoff', async () => {
    llm.reply({ status: 500, json: { error: { message: 'overloaded' } } }, completion('ok'));
    const reply = await createLlmClient(config()).text(messages, signal());
    expect(reply).toEqual({ content: 'ok', finishReason: 'stop' });
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.body).toEqual(llm.requests[0]!.body);
  });

  it('429 honours Retry-After', async () => {
    llm.reply({ status: 429, json: {}, headers: { 'retry-after': '0.2' } }, completion('ok'));
    const started = Date.now();
    await createLlmClient(config()).text(messages, signal());
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('always 503: gives up after maxRetries + 1 tries with an http error', async () => {
    llm.fallback(() => ({ status: 503, json: { error: { message: 'loading model' } } }));
    try {
      const error = await rejection(createLlmClient(config({ maxRetries: 2 })).text(messages, signal()));
      expect(error).toMatchObject({ kind: 'http', status: 503 });
      expect(llm.requests).toHaveLength(3);
    } finally {
      llm.fallback(() => ({ status: 500, json: {} }));
    }
  });

  it('a model slower than timeoutMs is a timeout after the retries', async () => {
    llm.reply({ ...completion('late'), delayMs: 400 }, { ...completion('late'), delayMs: 400 });
    const error = await rejection(createLlmClient(config({ timeoutMs: 100, maxRetries: 1 })).text(messages, signal()));
    expect(error.kind).toBe('timeout');
    expect(llm.requests).toHaveLength(2);
  });

  it('nothing listening is unreachable', async () => {
    const error = await rejection(
      createLlmClient(config({ baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 })).text(messages, signal()),
    );
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('127.0.0.1:9');
  });

  it("the scrape's abort stops the wait at once", async () => {
    llm.reply({ ...completion('late'), delayMs: 2000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await rejection(createLlmClient(config()).text(messages, controller.signal));
    expect(error.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('resolveLlmSetup', () => {
  it('names what is missing by its variable; fills the tunables not given with their defaults', () => {
    expect(resolveLlmSetup(undefined)).toEqual({ ok: false, missing: ['SCRAPE_LLM_BASE_URL', 'SCRAPE_LLM_MODEL'] });
    expect(resolveLlmSetup({ baseUrl: 'http://x/v1/' })).toEqual({ ok: false, missing: ['SCRAPE_LLM_MODEL'] });
    const setup = resolveLlmSetup({ baseUrl: 'http://x/v1/', model: 'm2', apiKey: 'k', contextTokens: 32768 });
    expect(setup).toMatchObject({
      ok: true,
      config: { baseUrl: 'http://x/v1', model: 'm2', apiKey: 'k', contextTokens: 32768, maxOutputTokens: 4096 },
    });
    expect(resolveLlmSetup(false).ok).toBe(false);
  });

  it('takes SCRAPE_LLM_* through scraperOptionsFromEnv', () => {
    const env = {
      SCRAPE_LLM_BASE_URL: 'http://x/v1/',
      SCRAPE_LLM_MODEL: 'm1',
      SCRAPE_LLM_API_KEY: 'k',
      SCRAPE_LLM_CONTEXT_TOKENS: '32768',
    };
    const setup = resolveLlmSetup(scraperOptionsFromEnv(env).llm);
    expect(setup).toMatchObject({
      ok: true,
      config: { baseUrl: 'http://x/v1', model: 'm1', apiKey: 'k', contextTokens: 32768, timeoutMs: 60_000 },
    });
  });
});
