// The public face of @scrape/scraper: the v2 contract, the pipeline and createScraper() for in-process use.
export { ScrapeError, isScrapeError, errors, TARGET_FAILURE_STATUS } from './errors.js';
export {
  createScraper,
  type Scraper,
  type ScraperOptions,
  type ScraperLogger,
  type ScrapeContext,
  type ScrapeDocument,
  type ScraperArtifacts,
  type ScraperStats,
} from './createScraper.js';

// The contract: one set of zod schemas gives the types, the validation and the OpenAPI document.
export {
  scrapeRequestSchema,
  isHttpUrl,
  hostnameProblem,
  WAIT_FOR_RULE,
  type ScrapeRequest,
  type ScrapeRequestInput,
} from './contract/scrapeRequest.js';
export { parseScrapeRequest, type ValidationIssue } from './contract/parseScrapeRequest.js';
export { FORMAT_TYPES, type FormatType, type FormatObject } from './contract/formats.js';
export { actionSchema, type Action } from './contract/actions.js';
export type { PdfParser } from './contract/parsers.js';
export { buildOpenApiDocument, SCRAPE_OPENAPI_ROUTE } from './contract/buildOpenApiDocument.js';
export {
  createOpenApiRegistry,
  toOpenApiPath,
  type OpenApiRegistry,
  type OpenApiRoute,
  type OpenApiResponse,
  type OpenApiBody,
  type OpenApiMethod,
} from './contract/createOpenApiRegistry.js';
export * as responseSchemas from './contract/responses.js';
export * from './contract/limits.js';

// Seams for the engines and the cache.
export type { Source, SourceScreenshot } from './source.js';
export type { SourceCache, SourceCacheHit, CacheVariant } from './sourceCache.js';
export { sourceCacheFromStores } from './sourceCache.js';
export { resolveStoreHome, type StoreHome } from './createLazyStores.js';
export { DEFAULT_TEAM, type ChangeTrackingField } from './steps/changeTracking.js';
export type { Engine, Engines } from './engines/engine.js';
export type { ScrapePlan, CachePlan } from './steps/plan.js';
export { pickEngine } from './engines/pickEngine.js';
export {
  createHttpEngine,
  MAX_REDIRECTS,
  MAX_RESPONSE_BYTES,
  DEFAULT_USER_AGENT,
  type HttpEngineOptions,
} from './engines/createHttpEngine.js';
export { createBrowserEngine, type BrowserEngine, type BrowserEngineOptions } from './engines/createBrowserEngine.js';
export { looksClientRendered, judgeClientRendered, type ClientRenderedVerdict } from './engines/looksClientRendered.js';
export { looksBlocked } from './engines/looksBlocked.js';
export {
  planProxyAttempts,
  parseProxyUrl,
  proxySettingsFromEnv,
  ENHANCED_PROXY_SETTING,
  type ProxySettings,
  type ProxyAttempt,
  type ProxyTier,
} from './engines/planProxyAttempts.js';
export type { AcquireOptions, ProxyEndpoint } from './engines/engine.js';
export { ARTIFACT_TTL_MS, defaultArtifactUrl, type ArtifactUrl, type ArtifactRef } from './steps/publishArtifacts.js';

// The SSRF guard, reusable by the browser engine's request interception.
export { isPublicAddress } from './ssrf/isPublicAddress.js';
export {
  isAllowedAddress,
  privateUrlsAllowedByEnv,
  type AllowAddress,
  type ResolveHost,
  type SsrfOptions,
} from './ssrf/addressPolicy.js';
export { resolveAllowedAddresses } from './ssrf/resolveAllowedAddresses.js';

// The OpenAI-compatible LLM provider (summary, json, question, highlights, onlyCleanContent, changeTracking json).
export {
  createLlmClient,
  type LlmClient,
  type ChatMessage,
  type ChatReply,
  type StructuredMode,
  type ToolDefinition,
  type ToolCall,
  type ToolChatMessage,
  type ToolChatReply,
} from './llm/createLlmClient.js';
export { resolveLlmSetup, type LlmOptions, type LlmConfig, type LlmSetup } from './llm/llmConfig.js';
export { detectPromptInjection } from './llm/detectPromptInjection.js';
export { LlmError, isLlmError, type LlmErrorKind } from './llm/LlmError.js';

// PDFs: the parse threads (parsePdf off the main thread, hard-stopped at the deadline) and the offline OCR engine.
export {
  createPdfWorkerPool,
  type PdfWorkerPool,
  type PdfWorkerPoolOptions,
  type PdfWorkerPoolStats,
  type PdfParseContext,
} from './pdf/createPdfWorkerPool.js';
export {
  createTesseractOcr,
  defaultLangPath,
  type TesseractOcr,
  type TesseractOcrOptions,
} from './ocr/createTesseractOcr.js';

