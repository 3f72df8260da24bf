import type { LlmClient, ToolCall, ToolChatMessage, ToolDefinition } from './createLlmClient.js';

/** What one tool result may carry back to the model: a page's text can be huge, the context is not. */
export const DEFAULT_TOOL_RESULT_CHARS = 6_000;

export interface LoopTool {
  definition: ToolDefinition;
  /** Runs one call; the returned text goes back to the model. A thrown error goes back as the call's failure. */
  run(args: Record<string, unknown>, signal: AbortSignal): Promise<string>;
}

export interface ToolCallEvent {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

export interface ToolLoopHooks {
  /** Before a call runs. Throwing stops the whole loop with that error (a budget ran out, the run was cancelled). */
  beforeTool?(call: ToolCallEvent): void | Promise<void>;
  /** After a call ran: its text result, or the failure the model was told about. */
  afterTool?(call: ToolCallEvent & { result: string; failed: boolean }): void | Promise<void>;
  /** After each model turn (one step), before its calls run. */
  afterTurn?(turn: { step: number; content: string | null; toolCalls: ToolCall[] }): void | Promise<void>;
}

export interface ToolLoopOptions {
  client: LlmClient;
  /** The conversation so far (system and user first); the loop appends to a copy. */
  messages: ToolChatMessage[];
  tools: LoopTool[];
  /** Model turns at most; a model that keeps calling tools is stopped here. */
  maxSteps: number;
  signal: AbortSignal;
  maxResultChars?: number;
  hooks?: ToolLoopHooks;
}

export type ToolLoopResult =
  | { outcome: 'answered'; answer: string; steps: number; messages: ToolChatMessage[] }
  | { outcome: 'step_limit'; steps: number; messages: ToolChatMessage[] };

/**
 * The standard tool-calling exchange: the model is offered `tools`, every call it makes is run and answered, until it
 * answers in text without calling anything (`answered`) or `maxSteps` turns are used (`step_limit`). Bad arguments
 * and failing tools are told to the model, which may correct itself; they never end the loop.
 */
export async function runToolLoop(options: ToolLoopOptions): Promise<ToolLoopResult> {
  const { client, tools, maxSteps, signal, hooks } = options;
  const byName = new Map(tools.map((t) => [t.definition.name, t]));
  const definitions = tools.map((t) => t.definition);
  const limit = options.maxResultChars ?? DEFAULT_TOOL_RESULT_CHARS;
  const messages = [...options.messages];
  for (let step = 1; step <= maxSteps; step++) {
    signal.throwIfAborted();
    const reply = await client.tools(messages, definitions, signal);
    await hooks?.afterTurn?.({ step, content: reply.content, toolCalls: reply.toolCalls });
    if (reply.toolCalls.length === 0) {
      messages.push({ role: 'assistant', content: reply.content ?? '' });
      return { outcome: 'answered', answer: reply.content ?? '', steps: step, messages };
    }
    messages.push(assistantTurn(reply.content, reply.toolCalls));
    for (const call of reply.toolCalls) {
      signal.throwIfAborted();
      const parsed = parseArguments(call.arguments);
      const event: ToolCallEvent = { id: call.id, name: call.name, args: parsed ?? {} };
      await hooks?.beforeTool?.(event);
      const answer = await runCall(byName, call.name, parsed, signal);
      const result = clip(answer.result, limit);
      await hooks?.afterTool?.({ ...event, result, failed: answer.failed });
      messages.push({ role: 'tool', tool_call_id: call.id, content: result });
    }
  }
  return { outcome: 'step_limit', steps: maxSteps, messages };
}

/** The model's turn as the conversation records it: its text and the calls it made. */
function assistantTurn(content: string | null, calls: ToolCall[]): ToolChatMessage {
  return {
    role: 'assistant',
    content,
    tool_calls: calls.map((c) => ({
      id: c.id,
      type: 'function' as const,
      function: { name: c.name, arguments: c.arguments },
    })),
  };
}

/**
 * One call's answer to the model: the tool's text, or what went wrong (no such tool, arguments that are not a JSON
 * object, the tool's error). Only an abort of the whole loop throws.
 */
async function runCall(
  byName: Map<string, LoopTool>,
  name: string,
  parsed: Record<string, unknown> | null,
  signal: AbortSignal,
): Promise<{ result: string; failed: boolean }> {
  const tool = byName.get(name);
  if (!tool)
    return {
      result: `error: there is no tool named "${name}"; the tools are ${[...byName.keys()].join(', ')}`,
      failed: true,
    };
  if (!parsed)
    return {
      result: 'error: the arguments are not a JSON object; call the tool again with a JSON object',
      failed: true,
    };
  try {
    return { result: await tool.run(parsed, signal), failed: false };
  } catch (error) {
    if (signal.aborted) throw error;
    return { result: `error: ${error instanceof Error ? error.message : String(error)}`, failed: true };
  }
}

function parseArguments(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}\n[cut: ${text.length - limit} more characters]`;
}
