import { z } from 'zod';
import { errors } from '../errors.js';
import { isHttpUrl } from '../contract/scrapeRequest.js';
import type { LlmProvider } from '../llm/llmProvider.js';
import { crawlRequestSchema, parseCrawlRequest, type CrawlRequest } from './crawlRequest.js';

const PREVIEW_TIMEOUT_MS = 60_000;
/**
 * The options a prompt may set: what a crawl's scope is made of, nothing that spends more (scrape options, webhooks).
 */
const previewSchema = crawlRequestSchema.pick({
  includePaths: true,
  excludePaths: true,
  maxDiscoveryDepth: true,
  limit: true,
  crawlEntireDomain: true,
  allowSubdomains: true,
  allowExternalLinks: true,
  sitemap: true,
  ignoreQueryParameters: true,
});

const requestSchema = z.strictObject({
  url: z.string().refine(isHttpUrl, { message: 'url must be an absolute http:// or https:// URL' }),
  prompt: z.string().min(1).max(10_000),
});

/**
 * `POST /v2/crawl/params-preview`: the configured LLM turns a natural-language instruction into crawl options; the
 * reply is validated like a crawl request (patterns compiled and bounded) before it is returned. Without an LLM:
 * the same 400 `SCRAPE_LLM_NOT_CONFIGURED` the LLM formats answer.
 */
export async function previewCrawlParams(
  body: unknown,
  llm: LlmProvider,
  signal?: AbortSignal,
  what = 'crawl params preview',
): Promise<Record<string, unknown>> {
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) {
    const urlIssue = parsed.error.issues.some((i) => i.path[0] === 'url');
    if (urlIssue)
      throw errors.invalidUrl(parsed.error.issues.map((i) => ({ code: i.code, path: i.path, message: i.message })));
    throw errors.badRequest(
      'Bad Request',
      parsed.error.issues.map((i) => ({ code: i.code, path: i.path, message: i.message })),
    );
  }
  if (!llm.client) {
    throw errors.badRequest(
      `${what} needs an OpenAI-compatible LLM server, and none is configured: set ${llm.missing.join(' and ')}`,
      { missing: llm.missing },
      'SCRAPE_LLM_NOT_CONFIGURED',
    );
  }
  const schema = z.toJSONSchema(previewSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  const timeout = AbortSignal.timeout(PREVIEW_TIMEOUT_MS);
  const reply = await llm.client.json({
    schemaName: 'crawl_options',
    schema,
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    messages: [
      {
        role: 'system',
        content:
          'You turn a crawl instruction into crawler options. includePaths/excludePaths are JavaScript regexes ' +
          'matched ' +
          'against the URL path (e.g. "^/blog/.*"). Set only the options the instruction implies. Reply with JSON ' +
          'only.',
      },
      { role: 'user', content: `Start URL: ${parsed.data.url}\nInstruction: ${parsed.data.prompt}` },
    ],
    validate: (value) => {
      const check = previewSchema.safeParse(value);
      return check.success ? null : check.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    },
  });
  const options = previewSchema.parse(reply.value);
  const cleaned = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== null && v !== undefined));
  // The same checks as a crawl request (patterns compile and are safe), so the preview can be sent as is.
  parseCrawlRequest({ url: parsed.data.url, ...cleaned });
  return { url: parsed.data.url, ...cleaned };
}

/**
 * `POST /v2/crawl` with `prompt`: the options the prompt implies (as params-preview makes them), under the options the
 * body sets itself (an explicit option wins over a generated one), validated as one crawl request again.
 */
export async function crawlRequestFromPrompt(
  body: Record<string, unknown>,
  request: CrawlRequest,
  llm: LlmProvider,
  signal?: AbortSignal,
): Promise<CrawlRequest> {
  const generated = await previewCrawlParams({ url: request.url, prompt: request.prompt }, llm, signal, 'crawl prompt');
  const explicit = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null && v !== undefined));
  return parseCrawlRequest({ ...generated, ...explicit });
}
