import { Counter, Histogram, type Registry } from 'prom-client';

/** Seconds; from a cached answer (a few ms) to a slow browser render near the 300 s timeout cap. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** The counters fed on the hot path (requests, scrapes, cache, credits, job items), registered in this order. */
export interface ServiceCounters {
  requests: Counter;
  duration: Histogram;
  scrapes: Counter;
  cacheLookups: Counter;
  cacheBytes: Counter;
  credits: Counter;
  jobItems: Counter;
  jobsFinished: Counter;
}

/** `teamLabel`: `['team']` when scrapes and credits carry a team label (SCRAPE_METRICS_TEAMS=1), else empty. */
export function createServiceCounters(registers: Registry[], teamLabel: string[]): ServiceCounters {
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
  return { requests, duration, scrapes, cacheLookups, cacheBytes, credits, jobItems, jobsFinished };
}
