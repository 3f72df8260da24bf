import type { LlmConfig } from './llmConfig.js';
import { LlmError } from './LlmError.js';
import { REPLY_EXCERPT_CHARS } from './readReplies.js';
import { sleep } from '../time/sleep.js';

/** Statuses worth another try: the server is busy, restarting or timed out, not refusing the request. */
const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_BACKOFF_MS = 8_000;
/** A Retry-After longer than this is not waited for: the scrape has its own deadline. */
const MAX_RETRY_AFTER_MS = 30_000;
/**
 * A server that lacks a response_format says so in a 4xx/5xx body naming the parameter (OpenAI, vLLM, llama.cpp,
 * LM Studio, Ollama all do); that answer moves us to the next mode instead of failing.
 */
const UNSUPPORTED_FORMAT = /response_format|json_schema|json_object|structured output|guided|grammar/i;

/**
 * One Chat Completions request with retries on transient failures (unreachable, timed out, a retryable status,
 * honouring Retry-After, with jittered backoff); the successful response, body unread. An answer saying the
 * response_format is unsupported throws at once with `details.unsupportedFormat`; an abort throws `aborted`.
 */
export async function postChatCompletion(
  config: LlmConfig,
  body: Record<string, unknown>,
  signal: AbortSignal,
): Promise<Response> {
  const endpoint = `${config.baseUrl}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const payload = JSON.stringify({ model: config.model, temperature: 0, ...body });
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= config.maxRetries;
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.any([signal, AbortSignal.timeout(config.timeoutMs)]),
      });
    } catch (error) {
      if (signal.aborted) throw new LlmError('aborted', 'the scrape was aborted while waiting for the model');
      if (last) throw unreachable(error, config);
      await wait(backoff(config.retryBaseMs, attempt), signal);
      continue;
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    if ('response_format' in body && isUnsupportedFormatAnswer(response, text)) {
      throw new LlmError('http', 'response_format unsupported', {
        status: response.status,
        details: { unsupportedFormat: true, body: text.slice(0, REPLY_EXCERPT_CHARS) },
      });
    }
    if (!last && RETRYABLE_STATUS.has(response.status)) {
      await wait(retryAfter(response) ?? backoff(config.retryBaseMs, attempt), signal);
      continue;
    }
    throw new LlmError('http', `the model server answered ${response.status}`, {
      status: response.status,
      details: { body: text.slice(0, REPLY_EXCERPT_CHARS) },
    });
  }
}

/** A request that got no answer: the model's own timeout, or a server that could not be reached. */
function unreachable(error: unknown, config: LlmConfig): LlmError {
  const timedOut = (error as Error).name === 'TimeoutError';
  return timedOut
    ? new LlmError('timeout', `the model did not answer within ${config.timeoutMs} ms`)
    : new LlmError('unreachable', `the model server at ${config.baseUrl} could not be reached (${causeOf(error)})`);
}

/** An error answer whose body names the response_format: the server lacks the mode (a 429 is only busy). */
function isUnsupportedFormatAnswer(response: Response, text: string): boolean {
  return UNSUPPORTED_FORMAT.test(text) && response.status >= 400 && response.status !== 429;
}

function backoff(baseMs: number, attempt: number): number {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** attempt);
  return exponential / 2 + Math.random() * (exponential / 2);
}

function retryAfter(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}

/** The retry's wait; an abort meanwhile is the LLM step's own `aborted` error. */
async function wait(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, signal).catch(() => {
    throw new LlmError('aborted', 'the scrape was aborted while waiting for the model');
  });
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
