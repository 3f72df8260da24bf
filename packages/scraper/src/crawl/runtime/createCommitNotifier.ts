import type { CommitEvent, JobRecord } from '@scrape/jobs';
import type { WebhookConfig } from '../crawlRequest.js';
import type { WebhookSender } from '../createWebhookSender.js';

const prefixOf = (job: JobRecord) => (job.kind === 'batch' ? 'batch_scrape' : job.kind);
const webhookOf = (job: JobRecord) => (job.params as { webhook?: WebhookConfig | null }).webhook ?? null;

/**
 * The webhooks of a page commit: `page` with its document, `completed` when the job finished, and `failed` once per
 * job (a failed job's later commits do not repeat it).
 */
export function createCommitNotifier(webhooks: WebhookSender): (event: CommitEvent) => void {
  const failedNotified = new Set<string>();
  return function notify(event) {
    const webhook = webhookOf(event.job);
    if (!webhook) return;
    const prefix = prefixOf(event.job);
    if (event.outcome.result !== undefined)
      webhooks.send({ webhook, prefix, event: 'page', jobId: event.job.id, data: [event.outcome.result] });
    if (event.jobFinished) webhooks.send({ webhook, prefix, event: 'completed', jobId: event.job.id });
    if (event.job.status === 'failed' && !failedNotified.has(event.job.id)) {
      failedNotified.add(event.job.id);
      webhooks.send({ webhook, prefix, event: 'failed', jobId: event.job.id, error: event.job.error });
    }
  };
}
