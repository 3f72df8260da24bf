import type { RetainedPage } from '@scrape/browser';
import { MAX_PAGE_REASONS, type Session, type SessionsContext } from './sessionContext.js';

// The scrape's own browser page, kept (paused) for settings.retainMs for the first interact call to adopt.

export function dropKept(ctx: SessionsContext, scrapeId: string, reason: string): void {
  const { kept, pageReasons } = ctx;
  const entry = kept.get(scrapeId);
  if (!entry) return;
  kept.delete(scrapeId);
  clearTimeout(entry.timer);
  pageReasons.set(scrapeId, reason);
  for (const key of pageReasons.keys()) {
    if (pageReasons.size <= MAX_PAGE_REASONS) break;
    pageReasons.delete(key);
  }
  void entry.page.close().catch(() => {});
}

/** Keeps the scrape's page for a first call; false when it was closed at once instead. */
export function keep(
  ctx: SessionsContext,
  scrapeId: string,
  team: string,
  page: RetainedPage,
  profileName: string | undefined,
): boolean {
  const { settings, ssrf, kept, keepsScrapePages } = ctx;
  const refuse = (): false => {
    void page.close().catch(() => {});
    return false;
  };
  if (ctx.closed || !keepsScrapePages) return refuse();
  // The page's own guard must be at least the sessions' policy: an unguarded render is adopted only when sessions
  // are unguarded too.
  if (!page.guarded && !ssrf.allowPrivateUrls) return refuse();
  dropKept(ctx, scrapeId, 'replaced by a newer page of the same scrape');
  const timer = setTimeout(
    () => dropKept(ctx, scrapeId, `the scrape's page is kept ${settings.retainMs} ms and that time passed`),
    settings.retainMs,
  );
  timer.unref?.();
  kept.set(scrapeId, { page, team, profileName, timer });
  // Maps iterate in insertion order: the first entries are the oldest.
  const ofTeam = [...kept].filter(([, e]) => e.team === team);
  for (const [id] of ofTeam.slice(0, Math.max(0, ofTeam.length - settings.retainMaxPerTeam))) {
    dropKept(
      ctx,
      id,
      `evicted: at most ${settings.retainMaxPerTeam} scrape pages are kept per team and newer scrapes came`,
    );
  }
  for (const id of kept.keys()) {
    if (kept.size <= settings.retainMax) break;
    dropKept(ctx, id, `evicted: the server keeps at most ${settings.retainMax} scrape pages and newer scrapes came`);
  }
  return true;
}

/** The scrape's kept page for a new session, resumed; or why there is none. */
export async function adoptKept(
  ctx: SessionsContext,
  scrapeId: string,
  profile: Session['profile'],
  keptBy: string | undefined,
): Promise<{ page?: RetainedPage; reason?: string }> {
  const { kept, pageReasons, ownerId } = ctx;
  const entry = kept.get(scrapeId);
  if (!entry) {
    if (keptBy && keptBy !== ownerId) {
      return {
        reason:
          "the scrape's page is kept by the server process that made the scrape, not this one: send interact calls " +
          'for it there to continue with its state',
      };
    }
    return {
      reason:
        pageReasons.get(scrapeId) ??
        'no page of this scrape is kept (served without the browser, from the cache, or with zero data retention)',
    };
  }
  kept.delete(scrapeId);
  clearTimeout(entry.timer);
  if (profile && profile.name !== entry.profileName) {
    void entry.page.close().catch(() => {});
    return { reason: `the session asks for profile "${profile.name}", which the scrape's page was not loaded with` };
  }
  if (!entry.page.alive()) {
    void entry.page.close().catch(() => {});
    return { reason: "the scrape's page was closed (the browser restarted)" };
  }
  try {
    await entry.page.resume();
    return { page: entry.page };
  } catch (error) {
    void entry.page.close().catch(() => {});
    return {
      reason: `the scrape's page could not be resumed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
