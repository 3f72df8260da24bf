// @scrape/scraper/internal: what the HTTP service (@scrape/http) and the benchmarks use from inside the scraper.
// No promise of stability to anyone else; the public face is `./index.ts`.
export { TIMEOUT_DEFAULT_MS } from './contract/limits.js';
export { SCRAPE_OPENAPI_ROUTE } from './contract/buildOpenApiDocument.js';
export {
  createOpenApiRegistry,
  toOpenApiPath,
  type OpenApiRegistry,
  type OpenApiRoute,
} from './contract/createOpenApiRegistry.js';
export * as responseSchemas from './contract/responses.js';
// The kept document's JSON text, reused by the HTTP answer (one serialisation a scrape).
export { keptJsonOf } from './create/keepResult.js';
export { browserOpenApiRoutes, agentOpenApiRoutes } from './contract/sessionOpenApiRoutes.js';
export { crawlOpenApiRoutes } from './crawl/crawlOpenApi.js';

// Engines, the store home and the SSRF switch the service reads from its configuration.
export { createBrowserEngine } from './engines/createBrowserEngine.js';
export { resolveStoreHome, type StoreHome } from './createLazyStores.js';

// The LLM provider (the service builds one for agent runs).
export { createLlmClient } from './llm/createLlmClient.js';
export { resolveLlmSetup } from './llm/llmConfig.js';

// Interact and browser sessions.
export type { RetainedPage } from '@scrape/browser';
export { createInteractSessions, type InteractSessions } from './interact/createInteractSessions.js';
export { interactRequestSchema } from './interact/parseInteractRequest.js';
export { sessionDirectoryForHome } from './interact/sessionDirectory.js';

// Uploads (POST /v2/parse) and search credits.
export { uploadErrors } from './parse/uploadErrors.js';
export { expectedSearchCredits } from './search/createSearch.js';
export { openMiniSearch } from './search/createLocalSearchIndex.js';
export { writeSearchSnapshot } from './search/writeSearchSnapshot.js';

// Agent runs (POST /v2/agent).
export { runAgentJob } from './agent/runAgentJob.js';
export type { AgentRunResult } from './agent/agentTypes.js';
export type { AgentTraceEvent, AgentTraceSink } from './agent/agentTrace.js';
export { createAgentTools } from './agent/agentTools.js';
export { parseAgentRequest, type AgentWebhookEvent } from './agent/parseAgentRequest.js';

// Crawl, map and batch jobs: the worker options, billing hook and webhooks.
export type { StartJobWorkerOptions } from './crawl/createJobRuntime.js';
export { ROBOTS_BLOCKED, type JobBilling } from './crawl/createJobHandlers.js';
export type { WebhookConfig } from './crawl/crawlRequest.js';
export { createWebhookSender, type WebhookEvent } from './crawl/createWebhookSender.js';

// Interact settings and time billing (the service's minute reservations).
export type { InteractSettings } from './interact/interactSettings.js';
export type { InteractTimeBilling } from './interact/createInteractSessions.js';

// Request schemas a monitor's targets are checked against.
export { scrapeRequestSchema } from './contract/scrapeRequest.js';
export { crawlRequestSchema } from './crawl/crawlRequest.js';

// The client-rendered check (benchmarks/client-rendered).
export { judgeClientRendered } from './engines/looksClientRendered.js';
