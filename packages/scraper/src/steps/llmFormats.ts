import { errors, ScrapeError } from '../errors.js';
import { answerQuestion } from '../llm/answerQuestion.js';
import { cleanMarkdown } from '../llm/cleanMarkdown.js';
import { compileSchema } from '../llm/compileSchema.js';
import { extractJson } from '../llm/extractJson.js';
import type { TaskResult } from '../llm/fitPage.js';
import type { LlmClient } from '../llm/llmTypes.js';
import { findHighlights } from '../llm/findHighlights.js';
import { isLlmError } from '../llm/LlmError.js';
import type { LlmProvider } from '../llm/llmProvider.js';
import { summarizePage } from '../llm/summarizePage.js';
import type { PipelineDeps } from '../pipelineDeps.js';
import type { Source } from '../source.js';
import type { ScrapePlan } from './plan.js';
import type { FormatFields, Content } from './types.js';
import { piiCountsOf, redactJsonOrFail, redactOptionsOf, redactTextOrFail } from './redactContent.js';

/** What an unconfigured scraper is missing when nobody said otherwise. */
const DEFAULT_MISSING = ['SCRAPE_LLM_BASE_URL', 'SCRAPE_LLM_MODEL'];

/** The request's options that need the model, by the name the client wrote them with. */
export function llmOptionsOf(plan: ScrapePlan): string[] {
  const wanted: string[] = [];
  for (const type of ['summary', 'json', 'question', 'highlights'] as const)
    if (plan.formats.has(type)) wanted.push(`formats.${type}`);
  const tracking = plan.formats.get('changeTracking');
  if (tracking?.type === 'changeTracking' && tracking.modes.includes('json'))
    wanted.push('formats.changeTracking.modes.json');
  if (plan.request.onlyCleanContent) wanted.push('onlyCleanContent');
  return wanted;
}

/**
 * Refuses before any fetch what the LLM formats cannot do: no provider configured (400 naming the settings),
 * onlyCleanContent under zero data retention (400), a JSON Schema that does not compile (422).
 */
export function checkLlmFormats(plan: ScrapePlan, deps: Pick<PipelineDeps, 'llm'>): void {
  const wanted = llmOptionsOf(plan);
  if (wanted.length === 0) return;
  if (plan.request.onlyCleanContent && plan.zeroDataRetention) {
    throw errors.badRequest(
      'onlyCleanContent is not supported on zero-data-retention requests: the page would be sent to the cleaning model',
      { option: 'onlyCleanContent' },
      'SCRAPE_ZDR_UNSUPPORTED',
    );
  }
  const provider: LlmProvider = deps.llm ?? { missing: DEFAULT_MISSING };
  if (!provider.client) {
    throw errors.badRequest(
      `${wanted.join(', ')} need an OpenAI-compatible LLM server, and none is configured: set ` +
        `${provider.missing.join(' and ')} (and SCRAPE_LLM_API_KEY if the server wants one), or pass createScraper({ ` +
        `llm })`,
      { options: wanted, missing: provider.missing },
      'SCRAPE_LLM_NOT_CONFIGURED',
    );
  }
  const json = plan.formats.get('json');
  if (json?.type === 'json' && json.schema) compileSchema(json.schema, 'formats.json.schema');
  const tracking = plan.formats.get('changeTracking');
  if (tracking?.type === 'changeTracking' && tracking.modes.includes('json')) {
    if (!tracking.schema && !tracking.prompt) {
      throw errors.badRequest("changeTracking json mode needs a 'schema' or a 'prompt' saying what to compare", {
        option: 'formats.changeTracking',
      });
    }
    if (tracking.schema) compileSchema(tracking.schema, 'formats.changeTracking.schema');
  }
}

/**
 * Step 7a. onlyCleanContent first (the other formats then read the cleaned markdown), then summary, json, answer and
 * highlights side by side. Problems with the model become `data.warning` and a null field; a JSON result that never
 * matches the schema is a 422 and a page caught instructing the model a 403 (spec §4.1).
 */
