import type { LlmClient } from './createLlmClient.js';
import { fitPage, type TaskResult } from './fitPage.js';
import { pageMessage, SUMMARY_PROMPT } from './llmPrompts.js';

/** A summary is a paragraph; this bounds what a rambling model can cost. */
export const SUMMARY_MAX_TOKENS = 512;

/** `data.summary`. */
export async function summarizePage(
  client: LlmClient,
  markdown: string,
  signal: AbortSignal,
): Promise<TaskResult<string>> {
  const page = fitPage(client.config, markdown, SUMMARY_MAX_TOKENS, SUMMARY_PROMPT);
  const reply = await client.text(
    [
      { role: 'system', content: SUMMARY_PROMPT },
      { role: 'user', content: pageMessage(page.text) },
    ],
    signal,
    { maxTokens: SUMMARY_MAX_TOKENS },
  );
  const warnings = [...page.warnings];
  if (reply.finishReason === 'length') warnings.push(`The summary was cut at ${SUMMARY_MAX_TOKENS} tokens.`);
  const value = reply.content.trim();
  if (!value) return { value: null, warnings: [...warnings, 'The model returned an empty summary.'] };
  return { value, warnings };
}
