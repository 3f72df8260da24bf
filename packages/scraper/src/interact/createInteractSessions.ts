import { randomUUID } from 'node:crypto';
import {
  createSessionBrowser,
  isBrowserError,
  runSandboxedCode,
  type ProfileState,
  type RequestVerdict,
  type SessionBrowser,
  type SessionPage,
} from '@scrape/browser';
import { errors, ScrapeError } from '../errors.js';
import type { SsrfOptions } from '../ssrf/addressPolicy.js';
import { resolveAllowedAddresses } from '../ssrf/resolveAllowedAddresses.js';
import { createAllowRequest, portOf } from '../ssrf/createAllowRequest.js';
import { DEFAULT_TEAM } from '../steps/changeTracking.js';
import { interactSettingsFromEnv, type InteractSettings } from './interactSettings.js';
import { parseInteractRequest } from './parseInteractRequest.js';
import { createMemoryProfileStore, type ProfileStore } from './profileStore.js';
import type { SessionDirectory, SessionRecord } from './sessionDirectory.js';

/** Budget of the navigation that opens a session on the scrape's page. */
const OPEN_TIMEOUT_MS = 30_000;

export interface InteractResponse {
  success: boolean;
  sessionId: string;
  result: unknown;
  /** The code's console output (the SDK reads `output` and `stdout`). */
  output: string;
  stdout: string;
  stderr: string;
  exitCode: number;
  killed: boolean;
  truncated: boolean;
  error?: string;
}

export interface StopResponse {
  success: true;
  sessionId: string;
  sessionDurationMs: number;
  creditsBilled: number;
}

export interface InteractSessionsOptions extends SsrfOptions {
  settings?: Partial<InteractSettings>;
  /** The browser sessions live in (default: its own Chromium, started on the first session). */
  browser?: SessionBrowser;
  /** Saved profiles; pass the scraper's (`scraper.profiles`) so scrapes and sessions share them. Default: in memory. */
  profiles?: ProfileStore;
  /**
   * Shared with the other server processes (Redis): scrapes made anywhere can be continued here, and a call for a
   * session another process holds answers 409 `INTERACT_SESSION_ELSEWHERE` instead of 404. Closed by the manager.
   */
  directory?: SessionDirectory;
  /** Hears every session that ends (stop, idle, lifetime, shutdown) with its bill, e.g. to charge the account. */
  onSessionEnd?: (ended: { team: string; sessionId: string; scrapeId: string; durationMs: number; creditsBilled: number; reason: string }) => void;
}

export interface InteractSessions {
  /** Lets the scrape be continued later (its final URL, the team it belongs to, its profile). */
  rememberScrape(scrapeId: string, scrape: { team?: string; url: string; profile?: { name: string; saveChanges: boolean } }): Promise<void>;
  /** `POST /v2/scrape/{scrapeId}/interact`. */
  interact(scrapeId: string, body: unknown, team?: string): Promise<InteractResponse>;
  /** `DELETE /v2/interact/{sessionId}`. */
  stopSession(sessionId: string, team?: string): Promise<StopResponse>;
  /** `DELETE /v2/scrape/{scrapeId}/interact`: the scrape's live session. */
  stopScrapeSession(scrapeId: string, team?: string): Promise<StopResponse>;
  stats(): { sessions: number; scrapes: number };
  /** Stops every session (profiles saved) and closes the browser. */
  close(): Promise<void>;
}

interface Session {
  id: string;
  team: string;
  scrapeId: string;
  startedAt: number;
  lastUsedAt: number;
  page: SessionPage;
  profile?: { name: string; saveChanges: boolean };
  /** Releases the profile's saving claim. */
  releaseProfile?: () => void;
  /** Calls of one session run one after another: they share one page. */
  queue: Promise<unknown>;
  idleTimer?: ReturnType<typeof setTimeout>;
  lifetimeTimer?: ReturnType<typeof setTimeout>;
  ending?: Promise<StopResponse>;
}

interface RememberedScrape {
  team: string;
  url: string;
  at: number;
  profile?: { name: string; saveChanges: boolean };
}

/**
 * Interact sessions. A session continues a scrape by opening the scrape's final URL in a fresh context of the session
 * browser (the scrape's own render context is closed when the scrape answers, so its in-page state after actions is
 * not carried over; cookies are, through a profile). User code runs in a sandbox process, never here.
 */
