import { isLlmError } from './LlmError.js';
import type { ChatMessage, ChatReply, StructuredMode } from './llmTypes.js';

/** What a server was found to take; remembered by the client for its life (undefined: not tried yet). */
export interface StructuredSupport {
  jsonSchema?: boolean;
  jsonObject?: boolean;
}

/** The best mode not known to be unsupported: json_schema (with a schema), then json_object, then the prompt. */
function pickMode(schema: Record<string, unknown> | undefined, supported: StructuredSupport): StructuredMode {
  if (schema && supported.jsonSchema !== false) return 'json_schema';
  return supported.jsonObject !== false ? 'json_object' : 'prompt';
}

/** The request body of a structured call in `mode` (without json_schema the schema goes into the prompt). */
function structuredBody(
  mode: StructuredMode,
  messages: ChatMessage[],
  schema: Record<string, unknown> | undefined,
  name: string,
  maxTokens: number | undefined,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    messages: mode === 'json_schema' ? messages : withSchemaInPrompt(messages, schema),
  };
  if (maxTokens) body.max_tokens = maxTokens;
  if (mode === 'json_schema')
    body.response_format = { type: 'json_schema', json_schema: { name, schema, strict: false } };
  else if (mode === 'json_object') body.response_format = { type: 'json_object' };
  return body;
}

/**
 * One structured call in the best mode the server takes, stepping down when it says it lacks one; what it takes
 * and lacks is recorded in `supported`.
 */
export async function structuredCall(
  complete: (body: Record<string, unknown>, signal: AbortSignal) => Promise<ChatReply>,
  supported: StructuredSupport,
  request: {
    messages: ChatMessage[];
    schema: Record<string, unknown> | undefined;
    name: string;
    signal: AbortSignal;
    maxTokens?: number;
  },
): Promise<{ reply: ChatReply; mode: StructuredMode }> {
  const { messages, schema, name, signal, maxTokens } = request;
  for (;;) {
    const mode = pickMode(schema, supported);
    const body = structuredBody(mode, messages, schema, name, maxTokens);
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
