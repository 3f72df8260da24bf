import type { LlmConfig } from './llmConfig.js';
import { estimateTokens, truncateToBudget } from './truncateToBudget.js';

/** Room for the chat template and role tokens around the messages, which the estimate does not see. */
const TEMPLATE_OVERHEAD_TOKENS = 128;

/** A format's outcome: its value (null when it could not be made) and what the client should be told. */
export interface TaskResult<T> {
  value: T | null;
  warnings: string[];
}

/**
 * The page cut to what fits the context with the prompt and the reply: contextTokens minus the reply's
 * max_tokens, the prompt text and the template overhead.
 */
export function fitPage(
  config: LlmConfig,
  markdown: string,
  replyTokens: number,
  promptText: string,
): { text: string; warnings: string[] } {
  const budget = config.contextTokens - replyTokens - estimateTokens(promptText) - TEMPLATE_OVERHEAD_TOKENS;
  const { text, truncated } = truncateToBudget(markdown, Math.max(0, budget));
  return {
    text,
    warnings: truncated
      ? [
          `The page was truncated to about ${Math.max(0, budget)} tokens to fit the model's context ` +
            `(${config.contextTokens} tokens).`,
        ]
      : [],
  };
}
