import type { LlmClient } from './createLlmClient.js';
import { fitPage, type TaskResult } from './fitPage.js';
import { HIGHLIGHTS_PROMPT, pageMessage } from './llmPrompts.js';

export const HIGHLIGHTS_MAX_TOKENS = 1024;
/** Between quotes in `data.highlights` (a string in the spec): a blank line, as between markdown paragraphs. */
export const HIGHLIGHT_SEPARATOR = '\n\n';
/** Shorter than this is a word or two, not a passage worth quoting. */
const MIN_QUOTE_CHARS = 8;

const HIGHLIGHTS_SCHEMA = {
  type: 'object',
  properties: { highlights: { type: 'array', items: { type: 'string' } } },
  required: ['highlights'],
  additionalProperties: false,
};

/**
 * `data.highlights`: passages the model quoted, each checked against the markdown. A quote found verbatim, or
 * found once whitespace is evened out, is returned as the page has it; anything else is dropped with a warning
 * (a model that paraphrases must not pass its words off as the page's).
 */
export async function findHighlights(
  client: LlmClient,
  markdown: string,
  query: string,
  signal: AbortSignal,
): Promise<TaskResult<string>> {
  const ask = `Query: ${query}`;
  const page = fitPage(client.config, markdown, HIGHLIGHTS_MAX_TOKENS, HIGHLIGHTS_PROMPT + ask);
  const { value } = await client.json({
    messages: [
      { role: 'system', content: HIGHLIGHTS_PROMPT },
      { role: 'user', content: pageMessage(page.text, ask) },
    ],
    schema: HIGHLIGHTS_SCHEMA,
    schemaName: 'highlights',
    validate: (v) => (isQuoteList(v) ? null : ['"highlights" must be an array of strings']),
    signal,
    maxTokens: HIGHLIGHTS_MAX_TOKENS,
  });
  const quotes = (value as { highlights: string[] }).highlights;
  const warnings = [...page.warnings];
  const kept: string[] = [];
  let dropped = 0;
  for (const quote of quotes) {
    const found = locateQuote(markdown, quote);
    if (found && !kept.includes(found)) kept.push(found);
    else if (!found) dropped++;
  }
  if (dropped > 0)
    warnings.push(`${dropped} highlight${dropped === 1 ? ' was' : 's were'} dropped: not found verbatim in the page.`);
  if (kept.length === 0)
    return {
      value: null,
      warnings: quotes.length === 0 ? [...warnings, 'The model found nothing relevant to the query.'] : warnings,
    };
  return { value: kept.join(HIGHLIGHT_SEPARATOR), warnings };
}

function isQuoteList(v: unknown): boolean {
  const list = (v as { highlights?: unknown } | null)?.highlights;
  return Array.isArray(list) && list.every((q) => typeof q === 'string');
}

/** The page's own text of a quote: exact, or with runs of whitespace matched loosely. */
export function locateQuote(markdown: string, quote: string): string | undefined {
  const trimmed = quote.trim();
  if (trimmed.length < MIN_QUOTE_CHARS) return undefined;
  if (markdown.includes(trimmed)) return trimmed;
  const words = trimmed.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const match = new RegExp(words.join('\\s+')).exec(markdown);
  return match?.[0];
}