export async function runLlmFormats(
  plan: ScrapePlan,
  source: Source,
  content: Content,
  fields: FormatFields,
  deps: Pick<PipelineDeps, 'llm'>,
  signal: AbortSignal,
): Promise<FormatFields> {
  const wanted = llmOptionsOf(plan).filter((o) => o !== 'formats.changeTracking.modes.json');
  const client = deps.llm?.client;
  if (wanted.length === 0 || !client) return fields;
  let markdown = fields.markdown ?? content.markdown;
  if (markdown === undefined) throw errors.unsupportedContent(source.contentType, wanted);
  // Post-processing redacted the markdown field; markdown not asked for is redacted here before the model sees it.
  const redactOptions = redactOptionsOf(plan.request);
  if (fields.markdown === undefined && redactOptions !== undefined)
    markdown = await redactTextOrFail(markdown, redactOptions);
  const out: FormatFields = { ...fields };
  const warnings: string[] = [];

  if (plan.request.onlyCleanContent) {
    const cleaned = await cleanFirst(client, markdown, redactOptions, content, signal);
    warnings.push(...cleaned.warnings);
    if (cleaned.value !== null) {
      markdown = cleaned.value;
      if (out.markdown !== undefined) out.markdown = markdown;
    }
  }
  const page = markdown;
  const json = plan.formats.get('json');
  const question = plan.formats.get('question');
  const highlights = plan.formats.get('highlights');
  const [summaryResult, jsonResult, answerResult, highlightsResult] = await Promise.all([
    plan.formats.has('summary') ? tolerate('summary', () => summarizePage(client, page, signal)) : undefined,
    json?.type === 'json'
      ? tolerate('json', () =>
          extractJson(
            client,
            page,
            {
              schema: json.schema,
              validate: json.schema ? compileSchema(json.schema, 'formats.json.schema') : undefined,
              prompt: json.prompt,
              checkPromptInjection: json.checkPromptInjection,
            },
            signal,
          ),
        )
      : undefined,
    question?.type === 'question'
      ? tolerate('question', () => answerQuestion(client, page, question.question, signal))
      : undefined,
    highlights?.type === 'highlights'
      ? tolerate('highlights', () => findHighlights(client, page, highlights.query, signal))
      : undefined,
  ]);
  const results: Record<string, unknown> = {};
  if (summaryResult) results.summary = summaryResult.value;
  if (jsonResult) results.json = jsonResult.value;
  if (answerResult) results.answer = answerResult.value;
  if (highlightsResult) results.highlights = highlightsResult.value;
  for (const r of [summaryResult, jsonResult, answerResult, highlightsResult]) if (r) warnings.push(...r.warnings);
  // The model may repeat personal data from the page (or invent some): its output is redacted like the markdown.
  const finalResults =
    redactOptions !== undefined ? await redactJsonOrFail(results, redactOptions, piiCountsOf(content)) : results;
  Object.assign(out, finalResults);
  if (warnings.length > 0) out.warning = [out.warning, ...dedupe(warnings)].filter(Boolean).join(' ');
  return out;
}

/** onlyCleanContent: the markdown the model cleaned (null with a warning when it failed), redacted again if asked. */
async function cleanFirst(
  client: LlmClient,
  markdown: string,
  redactOptions: ReturnType<typeof redactOptionsOf>,
  content: Content,
  signal: AbortSignal,
): Promise<TaskResult<string>> {
  const cleaned = await tolerate('onlyCleanContent', () => cleanMarkdown(client, markdown, signal));
  if (cleaned.value === null || redactOptions === undefined) return cleaned;
  // Cleaned from redacted markdown, but a model may still write personal data back in.
  return { ...cleaned, value: await redactTextOrFail(cleaned.value, redactOptions, piiCountsOf(content)) };
}

/**
 * A model that is down, slow or talking nonsense costs the format its value, not the scrape: the rest is returned with
 * a warning.
 */
export async function tolerate<T>(what: string, task: () => Promise<TaskResult<T>>): Promise<TaskResult<T>> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof ScrapeError) throw error;
    if (isLlmError(error) && error.kind !== 'aborted') return { value: null, warnings: [`${what}: ${error.message}.`] };
    throw error;
  }
}

function dedupe(list: string[]): string[] {
  return [...new Set(list)];
}
