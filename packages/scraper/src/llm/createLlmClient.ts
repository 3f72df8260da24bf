import type { LlmConfig } from './llmConfig.js';
import { LlmError } from './LlmError.js';
import type { ChatMessage, ChatReply, LlmClient } from './llmTypes.js';
import { parseModelJson } from './parseModelJson.js';
import { postChatCompletion } from './postChatCompletion.js';
import { readReply, readToolReply, REPLY_EXCERPT_CHARS } from './readReplies.js';
import { type StructuredSupport, structuredCall } from './structuredCall.js';

export type { LlmClient, ToolCall, ToolChatMessage, ToolDefinition } from './llmTypes.js';

/**
 * Turns after a reply that is not valid JSON or does not match the schema; a model that fails twice rarely succeeds.
 */
const MAX_REPAIRS = 1;

/**
 * A client of any OpenAI Chat Completions server. The only state is what the server was found to support. The
 * request with its retries is postChatCompletion, the structured modes structuredCall, the replies readReplies.
 */
export function createLlmClient(config: LlmConfig): LlmClient {
  const supported: StructuredSupport = {};
  const complete = async (body: Record<string, unknown>, signal: AbortSignal): Promise<ChatReply> =>
    readReply(await postChatCompletion(config, body, signal));

  return {
    config,
    text: (messages, signal, options = {}) =>
      complete(options.maxTokens ? { messages, max_tokens: options.maxTokens } : { messages }, signal),
    async json(request) {
      const call = (messages: ChatMessage[]) =>
        structuredCall(complete, supported, {
          messages,
          schema: request.schema,
          name: request.schemaName,
          signal: request.signal,
          maxTokens: request.maxTokens,
        });
      let messages = request.messages;
      let { reply, mode } = await call(messages);
      for (let repair = 0; ; repair++) {
        const value = parseModelJson(reply.content);
        const problems = problemsOf(reply, value, request.validate);
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
        ({ reply, mode } = await call(messages));
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
      return readToolReply(await postChatCompletion(config, body, signal));
    },
    support: () => ({ ...supported }),
  };
}

/** What is wrong with a structured reply: not JSON (cut off, or not JSON at all), or the validator's problems. */
function problemsOf(
  reply: ChatReply,
  value: unknown,
  validate: ((value: unknown) => string[] | null) | undefined,
): string[] | null {
  if (value === undefined) {
    return [
      reply.finishReason === 'length' ? 'the reply was cut off before the JSON ended' : 'the reply is not valid JSON',
    ];
  }
  return validate?.(value) ?? null;
}

function repairPrompt(problems: string[]): string {
  return (
    `Your reply could not be used: ${problems.join('; ')}. Reply again with only the corrected JSON object, no ` +
    `prose and no code fences.`
  );
}
