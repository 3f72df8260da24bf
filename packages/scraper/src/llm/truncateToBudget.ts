/** Rough characters per token for English prose and markdown; errs on the side of sending less. */
export const CHARS_PER_TOKEN = 4;
/** Said to the model where the page was cut, so it does not take the cut for the end of the page. */
export const TRUNCATION_MARKER = '\n\n[... page truncated to fit the model context ...]';

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/**
 * Cuts `text` to at most `maxTokens` (estimated), at the last paragraph or line break before the limit so no
 * sentence is sent half, and marks the cut.
 */
export function truncateToBudget(text: string, maxTokens: number): { text: string; truncated: boolean } {
  const maxChars = Math.max(0, maxTokens * CHARS_PER_TOKEN - TRUNCATION_MARKER.length);
  if (text.length <= maxTokens * CHARS_PER_TOKEN) return { text, truncated: false };
  const head = text.slice(0, maxChars);
  const paragraph = head.lastIndexOf('\n\n');
  const line = head.lastIndexOf('\n');
  // A break in the last fifth keeps most of the budget; otherwise cut at the limit.
  const cut = paragraph > maxChars * 0.8 ? paragraph : line > maxChars * 0.8 ? line : maxChars;
  return { text: head.slice(0, cut).trimEnd() + TRUNCATION_MARKER, truncated: true };
}
