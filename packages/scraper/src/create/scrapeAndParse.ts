import { parseScrapeRequest } from '../contract/parseScrapeRequest.js';
import { TIMEOUT_DEFAULT_MS } from '../contract/limits.js';
import { runWithCpu } from '../cpu/cpuContext.js';
import { finishUploadDocument, prepareUpload } from '../parse/parseUpload.js';
import type { Upload } from '../parse/detectUpload.js';
import { runPipeline } from '../pipeline.js';
import type { PipelineDeps } from '../pipelineDeps.js';
import type { ScraperOptions } from '../scraperOptions.js';
import { afterAnswer } from '../steps/afterAnswer.js';
import type { ScrapeContext, ScrapeDocument } from '../types.js';
import type { ScraperResources } from './createScraperResources.js';
import { keepResult } from './keepResult.js';
import { withDeadline } from './withDeadline.js';

/** What `scraper.scrape` and `scraper.parse` run with: the scraper's options, pipeline deps and resources. */
export interface ScrapeParts {
  options: ScraperOptions;
  deps: PipelineDeps;
  resources: ScraperResources;
}

/** `scraper.scrape`: validates the body, runs the pipeline under the request's deadline, keeps the result. */
export async function scrapeWith(parts: ScrapeParts, body: unknown, context: ScrapeContext): Promise<ScrapeDocument> {
  const { options, deps, resources } = parts;
  const { cpu } = resources;
  const request = parseScrapeRequest(body);
  const answer = afterAnswer();
  try {
    const document = await withDeadline(
      request.timeout,
      context.signal,
      (signal) =>
        // The CPU-heavy transforms run on a thread that ends with the scrape's deadline (see cpu/).
        runWithCpu(cpu ? { pool: cpu, signal } : undefined, () =>
          runPipeline(request, deps, signal, {
            team: context.team,
            onRetainedPage: context.onRetainedPage,
            creditBudget: context.creditBudget,
            logger: options.logger,
            artifactUrl: context.artifactUrl ?? options.artifactUrl,
            answered: answer.settled,
          }),
        ),
      { logger: options.logger, url: request.zeroDataRetention || request.lockdown ? undefined : request.url },
    );
    await keepResult(resources.stores, request, document, {
      team: context.team,
      logger: options.logger,
      after: answer.settled,
    });
    return document;
  } finally {
    answer.settle();
  }
}

/** `scraper.parse`: converts the upload, then runs the pipeline on it under the options' deadline. */
export async function parseWith(
  parts: ScrapeParts,
  upload: Upload,
  parseOptions: unknown,
  context: Pick<ScrapeContext, 'signal' | 'team'>,
): Promise<ScrapeDocument> {
  const { options, deps, resources } = parts;
  const { cpu } = resources;
  return withDeadline(
    timeoutOf(parseOptions),
    context.signal,
    async (signal) => {
      const prepared = await prepareUpload(upload, parseOptions, { ocr: resources.ocr, signal });
      signal.throwIfAborted();
      const doc = await runWithCpu(cpu ? { pool: cpu, signal } : undefined, () =>
        runPipeline(prepared.request, deps, signal, {
          team: context.team,
          logger: options.logger,
          upload: prepared.source,
        }),
      );
      return finishUploadDocument(doc, prepared);
    },
    { logger: options.logger },
  );
}

/** A parse request's timeout (validated again with the rest of its options); the scrape default otherwise. */
function timeoutOf(options: unknown): number {
  const t = (options as { timeout?: unknown } | null)?.timeout;
  return typeof t === 'number' && Number.isInteger(t) && t >= 1000 && t <= 300_000 ? t : TIMEOUT_DEFAULT_MS;
}
