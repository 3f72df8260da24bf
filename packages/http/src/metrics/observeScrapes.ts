import { createHash } from 'node:crypto';
import type { CommitEvent } from '@scrape/jobs';
import { METRIC_JOB_KINDS } from './poolGauges.js';
import type { ServiceCounters } from './serviceCounters.js';

// The hot-path observations: a finished scrape and a committed job item become label lookups and adds.

/** Error codes are short upper-case words from the registry; anything else is folded so labels stay bounded. */
const CODE_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;
const ENGINES = new Set(['fetch', 'browser', 'pdf', 'upload', 'cache', 'none']);
/** Failed job ids remembered so a failure is counted once (several commits can report the same failed job). */
const FAILED_JOBS_REMEMBERED = 10_000;

/** What a finished scrape tells the metrics: never its URL or content. */
export interface ScrapeObservation {
  /** `scrape` (POST /v2/scrape) or the job kind that scraped the page (`crawl`, `batch`). */
  source: string;
  /** From `metadata.engine`; absent when the scrape failed before an engine answered. */
  engine?: string;
  /** `ok` or the error's code. */
  outcome: string;
  cacheState?: 'hit' | 'miss';
  credits?: number;
  team?: string;
  /** Size of the answer served from the cache, when known (the response's content-length). */
  cachedBytes?: number;
}

/** What the observations share: the counters, whether teams are labelled, the failed jobs already counted. */
export interface ObserveContext {
  counters: ServiceCounters;
  teams: boolean;
  failedJobs: Set<string>;
}

const team = (id: string | undefined) => (id ? createHash('sha256').update(id).digest('hex').slice(0, 12) : 'none');

export function observeScrape(ctx: ObserveContext, o: ScrapeObservation): void {
  const { scrapes, cacheLookups, cacheBytes, credits } = ctx.counters;
  const teamLabels = ctx.teams ? { team: team(o.team) } : {};
  const engine = o.engine && ENGINES.has(o.engine) ? o.engine : o.engine ? 'other' : 'none';
  scrapes.inc({ source: o.source, engine, outcome: outcomeLabel(o.outcome), ...teamLabels });
  if (o.outcome === 'ok' && o.cacheState) cacheLookups.inc({ result: o.cacheState });
  if (o.cacheState === 'hit' && o.cachedBytes) cacheBytes.inc(o.cachedBytes);
  if (o.credits && o.credits > 0) credits.inc({ source: o.source, ...teamLabels }, o.credits);
}

/** A job item committed by this process's worker: its outcome, the page it scraped, the job's end. */
export function onJobCommitted(ctx: ObserveContext, { job, outcome, jobFinished }: CommitEvent): void {
  const { jobItems, jobsFinished } = ctx.counters;
  const kind = (METRIC_JOB_KINDS as readonly string[]).includes(job.kind) ? job.kind : 'other';
  const code = outcome.error ? outcomeLabel(outcome.error.code) : 'ok';
  jobItems.inc({ kind, outcome: code });
  const doc = outcome.result as { metadata?: { engine?: unknown; cacheState?: unknown } } | undefined;
  if (doc?.metadata || outcome.error) {
    observeScrape(ctx, {
      source: kind,
      engine: typeof doc?.metadata?.engine === 'string' ? doc.metadata.engine : undefined,
      outcome: code,
      cacheState:
        doc?.metadata?.cacheState === 'hit' || doc?.metadata?.cacheState === 'miss'
          ? doc.metadata.cacheState
          : undefined,
      credits: outcome.credits,
      team: job.team,
    });
  }
  if (jobFinished) jobsFinished.inc({ kind, status: job.status });
  else if (job.status === 'failed' && !ctx.failedJobs.has(job.id)) {
    if (ctx.failedJobs.size >= FAILED_JOBS_REMEMBERED) ctx.failedJobs.clear();
    ctx.failedJobs.add(job.id);
    jobsFinished.inc({ kind, status: 'failed' });
  }
}

function outcomeLabel(code: string): string {
  return code === 'ok' || CODE_PATTERN.test(code) ? code : 'OTHER';
}
