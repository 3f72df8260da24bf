import { createHash } from 'node:crypto';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { KvBackend } from './backends/KvBackend.js';
import { systemClock, type Clock } from './clock.js';
import { decodeRecord, encodeRecord } from './codec.js';
import { normalizeMarkdown } from './normalizeMarkdown.js';
import { normalizeUrl } from './normalizeUrl.js';

/**
 * Entries kept per (team, URL, tag): enough to compare against and to look back a little, bounded so one URL scraped
 * every minute cannot grow without end.
 */
export const DEFAULT_HISTORY_LIMIT = 10;
/** Histories untouched this long are dropped (2 years, like cached pages). */
export const DEFAULT_HISTORY_RETENTION_MS = 2 * 365 * 24 * 60 * 60 * 1000;
/** Statuses meaning "the page is gone" (spec §2.9 `removed`). */
const GONE_STATUSES = new Set([404, 410]);
/** Lines of context around each hunk, as `git diff` prints by default. */
const DIFF_CONTEXT_LINES = 3;
const HISTORY_KEY_PREFIX = 'history:';

export type ChangeStatus = 'new' | 'same' | 'changed' | 'removed';

export interface ChangeTrackingResult {
  /** ISO 8601 time of the scrape compared against; null when there was none. */
  previousScrapeAt: string | null;
  changeStatus: ChangeStatus;
  /** `visible` for a direct scrape (the URL was asked for, not recalled from memory). */
  visibility: 'visible' | 'hidden';
  /**
   * Unified diff (previous → current normalised markdown) when `gitDiff` was asked and there is a previous scrape; else
   * null.
   */
  diff: string | null;
}

export interface CompareWithHistoryInput {
  team: string;
  /** The client's `url` (metadata.sourceURL); normalised with normalizeUrl, so URL variants share one history. */
  url: string;
  tag?: string | null;
  markdown: string;
  statusCode: number;
  /** Time of this scrape (epoch ms); defaults to the clock. For a cache hit pass the copy's fetchedAt. */
  now?: number;
  /** `modes` contains `git-diff`. */
  gitDiff?: boolean;
  /** False under zero data retention (plan.writeHistory): compare, but leave no trace. Default true. */
  record?: boolean;
}

export interface HistoryEntry {
  scrapedAt: number;
  statusCode: number;
  markdown: string;
}

export interface ChangeHistory {
  /**
   * Compares this scrape with the newest earlier one for (team, url, tag) and, when `record` is not false, records
   * it. The comparison is against the newest entry strictly older than `now`, so a cache hit (now = the copy's time)
   * compares with the scrape before that copy; an entry is only recorded when it is newer than every stored one.
   */
  compareWithHistory(input: CompareWithHistoryInput): Promise<ChangeTrackingResult>;
  /** Stored entries, newest first (for tests and tooling). */
  entries(team: string, url: string, tag?: string | null): Promise<HistoryEntry[]>;
  /** Drops a history (account deletion, tests). */
  forget(team: string, url: string, tag?: string | null): Promise<void>;
}

export interface ChangeHistoryOptions {
  clock?: Clock;
  limit?: number;
  retentionMs?: number;
}

/** The change status of `current` against `previous` (pure). */
export function classifyChange(
  previous: Pick<HistoryEntry, 'statusCode' | 'markdown'> | null,
  current: Pick<HistoryEntry, 'statusCode' | 'markdown'>,
): ChangeStatus {
  const goneNow = GONE_STATUSES.has(current.statusCode);
  if (!previous) return 'new';
  const goneBefore = GONE_STATUSES.has(previous.statusCode);
  if (goneBefore && goneNow) return 'same';
  if (goneNow) return 'removed';
  // It did not exist when we last looked, and now it does.
  if (goneBefore) return 'new';
  return normalizeMarkdown(previous.markdown) === normalizeMarkdown(current.markdown) ? 'same' : 'changed';
}

/** A unified diff between two markdown texts, after normalisation, with `--- previous` / `+++ current` headers. */
export function markdownDiff(previous: string, current: string): string {
  return createTwoFilesPatch(
    'previous',
    'current',
    withFinalNewline(normalizeMarkdown(previous)),
    withFinalNewline(normalizeMarkdown(current)),
    undefined,
    undefined,
    {
      context: DIFF_CONTEXT_LINES,
      headerOptions: FILE_HEADERS_ONLY,
    },
  );
}

export function historyKey(team: string, url: string, tag?: string | null): string {
  const digest = createHash('sha256')
    .update(`${team}\n${normalizeUrl(url)}\n${tag ?? ''}`)
    .digest('base64url');
  return HISTORY_KEY_PREFIX + digest;
}

export function createChangeHistory(backend: KvBackend, options: ChangeHistoryOptions = {}): ChangeHistory {
  const clock = options.clock ?? systemClock;
  const limit = options.limit ?? DEFAULT_HISTORY_LIMIT;
  const retentionMs = options.retentionMs ?? DEFAULT_HISTORY_RETENTION_MS;

  async function entries(key: string): Promise<HistoryEntry[]> {
    return (await backend.range(key, 0, -1)).map((bytes) => decodeRecord<HistoryEntry>(bytes).meta);
  }

  return {
    async compareWithHistory(input) {
      const now = input.now ?? clock.now();
      const key = historyKey(input.team, input.url, input.tag);
      const stored = await entries(key);
      const previous = stored.find((e) => e.scrapedAt < now) ?? null;
      const current: HistoryEntry = {
        scrapedAt: now,
        statusCode: input.statusCode,
        markdown: normalizeMarkdown(input.markdown),
      };
      const result: ChangeTrackingResult = {
        previousScrapeAt: previous ? new Date(previous.scrapedAt).toISOString() : null,
        changeStatus: classifyChange(previous, current),
        visibility: 'visible',
        diff: input.gitDiff && previous ? markdownDiff(previous.markdown, current.markdown) : null,
      };
      const newestAt = stored[0]?.scrapedAt ?? -Infinity;
      if (input.record !== false && now > newestAt) {
        await backend.push(key, encodeRecord({ ...current }), limit, retentionMs);
      }
      return result;
    },
    entries: (team, url, tag) => entries(historyKey(team, url, tag)),
    forget: (team, url, tag) => backend.deleteList(historyKey(team, url, tag)),
  };
}

function withFinalNewline(text: string): string {
  return text === '' ? '' : `${text}\n`;
}
