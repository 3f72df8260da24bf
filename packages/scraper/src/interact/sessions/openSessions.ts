import { randomUUID } from 'node:crypto';
import { isBrowserError, type ProfileState, type RequestVerdict, type SessionPage } from '@scrape/browser';
import { errors, ScrapeError } from '../../errors.js';
import { createAllowRequest, portOf } from '../../ssrf/createAllowRequest.js';
import { resolveAllowedAddresses } from '../../ssrf/resolveAllowedAddresses.js';
import type { BrowserCreated } from '../interactTypes.js';
import { parseBrowserRequest } from '../parseBrowserRequest.js';
import type { SessionRecord } from '../sessionDirectory.js';
import { adoptKept } from './keptPages.js';
import { payFirstMinute, checkExhausted, releaseUnopened } from './sessionBilling.js';
import {
  OPEN_TIMEOUT_MS,
  type Payer,
  type RememberedScrape,
  type Session,
  type SessionsContext,
} from './sessionContext.js';
import { admit, start } from './sessionLifecycle.js';

// Opening sessions (on a scrape's page or a blank one) and finding them: this process's, another's, or none.

/**
 * A session held by another process, when the directory knows one: 409 for this team; for another team nothing is
 * said (the caller goes on to its 404), so a session id cannot be probed across teams.
 */
export function elsewhere(ctx: SessionsContext, record: SessionRecord | null, team: string): void {
  const { ownerId } = ctx;
  if (!record || record.owner === ownerId) return;
  // Another team's session: answered as unknown (404) by the caller, like a local one.
  if (record.team !== team) return;
  throw new ScrapeError({
    status: 409,
    error: 'Conflict',
    code: 'INTERACT_SESSION_ELSEWHERE',
    details: {
      reason:
        'this interact session lives in another server process; route calls for this scrape to the same process ' +
        '(sticky by scrapeId)',
      sessionId: record.sessionId,
    },
  });
}

/** Another team's session answers exactly as an unknown one: its existence is not another tenant's to learn. */
export function owned(session: Session | undefined, team: string, what: string): Session {
  if (!session || session.team !== team)
    throw errors.notFound(`${what} not found: it never existed, was stopped, or expired`, 'INTERACT_SESSION_NOT_FOUND');
  return session;
}

/** A standalone session of this team (404 for anything else, a scrape's session included). */
export async function standalone(ctx: SessionsContext, sessionId: string, team: string): Promise<Session> {
  const { sessions, directory } = ctx;
  const local = sessions.get(sessionId);
  if (!local) checkExhausted(ctx, sessionId, team);
  if (!local && directory) {
    const record = await directory.sessionById(sessionId).catch(() => null);
    if (record && record.team === team) elsewhere(ctx, record, team);
  }
  const session = owned(local, team, 'Browser session');
  if (session.kind !== 'browser')
    throw errors.notFound(
      "Browser session not found: this id is a scrape's interact session (use /v2/scrape/{scrapeId}/interact)",
      'INTERACT_SESSION_NOT_FOUND',
    );
  return session;
}

export function allowRequest(ctx: SessionsContext): ((url: string) => Promise<RequestVerdict>) | undefined {
  const { ssrf } = ctx;
  return ssrf.allowPrivateUrls ? undefined : createAllowRequest(ssrf);
}

/** The saved state of the session's profile, when it names one that has been saved. */
async function profileState(
  ctx: SessionsContext,
  team: string,
  profile: Session['profile'],
): Promise<ProfileState | undefined> {
  return profile ? ((await ctx.profiles.get(team, profile.name)) ?? undefined) : undefined;
}

/**
 * The steps both kinds of session open with, and what a failed opening gives back: the team's admission, the first
 * minute reserved (`pay`), the profile claimed when it saves changes; `build` opens the page and starts the session.
 * A browser failure is a 502 `INTERACT_SESSION_FAILED` saying `failure`.
 */
async function opening<T>(
  ctx: SessionsContext,
  pay: Payer,
  profile: Session['profile'],
  failure: string,
  build: (releaseProfile: (() => Promise<void>) | undefined) => Promise<T>,
): Promise<T> {
  const giveBack = admit(ctx, pay.team);
  let releaseProfile: (() => Promise<void>) | undefined;
  ctx.opening++;
  try {
    await payFirstMinute(ctx, pay);
    if (profile?.saveChanges) releaseProfile = await ctx.profiles.claim(pay.team, profile.name);
    return await build(releaseProfile);
  } catch (error) {
    giveBack();
    releaseUnopened(ctx, pay);
    await releaseProfile?.();
    if (error instanceof ScrapeError) throw error;
    if (isBrowserError(error)) throw errors.badGateway(failure, { reason: error.message }, 'INTERACT_SESSION_FAILED');
    throw error;
  } finally {
    ctx.opening--;
  }
}

