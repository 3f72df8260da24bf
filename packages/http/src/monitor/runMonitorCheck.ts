import { randomUUID } from 'node:crypto';
import { isScrapeError, type ScrapeDocument, type Scraper } from '@scrape/scraper';
import { expectedSearchCredits } from '@scrape/scraper/internal';
import type { Account } from '../accounts/account.js';
import type { Accounts, Admission } from '../accounts/openAccounts.js';
import { ENDPOINT_SEARCH } from '../routes/registerSearchRoute.js';
import {
  emptySummary,
  type CheckPage,
  type CheckRecord,
  type MonitorRecord,
  type MonitorStore,
  type PageStatus,
} from './createMonitorStore.js';
import { MONITOR_LIMITS, type MonitorTarget } from './monitorRequest.js';

/** How long a check holds its monitor's run claim; a process that died mid-check frees it after this. */
export const CHECK_LEASE_MS = 30 * 60_000;
/** Scrapes of one check running at once (a check of 100 URLs does not take every engine slot). */
const CHECK_CONCURRENCY = 4;
/** How often a check waits on its crawl job. */
const CRAWL_POLL_MS = 250;
/** A crawl target's budget: well inside CHECK_LEASE_MS, so an overlap guard never outlives a live check. */
const CRAWL_TIMEOUT_MS = 20 * 60_000;
/** Diff text kept per page (a rewritten page yields a diff as large as both versions). */
const DIFF_MAX_CHARS = 100_000;
/** Diff text kept per check in all: a check's record stays a few MB however many pages changed. */
const CHECK_DIFF_BUDGET_CHARS = 4_000_000;
const DIFF_OMITTED = '(diff omitted: this check kept its maximum of diff text)';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CheckDeps {
  scraper: Scraper;
  store: MonitorStore;
  accounts?: Accounts;
  log: { warn(o: object, m?: string): void; info(o: object, m?: string): void };
}

interface TargetOutcome {
  pages: OutcomePage[];
  credits: number;
  result: Record<string, unknown>;
}

/** The scrape body of a monitor per URL: its options, markdown, and change tracking on the monitor's own history. */
function monitorScrapeBody(monitor: MonitorRecord, target: MonitorTarget, url?: string): Record<string, unknown> {
  const options = ('scrapeOptions' in target ? target.scrapeOptions : undefined) ?? {};
  const formats = Array.isArray(options.formats)
    ? options.formats.filter((f) => f !== 'changeTracking' && (f as { type?: string })?.type !== 'changeTracking')
    : [];
  if (!formats.some((f) => f === 'markdown' || (f as { type?: string })?.type === 'markdown')) formats.push('markdown');
  // A tag per monitor and target: its history is apart from the team's own scrapes of the same URL.
  formats.push({ type: 'changeTracking', modes: ['git-diff'], tag: `monitor:${monitor.id}:${target.id}` });
  // A copy from the page cache would compare the page with itself: every check fetches.
  return { ...options, ...(url ? { url } : {}), formats, maxAge: 0 };
}

function pageFromDocument(target: MonitorTarget, doc: ScrapeDocument): Omit<CheckPage, 'id' | 'createdAt'> {
  const m = (doc.metadata ?? {}) as Record<string, unknown>;
  const ct = (doc as { changeTracking?: { changeStatus?: PageStatus; diff?: string | null } }).changeTracking;
  const url = String(m.sourceURL ?? m.url ?? '');
  const diff =
    ct?.changeStatus === 'changed' && typeof ct.diff === 'string' ? { text: ct.diff.slice(0, DIFF_MAX_CHARS) } : null;
  return {
    targetId: target.id,
    url,
    status: ct?.changeStatus ?? 'error',
    previousScrapeId: null,
    currentScrapeId: typeof m.scrapeId === 'string' ? m.scrapeId : null,
    statusCode: typeof m.statusCode === 'number' ? m.statusCode : null,
    error: ct ? null : 'no change tracking result',
    metadata: { title: m.title, statusCode: m.statusCode },
    diff,
  };
}

const errorPage = (target: MonitorTarget, url: string, error: unknown): Omit<CheckPage, 'id' | 'createdAt'> => ({
  targetId: target.id,
  url,
  status: 'error',
  previousScrapeId: null,
  currentScrapeId: null,
  statusCode: null,
  error: isScrapeError(error) ? error.error : String((error as Error)?.message ?? error),
  diff: null,
});