// Interact sessions (POST /v2/scrape/{scrapeId}/interact): Playwright code in a sandbox process against a session page.
export type { RetainedPage } from '@scrape/browser';
export {
  createInteractSessions,
  type InteractSessions,
  type InteractSessionsOptions,
  type InteractResponse,
  type StopResponse,
  type BrowserCreated,
  type BrowserListed,
} from './interact/createInteractSessions.js';
export { parseBrowserRequest, type BrowserRequest } from './interact/parseBrowserRequest.js';
export { interactSettingsFromEnv, type InteractSettings } from './interact/interactSettings.js';
export {
  parseInteractRequest,
  interactRequestSchema,
  INTERACT_DEFAULT_TIMEOUT_S,
  INTERACT_MAX_TIMEOUT_S,
  type InteractRequest,
} from './interact/parseInteractRequest.js';
export { createMemoryProfileStore, createHomeProfileStore, type ProfileStore } from './interact/profileStore.js';
export {
  createKvSessionDirectory,
  sessionDirectoryForHome,
  type SessionDirectory,
  type SessionRecord,
  type ScrapeRecord,
} from './interact/sessionDirectory.js';

// POST /v2/parse: uploads converted through the scrape pipeline (the Scraper's `parse`).
export { detectUpload, type Upload, type UploadKind, type DetectedUpload } from './parse/detectUpload.js';
export { uploadErrors } from './parse/uploadErrors.js';

// POST /v2/search: SearXNG or the local index of scraped pages (the Scraper's `search`).
export {
  runSearch,
  expectedSearchCredits,
  RESULTS_PER_CREDIT,
  type SearchResponse,
  type SearchResultItem,
} from './search/createSearch.js';
export { parseSearchRequest, searchRequestSchema, type SearchRequest } from './search/searchRequest.js';
export { createLocalSearchIndex, type LocalSearchIndex } from './search/createLocalSearchIndex.js';
export { createSearxngProvider, type SearchProvider } from './search/createSearxngProvider.js';
// Tool-using model loops (interact prompts, agent runs).
export {
  runToolLoop,
  DEFAULT_TOOL_RESULT_CHARS,
  type LoopTool,
  type ToolLoopOptions,
  type ToolLoopResult,
  type ToolLoopHooks,
  type ToolCallEvent,
} from './llm/runToolLoop.js';
export { runPagePrompt, type PagePromptOptions, type PagePromptResult } from './interact/runPagePrompt.js';
export { createPageTools, type PageAction } from './interact/pageTools.js';

// Agent runs (POST /v2/agent): one run = a tool-using loop over the service's own operations (see docs/api.md).
export {
  runAgentJob,
  DEFAULT_AGENT_MAX_STEPS,
  DEFAULT_CREDITS_PER_TURN,
  type AgentTool,
  type AgentJobInput,
  type RunAgentOptions,
  type AgentRunResult,
} from './agent/runAgentJob.js';
export {
  createTraceWriter,
  type AgentTraceEvent,
  type AgentTraceEventBody,
  type AgentTraceSink,
  type AgentTraceError,
  type AgentErrorCode,
  type AgentOutcome,
} from './agent/agentTrace.js';
export { createAgentTools, type AgentToolsOptions } from './agent/agentTools.js';
export {
  parseAgentRequest,
  AGENT_PROMPT_MAX_CHARS,
  AGENT_MAX_URLS,
  AGENT_WEBHOOK_EVENTS,
  type AgentRequest,
  type AgentWebhookEvent,
} from './agent/parseAgentRequest.js';
// Crawl, map and batch scrape: jobs on @scrape/jobs, every page through the scrape pipeline.
export {
  createJobRuntime,
  type JobRuntime,
  type JobRuntimeOptions,
  type StartJobWorkerOptions,
  type JobContext,
} from './crawl/createJobRuntime.js';
export {
  createJobHandlers,
  ROBOTS_BLOCKED,
  INSUFFICIENT_CREDITS,
  type JobBilling,
  type CrawlItemPayload,
} from './crawl/createJobHandlers.js';
export {
  parseCrawlRequest,
  parseMapRequest,
  parseBatchRequest,
  crawlRequestSchema,
  mapRequestSchema,
  batchOwnSchema,
  webhookSchema,
  CRAWL_LIMIT_DEFAULT,
  CRAWL_LIMIT_MAX,
  MAP_LIMIT_DEFAULT,
  MAP_LIMIT_MAX,
  BATCH_URLS_MAX,
  type CrawlRequest,
  type MapRequest,
  type BatchRequest,
  type WebhookConfig,
} from './crawl/crawlRequest.js';
export { createCrawlScope, type CrawlScope } from './crawl/crawlScope.js';
export { crawlOpenApiRoutes } from './crawl/crawlOpenApi.js';
export { compileUserPattern } from './crawl/compileUserPattern.js';
export { parseSitemap, readSitemaps } from './crawl/readSitemaps.js';
export { rankBySearch, type MapLink } from './crawl/mapSite.js';
export {
  createWebhookSender,
  WEBHOOK_ATTEMPTS,
  type WebhookSender,
  type WebhookDelivery,
  type WebhookEvent,
} from './crawl/createWebhookSender.js';

// POST /v2/extract: per-page json extraction on the job queue, merged on read.
export { parseExtractRequest, type ExtractRequest } from './extract/extractRequest.js';
export type { ExtractStatus } from './extract/createExtractJobs.js';
export { browserOpenApiRoutes, agentOpenApiRoutes } from './contract/sessionOpenApiRoutes.js';
