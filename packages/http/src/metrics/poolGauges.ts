import { Counter, Gauge, type Registry } from 'prom-client';
import type { Scraper } from '@scrape/scraper';

/** The job kinds whose queues are reported (the JobKind names @scrape/jobs knows). */
export const METRIC_JOB_KINDS = ['crawl', 'batch', 'extract', 'agent', 'monitor'] as const;

/** The scraper's pool, PDF and webhook figures now (undefined for a scraper that has none). */
export type ReadStats = () => ReturnType<NonNullable<Scraper['stats']>> | undefined;

// Figures read when /metrics is scraped: the job queues, the browser and PDF pools, pending webhooks.

function gauge(registers: Registry[], name: string, help: string, read: () => number): void {
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
function monotonic(registers: Registry[], name: string, help: string, read: () => number | undefined): void {
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

/** Work items per job kind and state, read from the job store when one is open. */
export function registerQueueGauge(registers: Registry[], scraper: Scraper): void {
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
}

/** The browser pool's gauges and running totals. */
export function registerBrowserGauges(registers: Registry[], stats: ReadStats): void {
  gauge(
    registers,
    'scrape_browser_pool_size',
    'Renders the Chromium pool runs at once (0 before the first render).',
    () => stats()?.browser?.size ?? 0,
  );
  gauge(registers, 'scrape_browser_pages_in_use', 'Browser renders running now.', () => stats()?.browser?.active ?? 0);
  gauge(
    registers,
    'scrape_browser_queue_length',
    'Renders waiting for a browser slot.',
    () => stats()?.browser?.queued ?? 0,
  );
  gauge(
    registers,
    'scrape_browser_pages_retained',
    'Pages kept open for interact sessions.',
    () => stats()?.browser?.retained ?? 0,
  );
  gauge(registers, 'scrape_browser_up', '1 while Chromium is running.', () => (stats()?.browser?.running ? 1 : 0));
  monotonic(
    registers,
    'scrape_browser_launches_total',
    'Chromium launches (restarts after a crash count).',
    () => stats()?.browser?.launches,
  );
  monotonic(
    registers,
    'scrape_browser_renders_total',
    'Renders that got a browser slot.',
    () => stats()?.browser?.rendersStarted,
  );
  monotonic(
    registers,
    'scrape_browser_queue_wait_seconds_total',
    'Summed wait for a browser slot (divide by renders for the mean).',
    () => {
      const ms = stats()?.browser?.queueWaitMsTotal;
      return ms === undefined ? undefined : ms / 1000;
    },
  );
}

/** The PDF parse threads and OCR. */
export function registerPdfGauges(registers: Registry[], stats: ReadStats): void {
  gauge(registers, 'scrape_pdf_workers', 'PDF parse threads alive.', () => stats()?.pdf.threads ?? 0);
  gauge(registers, 'scrape_pdf_workers_busy', 'PDF parse threads parsing now.', () => stats()?.pdf.busy ?? 0);
  gauge(registers, 'scrape_pdf_queue_length', 'PDF parses waiting for a thread.', () => stats()?.pdf.queued ?? 0);
  monotonic(registers, 'scrape_pdf_parses_total', 'PDF parses started.', () => stats()?.pdf.parses);
  gauge(registers, 'scrape_ocr_pages_active', 'PDF pages being OCRed now.', () => stats()?.pdf.ocrActive ?? 0);
  monotonic(registers, 'scrape_ocr_pages_total', 'PDF pages OCRed.', () => stats()?.pdf.ocrPages);
}

/** Webhook deliveries by result (counted up to the scraper's totals at each render) and those pending. */
export function registerWebhookMetrics(registers: Registry[], stats: ReadStats): () => void {
  const webhookCounts = new Counter({
    name: 'scrape_webhook_deliveries_total',
    help: 'Webhook deliveries by result: delivered, failed (after every retry or blocked), dropped (queue full).',
    labelNames: ['result'],
    registers,
  });
  const webhookSeen = { delivered: 0, failed: 0, dropped: 0 };
  gauge(
    registers,
    'scrape_webhook_deliveries_pending',
    'Webhook deliveries queued or being retried.',
    () => stats()?.webhooks.pending ?? 0,
  );
  return () => {
    const w = stats()?.webhooks;
    if (w) {
      for (const result of ['delivered', 'failed', 'dropped'] as const) {
        if (w[result] > webhookSeen[result]) webhookCounts.inc({ result }, w[result] - webhookSeen[result]);
        webhookSeen[result] = w[result];
      }
    }
  };
}
