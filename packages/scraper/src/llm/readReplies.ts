import type { ChatReply, ToolCall, ToolChatReply } from './llmTypes.js';
import { LlmError } from './LlmError.js';

/** How much of a bad reply an error carries (for the client to see what the model said). */
export const REPLY_EXCERPT_CHARS = 500;

/** The text reply of a Chat Completions answer (and why it stopped); bad_output when there is none. */
export async function readReply(response: Response): Promise<ChatReply> {
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

/** The text and tool calls of a Chat Completions answer; bad_output when it has neither. */
export async function readToolReply(response: Response): Promise<ToolChatReply> {
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