/** Runs `work` over `items`, at most `limit` at once, results in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  });
  await Promise.all(lanes);
  return out;
}

type OutcomePage = Omit<CheckPage, 'id' | 'createdAt'>;
type JobStore = Awaited<ReturnType<Scraper['jobs']['jobs']>>;
type JobRecord = Awaited<ReturnType<Scraper['jobs']['startCrawl']>>;

/** Every check re-crawls: the pages are capped per check whatever the crawl options ask. */
function crawlPageLimit(target: Extract<MonitorTarget, { type: 'crawl' }>): number {
  const asked = Number(target.crawlOptions?.limit);
  return Number.isInteger(asked) && asked > 0
    ? Math.min(asked, MONITOR_LIMITS.crawlPagesMax)
    : MONITOR_LIMITS.crawlPagesMax;
}

/** Polls the crawl job until it leaves `running`; cancels it when the check is aborted or its budget runs out. */
async function waitForCrawl(store: JobStore, job: JobRecord, signal: AbortSignal): Promise<JobRecord> {
  let record = job;
  // Within the check's run claim: a crawl no worker picks up (no job worker anywhere) ends the check, not hangs it.
  const deadline = Date.now() + CRAWL_TIMEOUT_MS;
  while (record.status === 'running') {
    if (signal.aborted || Date.now() > deadline) {
      await store.cancelJob(job.id);
      throw signal.aborted ? signal.reason : new Error('the crawl did not finish in time (is a job worker running?)');
    }
    await new Promise((r) => setTimeout(r, CRAWL_POLL_MS));
    record = (await store.getJob(job.id)) ?? { ...record, status: 'failed' };
  }
  return record;
}

/** A page the last check saw that the crawl no longer reaches is gone from the site. */
function removedPages(
  target: MonitorTarget,
  pages: readonly OutcomePage[],
  previous: CheckRecord | null,
): OutcomePage[] {
  const now = new Set(pages.map((p) => p.url));
  const removed: OutcomePage[] = [];
  for (const old of previous?.pages ?? []) {
    if (old.targetId === target.id && old.status !== 'removed' && !now.has(old.url)) {
      removed.push({
        ...errorPage(target, old.url, ''),
        status: 'removed',
        error: null,
        previousScrapeId: old.currentScrapeId,
      });
    }
  }
  return removed;
}

/** The pages of a finished crawl job: its documents, its errors (robots.txt refusals are not errors), removed pages. */
async function crawlPages(
  store: JobStore,
  jobId: string,
  target: MonitorTarget,
  limit: number,
  previous: CheckRecord | null,
): Promise<OutcomePage[]> {
  const docs = (await store.readResults(jobId, { offset: 0, limit })) as ScrapeDocument[];
  const pages = docs.map((doc) => pageFromDocument(target, doc));
  for (const e of await store.readErrors(jobId, { limit: 1_000 })) {
    if (e.code !== 'ROBOTS_BLOCKED') pages.push(errorPage(target, String(e.url ?? e.key), new Error(e.message)));
  }
  pages.push(...removedPages(target, pages, previous));
  return pages;
}

/** The search engine's time filter for a monitor's search window. */
function searchTbs(window: Extract<MonitorTarget, { type: 'search' }>['searchWindow']): string | undefined {
  return window
    ? { '5m': 'qdr:h', '15m': 'qdr:h', '1h': 'qdr:h', '6h': 'qdr:d', '24h': 'qdr:d', '7d': 'qdr:w' }[window]
    : undefined;
}

/** Whether a search hit's host passes the target's include and exclude domain lists (a domain covers its subdomains).
 */
function searchHostFilter(target: Extract<MonitorTarget, { type: 'search' }>): (url: string) => boolean {
  return (url: string) => {
    let host = '';
    try {
      host = new URL(url).hostname.toLowerCase();
    } catch {
      return false;
    }
    const under = (d: string) => host === d.toLowerCase() || host.endsWith(`.${d.toLowerCase()}`);
    if (target.includeDomains?.length && !target.includeDomains.some(under)) return false;
    return !(target.excludeDomains ?? []).some(under);
  };
}

type SearchHit = { url?: string; title?: string; description?: string };

