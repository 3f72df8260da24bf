import type { ScrapeRequest } from './contract/scrapeRequest.js';
import type { ScrapeContext, ScrapeDocument, ScraperLogger } from './types.js';
import type { PipelineDeps } from './pipelineDeps.js';
import { acquire, checkAcquire } from './steps/acquire.js';
import { buildDocument } from './steps/buildDocument.js';
import { checkCacheRead, readCache } from './steps/cacheRead.js';
import { acquireAndStore } from './steps/cacheWrite.js';
import { checkChangeTracking, trackChanges } from './steps/changeTracking.js';
import { checkLlmFormats, runLlmFormats } from './steps/llmFormats.js';
import { renderMedia } from './steps/mediaFormats.js';
import { planScrape } from './steps/plan.js';
import { checkPost, postProcess } from './steps/postProcess.js';
import { redactChangeTracking, redactContent } from './steps/redactContent.js';
import { checkFormats, renderFormats } from './steps/renderFormats.js';
import { publishArtifacts, type ArtifactUrl } from './steps/publishArtifacts.js';
import { checkTransform, transform } from './steps/transform.js';
import { transformRemembered } from './steps/transformMemo.js';
import type { Source } from './source.js';
import type { ScrapePlan } from './steps/plan.js';
import type { Content } from './steps/types.js';

/**
 * One scrape, step by step. The order of operations is read here and nowhere else.
 * `signal` carries the whole-scrape timeout; engines honour it and it is re-checked between steps.
 */
export async function runPipeline(
  request: ScrapeRequest,
  deps: PipelineDeps,
  signal: AbortSignal,
  context: Pick<ScrapeContext, 'team' | 'onRetainedPage' | 'creditBudget'> & {
    logger?: ScraperLogger;
    artifactUrl?: ArtifactUrl;
    upload?: Source;
    /** Settles once the scrape is answered: the page-cache write waits for it (see writeCache). */
    answered?: PromiseLike<unknown>;
  } = {},
): Promise<ScrapeDocument> {
  // 1 plan: defaults resolved, engine needs, cacheability, the page-cache key.
  const planned = planScrape(request, deps.cache);
  // Zero data retention: the page is not kept past the answer (interact then re-opens the URL).
  const plan = {
    ...planned,
    team: context.team,
    onRetainedPage: planned.zeroDataRetention ? undefined : context.onRetainedPage,
    creditBudget: context.creditBudget,
  };
  // Every step first says whether it can serve the request, so unsupported options fail before any network traffic.
  // An uploaded file (POST /v2/parse) is the Source: no cache, no engine.
  const upload = context.upload;
  if (!upload) checkCacheRead(plan, deps);
  if (!upload) checkAcquire(plan, deps);
  checkTransform(plan);
  checkFormats(plan);
  checkPost(plan);
  checkChangeTracking(plan, deps);
  checkLlmFormats(plan, deps);

  // 2 cache read: lockdown / minAge → cache only; maxAge → a fresh hit or a miss.
  const hit = upload ? null : await readCache(plan, deps);
  signal.throwIfAborted();
  // 3 acquire: the engine fetches a Source.
  // 4 cache write: raw Sources only, when storeInCache and nothing sensitive forbids it; concurrent misses share a
  // fetch.
  const source =
    upload ??
    hit?.source ??
    (await acquireAndStore(plan, deps, () => acquire(plan, deps, signal), signal, context.logger, context.answered));
  signal.throwIfAborted();
  // 5 transform: by content type (html → core, json → fenced block, text → as is, pdf → parsers).
  //   A stored copy transformed before with the same options is remembered (a hit's cost is otherwise the transform).
  const content = await transformRemembered(plan, source, hit, deps, () =>
    transform(plan, source, deps.pdf, signal, deps.ocr),
  );
  signal.throwIfAborted();
  // 6 formats: only the requested ones.
  //   Screenshots and action outputs become artifact URLs (or data: URIs when nothing may be kept).
  const rendered = {
    ...renderFormats(plan, source, content),
    ...(await publishArtifacts(plan, source, deps, context.artifactUrl)),
  };
  //   audio/video: the page's media downloaded through the HTTP engine, converted by ffmpeg, stored behind 1-hour URLs.
  const fields = await renderMedia(plan, source, deps, signal, rendered, context.artifactUrl);
  signal.throwIfAborted();
  // 7 post: redaction and markdown clean-ups.
  //   redactPII: every returned page text and the page metadata; fails closed (500, nothing unredacted returned).
  const redacted = await redactContent(plan, content, postProcess(plan, content, fields));
  signal.throwIfAborted();
  // 7a LLM formats: onlyCleanContent, then summary, json, answer, highlights (on the final markdown).
  const withLlm = await runLlmFormats(plan, source, redacted.content, redacted.fields, deps, signal);
  signal.throwIfAborted();
  // 7b change tracking: against this team's previous scrape of the URL (after post, so it sees the final markdown).
  //    With redactPII its diff (which quotes the previous scrape) and json values are redacted too.
  const tracked = await redactChangeTracking(
    plan,
    await trackChanges(plan, source, withLlm, deps, context.team, signal),
  );
  // 8 document: requested fields + metadata.
  const document = buildDocument(plan, source, redacted.content, tracked, hit);
  // 9 local search index: pages the cache may keep are searchable without a provider (never uploads, never ZDR).
  if (!upload) indexForSearch(plan, source, redacted.content, deps, context.logger);
  return document;
}

function indexForSearch(
  plan: ScrapePlan,
  source: Source,
  content: Content,
  deps: PipelineDeps,
  logger?: ScraperLogger,
): void {
  if (!deps.searchIndex || !plan.cache.write || source.status >= 400 || !content.markdown) return;
  try {
    const title = typeof content.metadata.title === 'string' ? content.metadata.title : undefined;
    const description = typeof content.metadata.description === 'string' ? content.metadata.description : undefined;
    deps.searchIndex.add({ url: source.finalUrl || plan.sourceURL, title, description, text: content.markdown });
  } catch (error) {
    logger?.warn({ err: String(error) }, 'page not added to the search index');
  }
}
