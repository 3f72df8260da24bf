import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ScrapeError } from '@scrape/scraper';
import type { Account } from '../accounts/account.js';
import type { AccountUsage, UsageRecord } from '../accounts/AccountStore.js';
import { usagePeriod, type Accounts } from '../accounts/openAccounts.js';
import { documentRoutes, TEAM_ROUTES } from './documentRoutes.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * What an unlimited account reports as its remaining credits (and every account as its remaining tokens): clients
 * read the field as a number (the SDK turns a missing one into 0, which reads as "out of credits"), so the largest
 * exact JSON integer stands in for "no limit", next to `unlimited: true`.
 */
export const UNLIMITED_REMAINING = Number.MAX_SAFE_INTEGER;
const TOKENS_NOTE =
  'This service bills LLM work (json, summary, extract) in credits; it meters no tokens and sets no token limit.';

/**
 * The team usage routes the Firecrawl SDK, CLI (`doctor`, `--status`) and MCP server call: credits and tokens left,
 * usage by month (and by key), the scrape queue and concurrency. Read from the account store; never billed.
 */
export function registerTeamRoutes(app: FastifyInstance, accounts: Accounts | undefined, requireKey: Guard): void {
  documentRoutes(app, TEAM_ROUTES);
  const usageOf = async (account: Account): Promise<AccountUsage | null> =>
    accounts ? storeRead(() => accounts.store.usage(account.id)) : null;

  app.get('/v2/team/credit-usage', { onRequest: requireKey }, async (request) => {
    const account = request.account!;
    const usage = await usageOf(account);
    const creditsUsed = usage ? sum(usage.records.filter((r) => r.period === usagePeriod(new Date()))) : null;
    const remainingCredits =
      account.unlimitedCredits || !accounts
        ? UNLIMITED_REMAINING
        : await storeRead(() => accounts.store.balance(account.id));
    return {
      success: true,
      data: {
        remainingCredits,
        unlimited: account.unlimitedCredits,
        // Credits are a balance topped up by the operator (scrape-admin), not a plan renewed each period.
        planCredits: null,
        billingPeriodStart: null,
        billingPeriodEnd: null,
        creditsUsedThisMonth: creditsUsed,
      },
    };
  });

  app.get<{ Querystring: { byApiKey?: string } }>(
    '/v2/team/credit-usage/historical',
    { onRequest: requireKey },
    async (request) => {
      const usage = await usageOf(request.account!);
      return {
        success: true,
        periods: monthlyPeriods(usage?.records ?? [], request.query.byApiKey === 'true', 'creditsUsed'),
      };
    },
  );

  app.get('/v2/team/token-usage', { onRequest: requireKey }, async () => ({
    success: true,
    data: {
      remainingTokens: UNLIMITED_REMAINING,
      unlimited: true,
      planTokens: null,
      billingPeriodStart: null,
      billingPeriodEnd: null,
      note: TOKENS_NOTE,
    },
  }));

  app.get('/v2/team/token-usage/historical', { onRequest: requireKey }, async () => ({
    success: true,
    periods: [],
    note: TOKENS_NOTE,
  }));

  app.get('/v2/team/queue-status', { onRequest: requireKey }, async (request) => {
    const account = request.account!;
    const [activity, usage] = await Promise.all([
      accounts ? storeRead(() => accounts.activity(account)) : { active: 0, waiting: 0 },
      usageOf(account),
    ]);
    return {
      success: true,
      jobsInQueue: activity.active + activity.waiting,
      activeJobsInQueue: activity.active,
      waitingJobsInQueue: activity.waiting,
      maxConcurrency: account.concurrency,
      mostRecentSuccess: usage?.lastSuccessAt ?? null,
    };
  });

  app.get('/v2/concurrency-check', { onRequest: requireKey }, async (request) => {
    const account = request.account!;
    const activity = accounts ? await storeRead(() => accounts.activity(account)) : { active: 0, waiting: 0 };
    // null: no concurrency limit on this account.
    return { success: true, data: { concurrency: activity.active, maxConcurrency: account.concurrency } };
  });
}

function sum(records: UsageRecord[]): number {
  return records.reduce((total, r) => total + r.credits, 0);
}

/** Usage by calendar month, newest first; with `byKey` one period per month and key (`apiKey` is the key's id). */
export function monthlyPeriods<F extends string>(
  records: UsageRecord[],
  byKey: boolean,
  field: F,
): ({ startDate: string; endDate: string; apiKey?: string } & Record<F, number>)[] {
  const groups = new Map<string, { period: string; keyId?: string; credits: number }>();
  for (const r of records) {
    const id = byKey ? `${r.period}|${r.keyId ?? ''}` : r.period;
    const group = groups.get(id) ?? { period: r.period, keyId: byKey ? r.keyId : undefined, credits: 0 };
    group.credits += r.credits;
    groups.set(id, group);
  }
  return [...groups.values()]
    .sort((a, b) => b.period.localeCompare(a.period) || (a.keyId ?? '').localeCompare(b.keyId ?? ''))
    .map((g) => {
      const [year, month] = g.period.split('-').map(Number);
      const start = new Date(Date.UTC(year, month - 1, 1));
      const end = new Date(Date.UTC(year, month, 1) - 1);
      return {
        startDate: start.toISOString(),
        endDate: end.toISOString(),
        ...(byKey ? { apiKey: g.keyId ?? 'environment' } : {}),
        [field]: g.credits,
      } as { startDate: string; endDate: string; apiKey?: string } & Record<F, number>;
    });
}

/** The store unreachable (Redis down, disk full) is the service's 503 with a reason, never a 500. */
async function storeRead<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { name?: unknown }).name === 'ScrapeError') throw error;
    throw new ScrapeError({
      status: 503,
      error: 'Service Unavailable',
      details: { reason: 'The account store is unreachable; retry shortly.' },
      headers: { 'Retry-After': '1' },
      message: (error as Error).message,
    });
  }
}