/** The check pages of one query's hits that pass the domain filter: `new` unless the last check saw the URL. */
function searchHitPages(
  target: MonitorTarget,
  query: string,
  hits: readonly SearchHit[],
  hostOk: (url: string) => boolean,
  seen: ReadonlySet<string>,
): OutcomePage[] {
  const pages: OutcomePage[] = [];
  for (const hit of hits) {
    if (typeof hit.url !== 'string' || !hostOk(hit.url)) continue;
    pages.push({
      targetId: target.id,
      url: hit.url,
      status: seen.has(hit.url) ? 'same' : 'new',
      previousScrapeId: null,
      currentScrapeId: null,
      statusCode: null,
      error: null,
      metadata: { query, title: hit.title, description: hit.description },
      diff: null,
    });
  }
  return pages;
}

/** The target result of a target that failed as a whole (its crawl did not start, its run threw). */
const failedTargetResult = (target: MonitorTarget, error: unknown): Record<string, unknown> => ({
  targetId: target.id,
  type: target.type,
  error: isScrapeError(error) ? error.error : String(error),
});

/** The one error page standing for a target that failed as a whole. */
const failedTargetPage = (target: MonitorTarget, error: unknown): OutcomePage =>
  errorPage(target, 'url' in target ? target.url : target.id, error);

/** Keeps the check's diff text within CHECK_DIFF_BUDGET_CHARS: pages past the budget keep a note instead. */
function capDiffText(pages: CheckPage[]): void {
  let diffChars = 0;
  for (const p of pages) {
    if (!p.diff) continue;
    diffChars += p.diff.text.length;
    if (diffChars > CHECK_DIFF_BUDGET_CHARS) p.diff = { text: DIFF_OMITTED };
  }
}

/** The check's record once every target ran: status from the failed targets and pages, summary, credits. */
function finishedCheck(
  monitor: MonitorRecord,
  check: CheckRecord,
  account: Account | null,
  outcome: { pages: CheckPage[]; results: Record<string, unknown>[]; credits: number; failedTargets: number },
): CheckRecord {
  const { pages, results, credits, failedTargets } = outcome;
  capDiffText(pages);
  const summary = emptySummary();
  for (const p of pages) summary[p.status]++;
  summary.totalPages = pages.length;
  const allFailed = pages.length > 0 && summary.error === pages.length;
  const now = new Date().toISOString();
  return {
    ...check,
    status:
      allFailed || failedTargets === monitor.targets.length ? 'failed' : summary.error > 0 ? 'partial' : 'completed',
    pages,
    summary,
    targetResults: results,
    actualCredits: credits,
    billingStatus: account && !account.unlimitedCredits ? 'confirmed' : 'not_applicable',
    finishedAt: now,
    updatedAt: now,
    error: allFailed ? 'every page of the check failed' : null,
  };
}

/** The team a monitor bills: the empty string stands for the scraper's default team. */
const teamOf = (m: MonitorRecord) => (m.team === '' ? undefined : m.team);

/** A search target: each query searched and billed as POST /v2/search would be; hits compared with the last check. */
async function runSearch(
  deps: CheckDeps,
  monitor: MonitorRecord,
  target: Extract<MonitorTarget, { type: 'search' }>,
  account: Account | null,
  signal: AbortSignal,
  previous: CheckRecord | null,
): Promise<TargetOutcome> {
  const { scraper, accounts } = deps;
  const seen = new Set((previous?.pages ?? []).filter((p) => p.targetId === target.id).map((p) => p.url));
  const tbs = searchTbs(target.searchWindow);
  const hostOk = searchHostFilter(target);
  let credits = 0;
  let resultCount = 0;
  const pages: OutcomePage[] = [];
  for (const query of target.queries) {
    const body = { query, limit: target.maxResults ?? 10, ...(tbs ? { tbs } : {}) };
    let admission: Admission | undefined;
    try {
      if (accounts && account)
        admission = await accounts.admit(account, body, signal, {
          endpoint: ENDPOINT_SEARCH,
          credits: expectedSearchCredits(body),
        });
      const result = await scraper.search(body, { signal, team: teamOf(monitor) });
      await admission?.succeedWith(result.creditsUsed);
      credits += result.creditsUsed;
      const hits = searchHitPages(target, query, (result.data.web ?? []) as SearchHit[], hostOk, seen);
      resultCount += hits.length;
      pages.push(...hits);
    } catch (error) {
      await admission?.fail(error);
      pages.push(errorPage(target, `search:${query}`, error));
    }
  }
  const matches = pages.filter((p) => p.status === 'new').length;
  return {
    pages,
    credits,
    result: {
      targetId: target.id,
      type: 'search',
      searchCompleted: true,
      resultCount,
      matches,
      searchCredits: credits,
    },
  };
}

