// A test double of an OpenAI-compatible Chat Completions server on 127.0.0.1: it records every request exactly as
// sent and answers from a queue of scripted replies (the real thing is an external paid API, or a local model
// too slow and too large for CI). Used by the scraper's LLM tests and the http e2e tests.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface ScriptedReply {
  status?: number;
  /** A JSON body (a chat completion, or an error object). */
  json?: unknown;
  /** A raw body instead of JSON. */
  text?: string;
  headers?: Record<string, string>;
  /** Answer only after this long (for timeouts). */
  delayMs?: number;
}

export type Responder = (request: RecordedRequest) => ScriptedReply;

export interface OpenAiDouble {
  /** The base URL to configure (`…/v1`). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Answers the next request with `reply` (queued in order). */
  reply(...replies: (ScriptedReply | Responder)[]): void;
  /** What to answer when the queue is empty (default: a 500 that fails the test visibly). */
  fallback(responder: Responder): void;
  reset(): void;
  close(): Promise<void>;
}

/** A chat completion with one choice: the assistant's `message`, ended for `finishReason`. */
function chatCompletion(message: Record<string, unknown>, finishReason: string): ScriptedReply {
  return {
    json: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 0,
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    },
  };
}

/** A chat completion whose assistant message is `content`. */
export function completion(content: string, finishReason = 'stop'): ScriptedReply {
  return chatCompletion({ content }, finishReason);
}

/** A chat completion in which the assistant calls tools (OpenAI `tool_calls`), with optional text beside them. */
export function toolCallCompletion(
  calls: { name: string; arguments: unknown; id?: string }[],
  content: string | null = null,
): ScriptedReply {
  const toolCalls = calls.map((c, i) => ({
    id: c.id ?? `call_${i}_${Math.random().toString(36).slice(2, 8)}`,
    type: 'function',
    function: {
      name: c.name,
      arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
    },
  }));
  return chatCompletion({ content, tool_calls: toolCalls }, 'tool_calls');
}

/** The text of the last `tool` message of a recorded request (what the tool told the model last), or ''. */
export function lastToolResult(request: RecordedRequest): string {
  const messages = (request.body?.messages ?? []) as { role: string; content?: string }[];
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'tool') return messages[i]!.content ?? '';
  return '';
}

/** The error a server without json_schema support gives (vLLM/llama.cpp style wording). */
export function unsupportedFormat(type: 'json_schema' | 'json_object'): ScriptedReply {
  return {
    status: 400,
    json: {
      error: {
        message: `response_format type '${type}' is not supported by this server`,
        type: 'invalid_request_error',
      },
    },
  };
}

export async function startOpenAiDouble(): Promise<OpenAiDouble> {
  const requests: RecordedRequest[] = [];
  let queue: (ScriptedReply | Responder)[] = [];
  let fallback: Responder = () => ({
    status: 500,
    json: { error: { message: 'openAiDouble: no scripted reply left' } },
  });
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text
      }
      const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      const next = queue.shift() ?? fallback;
      const reply = typeof next === 'function' ? next(recorded) : next;
      const send = () => {
        if (res.destroyed) return;
        const payload = reply.text ?? JSON.stringify(reply.json ?? {});
        res.writeHead(reply.status ?? 200, {
          'content-type': reply.text !== undefined ? 'text/plain' : 'application/json',
          ...reply.headers,
        });
        res.end(payload);
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, reply.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => {
      queue.push(...replies);
    },
    fallback: (responder) => {
      fallback = responder;
    },
    reset: () => {
      requests.length = 0;
      queue = [];
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
