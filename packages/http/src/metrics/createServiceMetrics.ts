import { createHash } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Scraper } from '@scrape/scraper';
import type { CommitEvent } from '@scrape/jobs';

/** The job kinds whose queues are reported (the JobKind names @scrape/jobs knows). */
export const METRIC_JOB_KINDS = ['crawl', 'batch', 'extract', 'agent', 'monitor'] as const;
/** Seconds; from a cached answer (a few ms) to a slow browser render near the 300 s timeout cap. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
/** Error codes are short upper-case words from the registry; anything else is folded so labels stay bounded. */
const CODE_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;
const ENGINES = new Set(['fetch', 'browser', 'pdf', 'upload', 'cache', 'none']);
/** Failed job ids remembered so a failure is counted once (several commits can report the same failed job). */
const FAILED_JOBS_REMEMBERED = 10_000;

export interface ServiceMetricsOptions {
  scraper: Scraper;
  /** Add a `team` label (a hash of the team id) to scrapes and credits: SCRAPE_METRICS_TEAMS=1. High cardinality. */
  teams?: boolean;
}

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

export interface ServiceMetrics {
  readonly registry: Registry;
  /** One finished HTTP request (route pattern, never the URL). */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  observeScrape(observation: ScrapeObservation): void;
  /** A job item committed by this process's worker (pages of crawls and batches, finished and failed jobs). */
  onJobCommitted(event: CommitEvent): void;
  /** The Prometheus text exposition. */
  render(): Promise<string>;
  readonly contentType: string;
}

/**
 * The service's Prometheus metrics on their own registry (several servers in one process do not collide). Counters on
 * the hot path are a label lookup and an add; pool, queue and webhook figures are read when /metrics is scraped.
 */