/** One check of a monitor, given the run claim; see createMonitors for overlap, credits and the webhook. */
export function createCheckRunner(deps: CheckDeps) {
  const { scraper, accounts } = deps;

  /** One scrape, held and billed as POST /v2/scrape would be (limited accounts only). */
  async function scrapeBilled(
    account: Account | null,
    body: Record<string, unknown>,
    signal: AbortSignal,
    monitor: MonitorRecord,
  ) {
    let admission: Admission | undefined;
    try {
      if (accounts && account) admission = await accounts.admit(account, body, signal);
      const doc = await scraper.scrape(body, { signal, team: teamOf(monitor), creditBudget: admission?.creditBudget });
      await admission?.succeed(doc);
      return doc;
    } catch (error) {
      await admission?.fail(error);
      throw error;
    }
  }

  async function runScrape(
    monitor: MonitorRecord,
    target: Extract<MonitorTarget, { type: 'scrape' }>,
    account: Account | null,
    signal: AbortSignal,
  ): Promise<TargetOutcome> {
    let credits = 0;
    const pages = await mapLimited(target.urls, CHECK_CONCURRENCY, async (url) => {
      try {
        const doc = await scrapeBilled(account, monitorScrapeBody(monitor, target, url), signal, monitor);
        credits += Number((doc.metadata as { creditsUsed?: number })?.creditsUsed ?? 1);
        return { ...pageFromDocument(target, doc), url };
      } catch (error) {
        return errorPage(target, url, error);
      }
    });
    return { pages, credits, result: { targetId: target.id, type: 'scrape', expectedJobs: [] } };
  }

  async function runCrawl(
    monitor: MonitorRecord,
    target: Extract<MonitorTarget, { type: 'crawl' }>,
    account: Account | null,
    signal: AbortSignal,
    previous: CheckRecord | null,
  ): Promise<TargetOutcome> {
    const runtime = scraper.jobs;
    const scrapeOptions = monitorScrapeBody(monitor, target);
    // The crawl job machinery runs the pages (any worker process) and bills them per page like any crawl.
    const billed = Boolean(accounts && account && !account.unlimitedCredits);
    const limit = crawlPageLimit(target);
    const job = await runtime.startCrawl(
      { ...target.crawlOptions, url: target.url, limit, scrapeOptions, webhook: undefined },
      { team: monitor.team, state: { billed } },
    );
    const store = await runtime.jobs();
    const record = await waitForCrawl(store, job, signal);
    const pages = await crawlPages(store, job.id, target, limit, previous);
    return { pages, credits: record.creditsUsed, result: { targetId: target.id, type: 'crawl', crawlId: job.id } };
  }

  function runTarget(
    monitor: MonitorRecord,
    target: MonitorTarget,
    account: Account | null,
    signal: AbortSignal,
    previous: CheckRecord | null,
  ): Promise<TargetOutcome> {
    if (target.type === 'scrape') return runScrape(monitor, target, account, signal);
    if (target.type === 'crawl') return runCrawl(monitor, target, account, signal, previous);
    return runSearch(deps, monitor, target, account, signal, previous);
  }

  /** Runs every target of `check` and fills its pages, summary, credits and status (the caller stores it). */
  async function run(
    monitor: MonitorRecord,
    check: CheckRecord,
    account: Account | null,
    signal: AbortSignal,
  ): Promise<CheckRecord> {
    const previous = await deps.store.lastCompletedCheck(monitor.id, check.id);
    const pages: CheckPage[] = [];
    const results: Record<string, unknown>[] = [];
    let credits = 0;
    let failedTargets = 0;
    for (const target of monitor.targets) {
      try {
        const outcome = await runTarget(monitor, target, account, signal, previous);
        credits += outcome.credits;
        results.push(outcome.result);
        const at = new Date().toISOString();
        for (const p of outcome.pages) pages.push({ ...p, id: randomUUID(), createdAt: at });
      } catch (error) {
        failedTargets++;
        results.push(failedTargetResult(target, error));
        pages.push({ ...failedTargetPage(target, error), id: randomUUID(), createdAt: new Date().toISOString() });
      }
    }
    return finishedCheck(monitor, check, account, { pages, results, credits, failedTargets });
  }

  return { run };
}

export const retentionCutoff = (monitor: MonitorRecord, now = Date.now()) => now - monitor.retentionDays * DAY_MS;
