import type { LlmClient } from './createLlmClient.js';
import type { TaskResult } from './fitPage.js';
import { CLEAN_PROMPT, pageMessage } from './llmPrompts.js';
import { estimateTokens } from './truncateToBudget.js';

/** A cleaned page much shorter than this share of the original lost content, not boilerplate. */
const MIN_KEPT_SHARE = 0.2;

/**
 * `onlyCleanContent`: the markdown rewritten without residual boilerplate. The reply is the whole page again, so a
 * page longer than the model may write (or than fits the context twice) is not sent: the original is kept with a
 * warning, as it is when the reply is cut short or empty.
 */
export async function cleanMarkdown(
  client: LlmClient,
  markdown: string,
  signal: AbortSignal,
): Promise<TaskResult<string>> {
  const { maxOutputTokens, contextTokens } = client.config;
  const tokens = estimateTokens(markdown);
  // The reply needs as many tokens as the page, with a tenth to spare.
  const needed = Math.ceil(tokens * 1.1);
  if (needed > maxOutputTokens || tokens + needed + estimateTokens(CLEAN_PROMPT) > contextTokens) {
    return {
      value: null,
      warnings: [
        `onlyCleanContent skipped: the markdown (about ${tokens} tokens) exceeds the cleaning model's output limit ` +
          `(${Math.min(maxOutputTokens, Math.floor(contextTokens / 2))} tokens); the original markdown is kept.`,
      ],
    };
  }
  const reply = await client.text(
    [
      { role: 'system', content: CLEAN_PROMPT },
      { role: 'user', content: pageMessage(markdown) },
    ],
    signal,
    { maxTokens: Math.min(maxOutputTokens, needed + 256) },
  );
  const cleaned = stripFence(reply.content.trim());
  if (reply.finishReason === 'length')
    return {
      value: null,
      warnings: [
        'onlyCleanContent skipped: the cleaned markdown was cut at the output limit; the original markdown is kept.',
      ],
    };
  if (cleaned.length < markdown.trim().length * MIN_KEPT_SHARE) {
    return {
      value: null,
      warnings: [
        'onlyCleanContent skipped: the cleaning pass removed most of the page; the original markdown is kept.',
      ],
    };
  }
  return { value: cleaned, warnings: [] };
}

/** Models often wrap the page in ```markdown fences despite being told not to. */
function stripFence(text: string): string {
  const m = /^```(?:markdown|md)?\s*\n([\s\S]*?)\n```$/.exec(text);
  return m ? m[1]! : text;
}
