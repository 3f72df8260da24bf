import { randomUUID } from 'node:crypto';
import type { createWebhookSender, WebhookConfig, WebhookEvent } from '@scrape/scraper/internal';
import type { Account } from '../accounts/account.js';
import type { Accounts } from '../accounts/openAccounts.js';
import type { CheckRecord, MonitorRecord, MonitorStore } from './createMonitorStore.js';
import type { MonitorKv } from './monitorKv.js';
import { newCheckRecord } from './monitorRecords.js';
import { CHECK_LEASE_MS, type createCheckRunner, retentionCutoff } from './runMonitorCheck.js';

/** What running checks needs: the stores, the runner, accounts, webhooks and the process's running checks. */
export interface CheckContext {
  kv: MonitorKv;
  store: MonitorStore;
  runner: ReturnType<typeof createCheckRunner>;
  accounts?: Accounts;
  webhooks: ReturnType<typeof createWebhookSender>;
  log: { warn(o: object, m?: string): void; info(o: object, m?: string): void };
  /** Abort controllers of the checks running in this process (aborted on close). */
  running: Set<AbortController>;
  /** Checks started by this process and not yet settled (awaited by idle and close). */
  inFlight: Set<Promise<unknown>>;
}

/** A check as claimed: recorded, and whether it runs (not skipped), on which record, for which account. */
interface Claimed {
  check: CheckRecord;
  /** The monitor as read in the step that marked the check running (the check runs with it); null: it does not run. */
  monitor: MonitorRecord | null;
  account: Account | null;
  /** Frees the monitor's one-check-at-a-time claim. */
  release: () => Promise<void>;
}

/** Sends the monitor's webhook: one event per new, changed or removed page, then the check's summary. */
function notify(ctx: CheckContext, monitor: MonitorRecord, check: CheckRecord): void {
  const changed = check.summary.new + check.summary.changed + check.summary.removed;
  if (!monitor.webhook || changed === 0) return;
  // The crawl webhooks' sender: signed the same way, SSRF-guarded on every attempt, retried with backoff.
  const webhook = monitor.webhook as unknown as WebhookConfig;
  for (const page of check.pages) {
    if (page.status === 'same' || page.status === 'error') continue;
    const data = [{ monitorId: monitor.id, checkId: check.id, ...page }];
    ctx.webhooks.send({ webhook, prefix: 'monitor', event: 'page' as WebhookEvent, jobId: check.id, data });
  }
  const data = [{ checkId: check.id, monitorId: monitor.id, status: check.status, summary: check.summary }];
  ctx.webhooks.send({ webhook, prefix: 'monitor', event: 'check.completed' as WebhookEvent, jobId: check.id, data });
}

/**
 * Claims the monitor for this check and records it: skipped (recorded finished) when the previous check still runs
 * or a limited account has no credits left; not run and not recorded when a scheduled check's monitor is paused or
 * the monitor is gone by now (up to the write of its running record, which happens only while the monitor exists).
 */
