import type { LlmClient } from './createLlmClient.js';
import { fitPage, type TaskResult } from './fitPage.js';
import { pageMessage, QUESTION_PROMPT } from './llmPrompts.js';

export const ANSWER_MAX_TOKENS = 512;

/** `data.answer` for a `question` format. */
export async function answerQuestion(
  client: LlmClient,
  markdown: string,
  question: string,
  signal: AbortSignal,
): Promise<TaskResult<string>> {
  const ask = `Question: ${question}`;
  const page = fitPage(client.config, markdown, ANSWER_MAX_TOKENS, QUESTION_PROMPT + ask);
  const reply = await client.text(
    [
      { role: 'system', content: QUESTION_PROMPT },
      { role: 'user', content: pageMessage(page.text, ask) },
    ],
    signal,
    { maxTokens: ANSWER_MAX_TOKENS },
  );
  const warnings = [...page.warnings];
  if (reply.finishReason === 'length') warnings.push(`The answer was cut at ${ANSWER_MAX_TOKENS} tokens.`);
  const value = reply.content.trim();
  if (!value) return { value: null, warnings: [...warnings, 'The model returned an empty answer.'] };
  return { value, warnings };
}