export function createServiceMetrics(options: ServiceMetricsOptions): ServiceMetrics {
  const { scraper } = options;
  const registry = new Registry();
  // Process memory, CPU, handles, GC and event-loop lag (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const teamLabel = options.teams ? ['team'] : [];

  const requests = new Counter({
    name: 'scrape_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  const duration = new Histogram({
    name: 'scrape_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method.',
    labelNames: ['route', 'method'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const scrapes = new Counter({
    name: 'scrape_scrapes_total',
    help:
      'Pages scraped, by source (scrape, crawl, batch), engine (fetch, browser, pdf...) and outcome (ok or error ' +
      'code).',
    labelNames: ['source', 'engine', 'outcome', ...teamLabel],
    registers,
  });
  const cacheLookups = new Counter({
    name: 'scrape_cache_lookups_total',
    help: 'Successful scrapes answered from the page cache (hit) or fetched (miss).',
    labelNames: ['result'],
    registers,
  });
  const cacheBytes = new Counter({
    name: 'scrape_cache_hit_bytes_total',
    help: 'Bytes of POST /v2/scrape answers served from the page cache.',
    registers,
  });
  const credits = new Counter({
    name: 'scrape_credits_charged_total',
    help: 'Credits the scraped documents cost (metadata.creditsUsed), by source.',
    labelNames: ['source', ...teamLabel],
    registers,
  });
  const jobItems = new Counter({
    name: 'scrape_job_items_committed_total',
    help: 'Job work items committed by this process, by job kind and outcome (ok or error code).',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  const jobsFinished = new Counter({
    name: 'scrape_jobs_finished_total',
    help: 'Jobs that ended in this process, by kind and status (completed, failed).',
    labelNames: ['kind', 'status'],
    registers,
  });
  const failedJobs = new Set<string>();

  new Gauge({
    name: 'scrape_job_queue_items',
    help:
      'Job work items per kind: waiting (ready), delayed (politeness or retry backoff), active (leased by a ' +
      'worker).',
    labelNames: ['kind', 'state'],
    registers,
    async collect() {
      this.reset();
      // A metrics scrape must not fail or open the job store: no store open here yet means nothing to report.
      const stats = await Promise.resolve(scraper.jobs?.queueStats?.([...METRIC_JOB_KINDS])).catch(() => null);
      for (const [kind, counts] of Object.entries(stats ?? {})) {
        for (const [state, value] of Object.entries(counts)) this.set({ kind, state }, value);
      }
    },
  });

  const stats = () => scraper.stats?.();
  gauge(
    'scrape_browser_pool_size',
    'Renders the Chromium pool runs at once (0 before the first render).',
    () => stats()?.browser?.size ?? 0,
  );
  gauge('scrape_browser_pages_in_use', 'Browser renders running now.', () => stats()?.browser?.active ?? 0);
  gauge('scrape_browser_queue_length', 'Renders waiting for a browser slot.', () => stats()?.browser?.queued ?? 0);
  gauge(
    'scrape_browser_pages_retained',
    'Pages kept open for interact sessions.',
    () => stats()?.browser?.retained ?? 0,
  );
  gauge('scrape_browser_up', '1 while Chromium is running.', () => (stats()?.browser?.running ? 1 : 0));
  monotonic(
    'scrape_browser_launches_total',
    'Chromium launches (restarts after a crash count).',
    () => stats()?.browser?.launches,
  );
  monotonic('scrape_browser_renders_total', 'Renders that got a browser slot.', () => stats()?.browser?.rendersStarted);
  monotonic(
    'scrape_browser_queue_wait_seconds_total',
    'Summed wait for a browser slot (divide by renders for the mean).',
    () => {
      const ms = stats()?.browser?.queueWaitMsTotal;
      return ms === undefined ? undefined : ms / 1000;
    },
  );
  gauge('scrape_pdf_workers', 'PDF parse threads alive.', () => stats()?.pdf.threads ?? 0);
  gauge('scrape_pdf_workers_busy', 'PDF parse threads parsing now.', () => stats()?.pdf.busy ?? 0);
  gauge('scrape_pdf_queue_length', 'PDF parses waiting for a thread.', () => stats()?.pdf.queued ?? 0);
  monotonic('scrape_pdf_parses_total', 'PDF parses started.', () => stats()?.pdf.parses);
  gauge('scrape_ocr_pages_active', 'PDF pages being OCRed now.', () => stats()?.pdf.ocrActive ?? 0);
  monotonic('scrape_ocr_pages_total', 'PDF pages OCRed.', () => stats()?.pdf.ocrPages);

  const webhookCounts = new Counter({
    name: 'scrape_webhook_deliveries_total',
    help: 'Webhook deliveries by result: delivered, failed (after every retry or blocked), dropped (queue full).',
    labelNames: ['result'],
    registers,
  });
  const webhookSeen = { delivered: 0, failed: 0, dropped: 0 };
  gauge(
    'scrape_webhook_deliveries_pending',
    'Webhook deliveries queued or being retried.',
    () => stats()?.webhooks.pending ?? 0,
  );

  function gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  }

  /** A counter fed from a running total kept elsewhere (pool counters): adds what grew since the last scrape. */
  function monotonic(name: string, help: string, read: () => number | undefined): void {
    let last = 0;
    new Counter({
      name,
      help,
      registers,
      collect() {
        const now = read();
        if (now === undefined) return;
        // A pool made again (after close) starts from 0: its new total is all new.
        this.inc(now >= last ? now - last : now);
        last = now;
      },
    });
  }

  const team = (id: string | undefined) => (id ? createHash('sha256').update(id).digest('hex').slice(0, 12) : 'none');

  function observeScrape(o: ScrapeObservation): void {
    const teamLabels = options.teams ? { team: team(o.team) } : {};
    const engine = o.engine && ENGINES.has(o.engine) ? o.engine : o.engine ? 'other' : 'none';
    scrapes.inc({ source: o.source, engine, outcome: outcomeLabel(o.outcome), ...teamLabels });
    if (o.outcome === 'ok' && o.cacheState) cacheLookups.inc({ result: o.cacheState });
    if (o.cacheState === 'hit' && o.cachedBytes) cacheBytes.inc(o.cachedBytes);
    if (o.credits && o.credits > 0) credits.inc({ source: o.source, ...teamLabels }, o.credits);
  }

  return {
    registry,
    contentType: registry.contentType,
    observeRequest(route, method, status, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER';
      requests.inc({ route, method: m, status: String(status) });
      duration.observe({ route, method: m }, seconds);
    },
    observeScrape,
    onJobCommitted({ job, outcome, jobFinished }) {
      const kind = (METRIC_JOB_KINDS as readonly string[]).includes(job.kind) ? job.kind : 'other';
      const code = outcome.error ? outcomeLabel(outcome.error.code) : 'ok';
      jobItems.inc({ kind, outcome: code });
      const doc = outcome.result as { metadata?: { engine?: unknown; cacheState?: unknown } } | undefined;
      if (doc?.metadata || outcome.error) {
        observeScrape({
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
      else if (job.status === 'failed' && !failedJobs.has(job.id)) {
        if (failedJobs.size >= FAILED_JOBS_REMEMBERED) failedJobs.clear();
        failedJobs.add(job.id);
        jobsFinished.inc({ kind, status: 'failed' });
      }
    },
    async render() {
      const w = stats()?.webhooks;
      if (w) {
        for (const result of ['delivered', 'failed', 'dropped'] as const) {
          if (w[result] > webhookSeen[result]) webhookCounts.inc({ result }, w[result] - webhookSeen[result]);
          webhookSeen[result] = w[result];
        }
      }
      return registry.metrics();
    },
  };
}

function outcomeLabel(code: string): string {
  return code === 'ok' || CODE_PATTERN.test(code) ? code : 'OTHER';
}
