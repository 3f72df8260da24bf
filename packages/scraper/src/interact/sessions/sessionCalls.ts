import { errors } from '../../errors.js';
import { DEFAULT_TEAM } from '../../steps/changeTracking.js';
import type { InteractResponse, ScrapeToRemember, StopResponse } from '../interactTypes.js';
import { parseInteractRequest } from '../parseInteractRequest.js';
import type { ScrapeRecord } from '../sessionDirectory.js';
import { dropKept, keep } from './keptPages.js';
import { elsewhere, open, owned } from './openSessions.js';
import { checkPrompt, checkSandbox, run } from './runCall.js';
import { checkExhausted } from './sessionBilling.js';
import type { Session, SessionsContext } from './sessionContext.js';
import { end } from './sessionLifecycle.js';

// The manager's calls on scrapes' sessions (the standalone browser calls are thin and stay in the manager).

/** Lets the scrape be continued later; keeps its page when one is given (see InteractSessions.rememberScrape). */
export async function rememberScrape(ctx: SessionsContext, scrapeId: string, scrape: ScrapeToRemember): Promise<void> {
  const { scrapes, settings, directory, ownerId } = ctx;
  const isKept = scrape.page
    ? keep(ctx, scrapeId, scrape.team ?? DEFAULT_TEAM, scrape.page, scrape.profile?.name)
    : false;
  const record: ScrapeRecord = {
    team: scrape.team ?? DEFAULT_TEAM,
    url: scrape.url,
    profile: scrape.profile,
    ...(isKept ? { keptBy: ownerId } : {}),
  };
  scrapes.set(scrapeId, {
    ...record,
    at: Date.now(),
    ...(scrape.zeroDataRetention ? { zeroDataRetention: true } : {}),
  });
  // Maps iterate in insertion order: the first keys are the oldest.
  for (const key of scrapes.keys()) {
    if (scrapes.size <= settings.rememberedScrapes) break;
    scrapes.delete(key);
  }
  if (!scrape.zeroDataRetention) await directory?.putScrape(scrapeId, record, settings.scrapeMemoryMs).catch(() => {});
}

/** `POST /v2/scrape/{scrapeId}/interact`: the scrape's live session, or one opened for this first call. */
export async function interact(
  ctx: SessionsContext,
  scrapeId: string,
  body: unknown,
  teamOrUndefined: string | undefined,
): Promise<InteractResponse> {
  const { sessions, byScrape, directory } = ctx;
  if (ctx.closed) throw errors.unavailable();
  const team = teamOrUndefined ?? DEFAULT_TEAM;
  const request = parseInteractRequest(body);
  checkPrompt(ctx, request);
  // Before any session is opened: without the isolation no code runs and nothing is held.
  checkSandbox(ctx, request);
  let session = sessions.get(byScrape.get(scrapeId) ?? '');
  // Another team's live session is not this caller's to know of: answered below as an unknown scrape.
  if (session && session.team !== team) session = undefined;
  let started: { scrapePage: 'kept' | 'reopened'; reason?: string } | undefined;
  if (!session && directory) elsewhere(ctx, await directory.sessionOfScrape(scrapeId).catch(() => null), team);
  if (!session) {
    const opened = await openForScrape(ctx, scrapeId, team, request.profile);
    session = opened.session;
    started = { scrapePage: opened.scrapePage, reason: opened.reason };
  } else {
    owned(session, team, 'Interact session');
  }
  const response = await run(ctx, session, request);
  return {
    ...response,
    ...(started ? { scrapePage: started.scrapePage } : {}),
    ...(started?.reason ? { scrapePageReason: started.reason } : {}),
  };
}

/** A first call: the remembered scrape (here or in the directory) gets its session. */
async function openForScrape(
  ctx: SessionsContext,
  scrapeId: string,
  team: string,
  profile: Session['profile'],
): ReturnType<typeof open> {
  const { scrapes, directory, settings } = ctx;
  let scrape = scrapes.get(scrapeId);
  if (!scrape && directory) {
    const shared = await directory.getScrape(scrapeId).catch(() => null);
    if (shared) scrape = { ...shared, at: Date.now() };
  }
  // Another team's scrape answers as an unknown one (its id says nothing to other tenants).
  if (!scrape || Date.now() - scrape.at > settings.scrapeMemoryMs || scrape.team !== team) {
    throw errors.notFound(
      'Scrape not found: interact continues a scrape made on this server in the last 24 hours; scrape the page ' +
        'first',
      'INTERACT_SCRAPE_NOT_FOUND',
    );
  }
  return open(ctx, scrapeId, scrape, team, profile ?? scrape.profile);
}

/** `DELETE /v2/interact/{sessionId}`: a scrape's session or a standalone one. */
export async function stopSession(
  ctx: SessionsContext,
  sessionId: string,
  team: string | undefined,
): Promise<StopResponse> {
  const { sessions, directory } = ctx;
  const local = sessions.get(sessionId);
  if (!local) checkExhausted(ctx, sessionId, team ?? DEFAULT_TEAM);
  if (!local && directory)
    elsewhere(ctx, await directory.sessionById(sessionId).catch(() => null), team ?? DEFAULT_TEAM);
  const session = owned(local, team ?? DEFAULT_TEAM, 'Interact session');
  return end(ctx, session, 'stopped');
}

/** `DELETE /v2/scrape/{scrapeId}/interact`: the scrape's live session. */
export async function stopScrapeSession(
  ctx: SessionsContext,
  scrapeId: string,
  team: string | undefined,
): Promise<StopResponse> {
  const { sessions, byScrape, directory } = ctx;
  const local = sessions.get(byScrape.get(scrapeId) ?? '');
  if (!local && directory)
    elsewhere(ctx, await directory.sessionOfScrape(scrapeId).catch(() => null), team ?? DEFAULT_TEAM);
  const session = owned(local, team ?? DEFAULT_TEAM, 'Interact session for this scrape');
  return end(ctx, session, 'stopped');
}

/** Stops every session (profiles saved), closes the kept pages, the browser and what the manager owns. */
export async function closeSessions(ctx: SessionsContext): Promise<void> {
  const { kept, sessions, browser, profiles, directory } = ctx;
  ctx.closed = true;
  const keptPages = [...kept.values()].map((e) => e.page);
  for (const id of [...kept.keys()]) dropKept(ctx, id, 'shutdown');
  await Promise.allSettled([
    ...keptPages.map((p) => p.close()),
    ...[...sessions.values()].map((s) => end(ctx, s, 'shutdown')),
  ]);
  await browser.close();
  if (ctx.ownsProfiles) await profiles.close();
  await directory?.close();
}