export function createInteractSessions(options: InteractSessionsOptions = {}): InteractSessions {
  const settings = interactSettingsFromEnv(process.env, options.settings);
  const browser = options.browser ?? createSessionBrowser();
  const ownsProfiles = options.profiles === undefined;
  const profiles = options.profiles ?? createMemoryProfileStore();
  const ssrf: SsrfOptions = { allowPrivateUrls: options.allowPrivateUrls, allowAddress: options.allowAddress, lookup: options.lookup };
  const scrapes = new Map<string, RememberedScrape>();
  const sessions = new Map<string, Session>();
  const byScrape = new Map<string, string>();
  /** Sessions of a team being opened or live; counted at admission so parallel first calls cannot overshoot. */
  const perTeam = new Map<string, number>();
  let opening = 0;
  let closed = false;
  const directory = options.directory;
  /** This manager's name in the directory. */
  const ownerId = randomUUID();
  // The directory is a courtesy to the other processes: its failures (caught at each use) never fail a local call.

  /** A session held by another process, when the directory knows one: 403 for another team, 409 otherwise. */
  function elsewhere(record: SessionRecord | null, team: string): void {
    if (!record || record.owner === ownerId) return;
    if (record.team !== team) throw errors.forbidden({ reason: 'this interact session belongs to another team' });
    throw new ScrapeError({
      status: 409,
      error: 'Conflict',
      code: 'INTERACT_SESSION_ELSEWHERE',
      details: { reason: 'this interact session lives in another server process; route calls for this scrape to the same process (sticky by scrapeId)', sessionId: record.sessionId },
    });
  }

  const bill = (durationMs: number) => Math.ceil((durationMs / 60_000) * settings.creditsPerMinute);

  function armIdle(session: Session): void {
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.idleTimer = setTimeout(() => void end(session, 'idle timeout').catch(() => {}), settings.idleTimeoutMs);
    session.idleTimer.unref?.();
  }

  function end(session: Session, reason: string): Promise<StopResponse> {
    session.ending ??= (async () => {
      clearTimeout(session.idleTimer);
      clearTimeout(session.lifetimeTimer);
      sessions.delete(session.id);
      if (byScrape.get(session.scrapeId) === session.id) byScrape.delete(session.scrapeId);
      await directory?.deleteSession({ sessionId: session.id, scrapeId: session.scrapeId, team: session.team, owner: ownerId }).catch(() => {});
      perTeam.set(session.team, (perTeam.get(session.team) ?? 1) - 1);
      // Billed up to the last use: an idle session is not charged for the time it sat waiting to expire.
      const endedAt = reason === 'idle timeout' ? session.lastUsedAt : Date.now();
      const durationMs = Math.max(0, endedAt - session.startedAt);
      try {
        if (session.profile?.saveChanges) {
          const state = await session.page.captureState().catch(() => null);
          if (state) await profiles.put(session.team, session.profile.name, state);
        }
      } finally {
        session.releaseProfile?.();
        await session.page.close();
      }
      const creditsBilled = bill(durationMs);
      options.onSessionEnd?.({ team: session.team, sessionId: session.id, scrapeId: session.scrapeId, durationMs, creditsBilled, reason });
      return { success: true as const, sessionId: session.id, sessionDurationMs: durationMs, creditsBilled };
    })();
    return session.ending;
  }

  function allowRequest(): ((url: string) => Promise<RequestVerdict>) | undefined {
    return ssrf.allowPrivateUrls ? undefined : createAllowRequest(ssrf);
  }

  async function open(scrapeId: string, scrape: RememberedScrape, team: string, profile: Session['profile']): Promise<Session> {
    const count = perTeam.get(team) ?? 0;
    if (count >= settings.maxPerTeam) {
      throw new ScrapeError({ status: 429, error: `Too many interact sessions: at most ${settings.maxPerTeam} per team; stop one first`, code: 'INTERACT_SESSION_LIMIT' });
    }
    if (sessions.size + opening >= settings.maxTotal) {
      throw new ScrapeError({ status: 429, error: 'Concurrency limit reached', code: 'INTERACT_SESSION_LIMIT', details: { reason: `the server holds at most ${settings.maxTotal} interact sessions` } });
    }
    const releaseProfile = profile?.saveChanges ? profiles.claim(team, profile.name) : undefined;
    perTeam.set(team, count + 1);
    opening++;
    try {
      const state: ProfileState | undefined = profile ? ((await profiles.get(team, profile.name)) ?? undefined) : undefined;
      if (!ssrf.allowPrivateUrls) {
        const url = new URL(scrape.url);
        await resolveAllowedAddresses(url.hostname, portOf(url), ssrf, url.href);
      }
      const page = await browser.open({ url: scrape.url, timeout: OPEN_TIMEOUT_MS, allowRequest: allowRequest(), state });
      const now = Date.now();
      const session: Session = { id: randomUUID(), team, scrapeId, startedAt: now, lastUsedAt: now, page, profile, releaseProfile, queue: Promise.resolve() };
      sessions.set(session.id, session);
      byScrape.set(scrapeId, session.id);
      await directory?.putSession({ sessionId: session.id, scrapeId, team, owner: ownerId }, settings.maxLifetimeMs).catch(() => {});
      armIdle(session);
      session.lifetimeTimer = setTimeout(() => void end(session, 'max lifetime').catch(() => {}), settings.maxLifetimeMs);
      session.lifetimeTimer.unref?.();
      return session;
    } catch (error) {
      perTeam.set(team, (perTeam.get(team) ?? 1) - 1);
      releaseProfile?.();
      if (error instanceof ScrapeError) throw error;
      if (isBrowserError(error)) throw errors.badGateway('Could not open the interact session', { reason: error.message }, 'INTERACT_SESSION_FAILED');
      throw error;
    } finally {
      opening--;
    }
  }

  function owned(session: Session | undefined, team: string, what: string): Session {
    if (!session) throw errors.notFound(`${what} not found: it never existed, was stopped, or expired`, 'INTERACT_SESSION_NOT_FOUND');
    if (session.team !== team) throw errors.forbidden({ reason: 'this interact session belongs to another team' });
    return session;
  }

  return {
    async rememberScrape(scrapeId, scrape) {
      const record = { team: scrape.team ?? DEFAULT_TEAM, url: scrape.url, profile: scrape.profile };
      scrapes.set(scrapeId, { ...record, at: Date.now() });
      // Maps iterate in insertion order: the first keys are the oldest.
      for (const key of scrapes.keys()) {
        if (scrapes.size <= settings.rememberedScrapes) break;
        scrapes.delete(key);
      }
      await directory?.putScrape(scrapeId, record, settings.scrapeMemoryMs).catch(() => {});
    },

    async interact(scrapeId, body, teamOrUndefined) {
      if (closed) throw errors.unavailable();
      const team = teamOrUndefined ?? DEFAULT_TEAM;
      const request = parseInteractRequest(body);
      let session = sessions.get(byScrape.get(scrapeId) ?? '');
      if (!session && directory) elsewhere(await directory.sessionOfScrape(scrapeId).catch(() => null), team);
      if (!session) {
        let scrape = scrapes.get(scrapeId);
        if (!scrape && directory) {
          const shared = await directory.getScrape(scrapeId).catch(() => null);
          if (shared) scrape = { ...shared, at: Date.now() };
        }
        if (!scrape || Date.now() - scrape.at > settings.scrapeMemoryMs) {
          throw errors.notFound(
            'Scrape not found: interact continues a scrape made on this server in the last 24 hours; scrape the page first',
            'INTERACT_SCRAPE_NOT_FOUND',
          );
        }
        if (scrape.team !== team) throw errors.forbidden({ reason: 'this scrape belongs to another team' });
        session = await open(scrapeId, scrape, team, request.profile ?? scrape.profile);
      } else {
        owned(session, team, 'Interact session');
      }
      const live = session;
      // A running call is not idleness: the idle clock restarts when it returns.
      clearTimeout(live.idleTimer);
      const run = live.queue.then(async () => {
        if (live.ending) throw errors.notFound('Interact session not found: it was stopped or expired', 'INTERACT_SESSION_NOT_FOUND');
        live.page.page.setDefaultTimeout(request.timeoutMs);
        return runSandboxedCode(request.code, live.page.page, live.page.context, request.timeoutMs);
      });
      live.queue = run.catch(() => {});
      const outcome = await run;
      live.lastUsedAt = Date.now();
      if (!live.ending) armIdle(live);
      return {
        success: outcome.error === undefined,
        sessionId: live.id,
        result: outcome.result,
        output: outcome.stdout,
        stdout: outcome.stdout,
        stderr: outcome.stderr,
        exitCode: outcome.exitCode,
        killed: outcome.killed,
        truncated: outcome.truncated,
        ...(outcome.error === undefined ? {} : { error: outcome.error }),
      };
    },

    async stopSession(sessionId, team) {
      const local = sessions.get(sessionId);
      if (!local && directory) elsewhere(await directory.sessionById(sessionId).catch(() => null), team ?? DEFAULT_TEAM);
      const session = owned(local, team ?? DEFAULT_TEAM, 'Interact session');
      return end(session, 'stopped');
    },

    async stopScrapeSession(scrapeId, team) {
      const local = sessions.get(byScrape.get(scrapeId) ?? '');
      if (!local && directory) elsewhere(await directory.sessionOfScrape(scrapeId).catch(() => null), team ?? DEFAULT_TEAM);
      const session = owned(local, team ?? DEFAULT_TEAM, 'Interact session for this scrape');
      return end(session, 'stopped');
    },

    stats: () => ({ sessions: sessions.size, scrapes: scrapes.size }),

    async close() {
      closed = true;
      await Promise.allSettled([...sessions.values()].map((s) => end(s, 'shutdown')));
      await browser.close();
      if (ownsProfiles) await profiles.close();
      await directory?.close();
    },
  };
}
