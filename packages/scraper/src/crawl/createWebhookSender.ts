import { createHmac } from 'node:crypto';
import { Agent, request } from 'undici';
import { errors, isScrapeError } from '../errors.js';
import type { SsrfOptions } from '../ssrf/addressPolicy.js';
import { createGuardedConnector } from '../ssrf/createGuardedConnector.js';
import { resolveAllowedAddresses } from '../ssrf/resolveAllowedAddresses.js';
import type { WebhookConfig } from './crawlRequest.js';

/** Tries per delivery: the first and then after 1 s, 2 s, 4 s, 8 s. */
export const WEBHOOK_ATTEMPTS = 5;
const WEBHOOK_BACKOFF_MS = 1_000;
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries waiting at once in this process; beyond it the oldest pending ones are dropped (and logged). */
const WEBHOOK_QUEUE_MAX = 10_000;

export type WebhookEvent = 'started' | 'page' | 'completed' | 'failed';

export interface WebhookDelivery {
  webhook: WebhookConfig;
  /** `crawl` or `batch_scrape` (the peer's type prefix). */
  prefix: string;
  event: WebhookEvent;
  jobId: string;
  data?: unknown[];
  error?: string;
}

export interface WebhookSender {
  /** Throws the 400 a private or unresolvable webhook target is, before a job is created. */
  check(webhook: WebhookConfig): Promise<void>;
  /** Queues a delivery (fire and forget: retried with backoff, never blocks the crawl). */
  send(delivery: WebhookDelivery): void;
  /** Resolves when every queued delivery is done (tests, shutdown). */
  idle(): Promise<void>;
  /** Counters since start (metrics): delivered, failed after every retry, dropped (queue full), and pending now. */
  stats(): { delivered: number; failed: number; dropped: number; pending: number };
  close(): Promise<void>;
}

/**
 * Webhook deliveries: JSON `{success, type, id, data, metadata, error?}` with the peer's event names
 * (`crawl.page`...), signed `X-Firecrawl-Signature: sha256=<hex HMAC-SHA256 of the raw body>` when a secret is
 * configured, sent through the SSRF-guarded connector (every attempt re-checks the address), retried with backoff.
 */
export function createWebhookSender(
  options: SsrfOptions & { secret?: string; logger?: { warn: (o: object, m?: string) => void } },
): WebhookSender {
  const agent = new Agent({
    connect: createGuardedConnector({ ...options, rejectUnauthorized: true, connectTimeoutMs: WEBHOOK_TIMEOUT_MS }),
  });
  const inFlight = new Set<Promise<void>>();
  const counts = { delivered: 0, failed: 0, dropped: 0 };

  async function deliver(d: WebhookDelivery): Promise<void> {
    if (!d.webhook.events.includes(d.event)) return;
    const body = JSON.stringify({
      success: d.event !== 'failed',
      type: `${d.prefix}.${d.event}`,
      id: d.jobId,
      data: d.data ?? [],
      metadata: d.webhook.metadata,
      ...(d.error ? { error: d.error } : {}),
    });
    const headers: Record<string, string> = { ...d.webhook.headers, 'content-type': 'application/json' };
    if (options.secret)
      headers['x-firecrawl-signature'] = `sha256=${createHmac('sha256', options.secret).update(body).digest('hex')}`;
    for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS; attempt++) {
      try {
        const response = await request(d.webhook.url, {
          method: 'POST',
          body,
          headers,
          dispatcher: agent,
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        await response.body.dump();
        if (response.statusCode < 500 && response.statusCode !== 429) return void counts.delivered++;
      } catch (error) {
        if (isScrapeError(error) && error.code === 'SCRAPE_SSRF_BLOCKED') return void counts.failed++;
      }
      if (attempt < WEBHOOK_ATTEMPTS) await new Promise((r) => setTimeout(r, WEBHOOK_BACKOFF_MS * 2 ** (attempt - 1)));
    }
    counts.failed++;
    options.logger?.warn({ jobId: d.jobId, event: d.event }, 'webhook delivery failed after retries');
  }

  return {
    async check(webhook) {
      const url = new URL(webhook.url);
      const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
      try {
        await resolveAllowedAddresses(url.hostname, port, options, url.origin);
      } catch (error) {
        if (isScrapeError(error)) {
          throw errors.badRequest(
            `Invalid webhook URL: ${error.error}`,
            [{ code: 'invalid_webhook', path: ['webhook'], message: error.error }],
            'BAD_REQUEST_INVALID_WEBHOOK',
          );
        }
        throw error;
      }
    },
    send(d) {
      if (inFlight.size >= WEBHOOK_QUEUE_MAX) {
        counts.dropped++;
        options.logger?.warn({ jobId: d.jobId, event: d.event }, 'webhook dropped: too many deliveries pending');
        return;
      }
      const p = deliver(d).finally(() => inFlight.delete(p));
      inFlight.add(p);
    },
    stats: () => ({ ...counts, pending: inFlight.size }),
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    async close() {
      await agent.close();
    },
  };
}
