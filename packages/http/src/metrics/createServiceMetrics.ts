import { collectDefaultMetrics, Registry } from 'prom-client';
import type { CommitEvent } from '@scrape/jobs';
import type { Scraper } from '@scrape/scraper';
import { type ObserveContext, observeScrape, onJobCommitted, type ScrapeObservation } from './observeScrapes.js';
import { registerBrowserGauges, registerPdfGauges, registerQueueGauge, registerWebhookMetrics } from './poolGauges.js';
import { createServiceCounters } from './serviceCounters.js';

/** Answered when the request's method is not one of these, so the label stays bounded. */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

export interface ServiceMetricsOptions {
  scraper: Scraper;
  /** Add a `team` label (a hash of the team id) to scrapes and credits: SCRAPE_METRICS_TEAMS=1. High cardinality. */
  teams?: boolean;
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
 * The steps: `serviceCounters.ts` (hot-path counters), `poolGauges.ts` (read at scrape time), `observeScrapes.ts`.
 */
export function createServiceMetrics(options: ServiceMetricsOptions): ServiceMetrics {
  const { scraper } = options;
  const registry = new Registry();
  // Process memory, CPU, handles, GC and event-loop lag (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  // Registered in the order the exposition lists them: counters, queue gauge, browser, PDF, webhooks.
  const counters = createServiceCounters(registers, options.teams ? ['team'] : []);
  registerQueueGauge(registers, scraper);
  const stats = () => scraper.stats?.();
  registerBrowserGauges(registers, stats);
  registerPdfGauges(registers, stats);
  const syncWebhooks = registerWebhookMetrics(registers, stats);
  const ctx: ObserveContext = { counters, teams: options.teams === true, failedJobs: new Set() };

  return {
    registry,
    contentType: registry.contentType,
    observeRequest(route, method, status, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER';
      counters.requests.inc({ route, method: m, status: String(status) });
      counters.duration.observe({ route, method: m }, seconds);
    },
    observeScrape: (observation) => observeScrape(ctx, observation),
    onJobCommitted: (event) => onJobCommitted(ctx, event),
    async render() {
      syncWebhooks();
      return registry.metrics();
    },
  };
}
