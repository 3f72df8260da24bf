import type { LlmConfig } from './llmConfig.js';
import { LlmError, isLlmError } from './LlmError.js';
import { parseModelJson } from './parseModelJson.js';

/** Statuses worth another try: the server is busy, restarting or timed out, not refusing the request. */
const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_BACKOFF_MS = 8_000;
/** A Retry-After longer than this is not waited for: the scrape has its own deadline. */
const MAX_RETRY_AFTER_MS = 30_000;
/**
 * Turns after a reply that is not valid JSON or does not match the schema; a model that fails twice rarely succeeds.
 */
const MAX_REPAIRS = 1;
/** How much of a bad reply an error carries (for the client to see what the model said). */
const REPLY_EXCERPT_CHARS = 500;
/**
 * A server that lacks a response_format says so in a 4xx/5xx body naming the parameter (OpenAI, vLLM, llama.cpp,
 * LM Studio, Ollama all do); that answer moves us to the next mode instead of failing.
 */
const UNSUPPORTED_FORMAT = /response_format|json_schema|json_object|structured output|guided|grammar/i;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatReply {
  content: string;
  /** `length` when the model stopped at max_tokens: the reply is cut short. */
  finishReason?: string;
}

export type StructuredMode = 'json_schema' | 'json_object' | 'prompt';

/** A function the model may call (OpenAI `tools` entry of type `function`). */
export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

/** One call the model asked for; `arguments` is the model's JSON text, unparsed (it may be invalid). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** The conversation of a tool-using exchange, in the Chat Completions wire shape. */
export type ToolChatMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolChatReply {
  /** The model's text (its answer when it calls no tool); null when it only called tools. */
  content: string | null;
  toolCalls: ToolCall[];
  finishReason?: string;
}

export interface JsonRequest {
  messages: ChatMessage[];
  /** The JSON Schema the reply must match (sent as response_format json_schema when the server takes it). */
  schema?: Record<string, unknown>;
  schemaName: string;
  /** Problems with a parsed reply (schema errors), or null when it is acceptable. */
  validate?: (value: unknown) => string[] | null;
  signal: AbortSignal;
  maxTokens?: number;
}

export interface LlmClient {
  readonly config: LlmConfig;
  /** A free-text reply. */
  text(messages: ChatMessage[], signal: AbortSignal, options?: { maxTokens?: number }): Promise<ChatReply>;
  /**
   * A JSON reply: response_format json_schema, else json_object, else the schema in the prompt, whichever the server
   * takes (found once, remembered); a reply that does not parse or validate gets one repair turn; then LlmError
   * bad_output.
   */
  json(request: JsonRequest): Promise<{ value: unknown; mode: StructuredMode; repaired: boolean }>;
  /** One turn of a tool-using exchange: the model answers with text, tool calls, or both. */
  tools(
    messages: ToolChatMessage[],
    tools: ToolDefinition[],
    signal: AbortSignal,
    options?: { maxTokens?: number },
  ): Promise<ToolChatReply>;
  /** The structured-output support found so far (undefined: not tried yet). */
  support(): { jsonSchema?: boolean; jsonObject?: boolean };
}

/** A client of any OpenAI Chat Completions server. The only state is what the server was found to support. */
export function createLlmClient(config: LlmConfig): LlmClient {
  const endpoint = `${config.baseUrl}/chat/completions`;
  const supported: { jsonSchema?: boolean; jsonObject?: boolean } = {};

  async function complete(body: Record<string, unknown>, signal: AbortSignal): Promise<ChatReply> {
    return readReply(await send(body, signal));
  }

  /** One request with retries on transient failures; the successful response, body unread. */
  async function send(body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
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
        const timedOut = (error as Error).name === 'TimeoutError';
        const failure = timedOut
          ? new LlmError('timeout', `the model did not answer within ${config.timeoutMs} ms`)
          : new LlmError(
              'unreachable',
              `the model server at ${config.baseUrl} could not be reached (${causeOf(error)})`,
            );
        if (last) throw failure;
        await sleep(backoff(config.retryBaseMs, attempt), signal);
        continue;
      }
      if (response.ok) return response;
      const text = await response.text().catch(() => '');
      if (
        'response_format' in body &&
        UNSUPPORTED_FORMAT.test(text) &&
        response.status >= 400 &&
        response.status !== 429
      ) {
        throw new LlmError('http', 'response_format unsupported', {
          status: response.status,
          details: { unsupportedFormat: true, body: text.slice(0, REPLY_EXCERPT_CHARS) },
        });
      }
      if (!last && RETRYABLE_STATUS.has(response.status)) {
        await sleep(retryAfter(response) ?? backoff(config.retryBaseMs, attempt), signal);
        continue;
      }
      throw new LlmError('http', `the model server answered ${response.status}`, {
        status: response.status,
        details: { body: text.slice(0, REPLY_EXCERPT_CHARS) },
      });
    }
  }

  /** One structured call in the best mode the server takes, stepping down when it says it lacks one. */
  async function structured(
    messages: ChatMessage[],
    schema: Record<string, unknown> | undefined,
    name: string,
    signal: AbortSignal,
    maxTokens?: number,
  ): Promise<{ reply: ChatReply; mode: StructuredMode }> {
    for (;;) {
      const mode: StructuredMode =
        schema && supported.jsonSchema !== false
          ? 'json_schema'
          : supported.jsonObject !== false
            ? 'json_object'
            : 'prompt';
      const body: Record<string, unknown> = {
        messages: mode === 'json_schema' ? messages : withSchemaInPrompt(messages, schema),
      };
      if (maxTokens) body.max_tokens = maxTokens;
      if (mode === 'json_schema')
        body.response_format = { type: 'json_schema', json_schema: { name, schema, strict: false } };
      else if (mode === 'json_object') body.response_format = { type: 'json_object' };
      try {
        const reply = await complete(body, signal);
        if (mode === 'json_schema') supported.jsonSchema = true;
        if (mode === 'json_object') supported.jsonObject = true;
        return { reply, mode };
      } catch (error) {
        if (!isUnsupportedFormat(error)) throw error;
        if (mode === 'json_schema') supported.jsonSchema = false;
        else supported.jsonObject = false;
      }
    }
  }

  return {
    config,
    text: (messages, signal, options = {}) =>
      complete(options.maxTokens ? { messages, max_tokens: options.maxTokens } : { messages }, signal),
    async json(request) {
      let messages = request.messages;
      let { reply, mode } = await structured(
        messages,
        request.schema,
        request.schemaName,
        request.signal,
        request.maxTokens,
      );
      for (let repair = 0; ; repair++) {
        const value = parseModelJson(reply.content);
        const problems =
          value === undefined
            ? [
                reply.finishReason === 'length'
                  ? 'the reply was cut off before the JSON ended'
                  : 'the reply is not valid JSON',
              ]
            : (request.validate?.(value) ?? null);
        if (!problems) return { value, mode, repaired: repair > 0 };
        if (repair >= MAX_REPAIRS) {
          throw new LlmError(
            'bad_output',
            `the model's reply ${value === undefined ? 'is not valid JSON' : 'does not match the schema'}`,
            {
              details: { problems, reply: reply.content.slice(0, REPLY_EXCERPT_CHARS) },
            },
          );
        }
        messages = [
          ...messages,
          { role: 'assistant', content: reply.content },
          { role: 'user', content: repairPrompt(problems) },
        ];
        ({ reply, mode } = await structured(
          messages,
          request.schema,
          request.schemaName,
          request.signal,
          request.maxTokens,
        ));
      }
    },
    async tools(messages, tools, signal, options = {}) {
      const body: Record<string, unknown> = {
        messages,
        tools: tools.map((t) => ({
          type: 'function',
          function: { name: t.name, description: t.description, parameters: t.parameters },
        })),
        tool_choice: 'auto',
      };
      if (options.maxTokens) body.max_tokens = options.maxTokens;
      return readToolReply(await send(body, signal));
    },
    support: () => ({ ...supported }),
  };
}