/** The scrape's page: the kept one when it can be adopted, else the scrape's URL opened again (SSRF-checked). */
async function scrapePage(
  ctx: SessionsContext,
  scrapeId: string,
  scrape: RememberedScrape,
  team: string,
  profile: Session['profile'],
): Promise<{ page: SessionPage; retainedAt?: number; reason?: string }> {
  const { browser, ssrf } = ctx;
  const adopted = await adoptKept(ctx, scrapeId, profile, scrape.keptBy);
  if (adopted.page) return { page: adopted.page, retainedAt: adopted.page.retainedAt, reason: adopted.reason };
  const state = await profileState(ctx, team, profile);
  if (!ssrf.allowPrivateUrls) {
    const url = new URL(scrape.url);
    await resolveAllowedAddresses(url.hostname, portOf(url), ssrf, url.href);
  }
  const page = await browser.open({
    url: scrape.url,
    timeout: OPEN_TIMEOUT_MS,
    allowRequest: allowRequest(ctx),
    state,
  });
  return { page, reason: adopted.reason };
}

export async function open(
  ctx: SessionsContext,
  scrapeId: string,
  scrape: RememberedScrape,
  team: string,
  profile: Session['profile'],
): Promise<{ session: Session; scrapePage: 'kept' | 'reopened'; reason?: string }> {
  const { settings } = ctx;
  const pay = { id: randomUUID(), team, paid: 0 };
  return opening(ctx, pay, profile, 'Could not open the interact session', async (releaseProfile) => {
    const opened = await scrapePage(ctx, scrapeId, scrape, team, profile);
    const now = Date.now();
    // Billing starts now (keeping the page until here was the server's choice); the lifetime counts the context's
    // whole life, so an adopted page ends no later than one opened when the scrape finished would have.
    const lifetimeMs =
      opened.retainedAt !== undefined
        ? Math.max(1, settings.maxLifetimeMs - (now - opened.retainedAt))
        : settings.maxLifetimeMs;
    const session: Session = {
      id: pay.id,
      paid: pay.paid,
      kind: 'scrape',
      team,
      scrapeId,
      idleMs: settings.idleTimeoutMs,
      expiresAt: now + lifetimeMs,
      startedAt: now,
      lastUsedAt: now,
      page: opened.page,
      profile,
      releaseProfile,
      queue: Promise.resolve(),
    };
    await start(ctx, session, lifetimeMs, { zeroDataRetention: scrape.zeroDataRetention });
    return { session, scrapePage: opened.retainedAt !== undefined ? 'kept' : 'reopened', reason: opened.reason };
  });
}

export async function openBrowser(
  ctx: SessionsContext,
  body: unknown,
  team: string,
  unbilled: boolean,
): Promise<BrowserCreated> {
  const { settings, browser } = ctx;
  const request = parseBrowserRequest(body);
  const profile = request.profile;
  const pay = { id: randomUUID(), team, paid: 0, unbilled };
  return opening(ctx, pay, profile, 'Could not open the browser session', async (releaseProfile) => {
    const state = await profileState(ctx, team, profile);
    const page = await browser.open({
      url: 'about:blank',
      timeout: OPEN_TIMEOUT_MS,
      allowRequest: allowRequest(ctx),
      state,
    });
    const now = Date.now();
    const lifetimeMs = Math.min(request.ttlMs ?? settings.maxLifetimeMs, settings.maxLifetimeMs);
    const id = pay.id;
    const session: Session = {
      id,
      paid: pay.paid,
      kind: 'browser',
      team,
      // Its own key in the scrape-session index, so no scrape's session record is ever overwritten by it.
      scrapeId: `browser:${id}`,
      idleMs: Math.min(request.activityTtlMs ?? settings.idleTimeoutMs, settings.idleTimeoutMs),
      ...(unbilled ? { unbilled } : {}),
      expiresAt: now + lifetimeMs,
      startedAt: now,
      lastUsedAt: now,
      page,
      profile,
      releaseProfile,
      queue: Promise.resolve(),
    };
    await start(ctx, session, lifetimeMs);
    return { success: true, id, expiresAt: new Date(session.expiresAt).toISOString() };
  });
}
