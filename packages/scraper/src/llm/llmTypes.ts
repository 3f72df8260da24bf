import type { LlmConfig } from './llmConfig.js';

// The shapes of the LLM client: messages, replies, tool calls, and the client itself.

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