function isUnsupportedFormat(error: unknown): boolean {
  return (
    isLlmError(error) && (error.details as { unsupportedFormat?: boolean } | undefined)?.unsupportedFormat === true
  );
}

/** Without json_schema the model learns the shape from the prompt. */
function withSchemaInPrompt(messages: ChatMessage[], schema: Record<string, unknown> | undefined): ChatMessage[] {
  const rule = schema
    ? `Reply with one JSON object and nothing else. It must validate against this JSON ` +
      `Schema:\n${JSON.stringify(schema)}`
    : 'Reply with one JSON object and nothing else.';
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${rule}` }, ...rest];
  return [{ role: 'system', content: rule }, ...messages];
}

function repairPrompt(problems: string[]): string {
  return (
    `Your reply could not be used: ${problems.join('; ')}. Reply again with only the corrected JSON object, no ` +
    `prose and no code fences.`
  );
}

async function readReply(response: Response): Promise<ChatReply> {
  let data: { choices?: { message?: { content?: unknown }; finish_reason?: string }[] };
  try {
    data = (await response.json()) as typeof data;
  } catch {
    throw new LlmError('bad_output', 'the model server answered with a body that is not JSON');
  }
  const choice = data.choices?.[0];
  const content = choice?.message?.content;
  if (typeof content !== 'string')
    throw new LlmError('bad_output', 'the model server answered without message content', {
      details: { body: JSON.stringify(data).slice(0, REPLY_EXCERPT_CHARS) },
    });
  return choice?.finish_reason ? { content, finishReason: choice.finish_reason } : { content };
}

async function readToolReply(response: Response): Promise<ToolChatReply> {
  type WireCall = { id?: unknown; type?: unknown; function?: { name?: unknown; arguments?: unknown } };
  let data: { choices?: { message?: { content?: unknown; tool_calls?: WireCall[] }; finish_reason?: string }[] };
  try {
    data = (await response.json()) as typeof data;
  } catch {
    throw new LlmError('bad_output', 'the model server answered with a body that is not JSON');
  }
  const choice = data.choices?.[0];
  const message = choice?.message;
  if (!message)
    throw new LlmError('bad_output', 'the model server answered without a message', {
      details: { body: JSON.stringify(data).slice(0, REPLY_EXCERPT_CHARS) },
    });
  const toolCalls: ToolCall[] = [];
  for (const [index, call] of (Array.isArray(message.tool_calls) ? message.tool_calls : []).entries()) {
    if (typeof call?.function?.name !== 'string') continue;
    const args = call.function.arguments;
    toolCalls.push({
      // Some servers omit ids; the reply to a call must still name it.
      id: typeof call.id === 'string' && call.id ? call.id : `call_${index}`,
      name: call.function.name,
      arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
    });
  }
  const content = typeof message.content === 'string' ? message.content : null;
  if (content === null && toolCalls.length === 0)
    throw new LlmError('bad_output', 'the model answered with neither text nor a tool call');
  return { content, toolCalls, ...(choice?.finish_reason ? { finishReason: choice.finish_reason } : {}) };
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

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new LlmError('aborted', 'the scrape was aborted while waiting for the model'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new LlmError('aborted', 'the scrape was aborted while waiting for the model'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