async function claimCheck(ctx: CheckContext, monitor: MonitorRecord, base: CheckRecord): Promise<Claimed> {
  const { kv, store, accounts } = ctx;
  const noRelease = async () => {};
  const skipped = async (status: 'skipped_overlap' | 'skipped_no_credits', error: string) => {
    const check = { ...base, status, finishedAt: base.startedAt, error };
    await store.putCheck(check);
    return check;
  };
  // One check of a monitor at a time, across every process: the claim lives in the shared store.
  if (!(await kv.claim(`run:${monitor.id}`, base.id, CHECK_LEASE_MS))) {
    const check = await skipped('skipped_overlap', 'The previous check of this monitor is still running.');
    return { check, monitor: null, account: null, release: noRelease };
  }
  const release = () => kv.release(`run:${monitor.id}`, base.id);
  const account = accounts && monitor.team ? await accounts.store.getAccount(monitor.team) : null;
  if (accounts && account && !account.unlimitedCredits && (await accounts.store.balance(account.id)) <= 0) {
    await release();
    const check = await skipped('skipped_no_credits', 'Payment Required: Insufficient credits');
    return { check, monitor: null, account, release: noRelease };
  }
  // The monitor as it is now, read in the step that marks the check running: a pause (or delete) that landed after
  // this due time was taken (by any process) ends it here, before any fetch, recorded as nothing ran (as a due time
  // that finds the monitor paused). An update that landed meanwhile (targets, formats, webhook) is what the check
  // runs with: the record `monitor` was read at pick-up, before the run claim and the account lookup.
  const marked = await store.markCheckRunning(monitor.id, base.id, base.trigger);
  if (!marked) {
    await release();
    return { check: base, monitor: null, account, release: noRelease };
  }
  const check = {
    ...base,
    billingStatus: account && !account.unlimitedCredits ? ('reserved' as const) : ('not_applicable' as const),
  };
  // Deleted since it was marked running: nothing recorded (putCheck writes nothing then), and it does not run.
  if (!(await store.putCheck(check))) {
    await release();
    return { check, monitor: null, account, release: noRelease };
  }
  return { check, monitor: marked, account, release };
}

/** Runs a claimed check on the monitor as marked running, records how it ended, then frees the monitor. */
async function runClaimedCheck(ctx: CheckContext, monitor: MonitorRecord, claimed: Claimed): Promise<void> {
  const { store, log } = ctx;
  const { check, account, release } = claimed;
  const controller = new AbortController();
  ctx.running.add(controller);
  try {
    const finished = await ctx.runner.run(monitor, check, account, controller.signal);
    // Free the monitor before the check reads as finished: a client that starts the next check as soon as it
    // sees this one done must not be told the previous one still runs.
    await release();
    // Deleted while running (up to this very write): nothing to record it on, no bookkeeping, no webhook.
    if (!(await store.putCheck(finished))) return;
    const { trigger, scheduledFor } = check;
    const { status, summary } = finished;
    log.info({ monitorId: monitor.id, checkId: check.id, trigger, scheduledFor, status, summary }, 'monitor check');
    await store.patchMonitor(monitor.id, {
      currentCheckId: null,
      lastRunAt: Date.parse(finished.startedAt!),
      lastCheckSummary: finished.summary,
    });
    await store.pruneChecks(monitor.id, retentionCutoff(monitor));
    notify(ctx, monitor, finished);
  } catch (error) {
    log.warn({ err: String(error), monitorId: monitor.id }, 'monitor check failed');
    const failed = {
      ...check,
      status: 'failed' as const,
      error: String((error as Error)?.message ?? error),
      finishedAt: new Date().toISOString(),
    };
    await store.putCheck(failed).catch(() => {});
    await store.patchMonitor(monitor.id, { currentCheckId: null }).catch(() => {});
  } finally {
    ctx.running.delete(controller);
    await release().catch(() => {});
  }
}

/** Records a check and runs it in the background (`done`); skipped checks are recorded finished at once. */
export function startMonitorCheck(
  ctx: CheckContext,
  monitor: MonitorRecord,
  trigger: CheckRecord['trigger'],
  scheduledFor: number | null,
): { check: Promise<CheckRecord>; done: Promise<unknown> } {
  const base = newCheckRecord(randomUUID(), monitor, trigger, scheduledFor, new Date().toISOString());
  const started = claimCheck(ctx, monitor, base);
  const done = started.then(async (claimed) => {
    if (claimed.monitor) await runClaimedCheck(ctx, claimed.monitor, claimed);
  });
  const tracked = done.catch((error) =>
    ctx.log.warn({ err: String(error), monitorId: monitor.id }, 'monitor check could not start'),
  );
  ctx.inFlight.add(tracked);
  void tracked.finally(() => ctx.inFlight.delete(tracked));
  return { check: started.then((s) => s.check), done: tracked };
}
