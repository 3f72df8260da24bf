import { randomUUID } from 'node:crypto';
import {
  createSessionBrowser,
  isBrowserError,
  runSandboxedCode,
  type ProfileState,
  type RequestVerdict,
  type RetainedPage,
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
import type { ScrapeRecord, SessionDirectory, SessionRecord } from './sessionDirectory.js';

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
  /**
   * On the call that started the session: `kept` when it adopted the scrape's own browser page (the state its actions
   * left, its cookies), `reopened` when it loaded the scrape's final URL in a fresh context instead.
   */
  scrapePage?: 'kept' | 'reopened';
  /** With `reopened`: why the scrape's page was not there. */
  scrapePageReason?: string;
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
  /**
   * Lets the scrape be continued later (its final URL, the team it belongs to, its profile). `page`: the scrape's
   * browser page, kept (settings.retainMs, bounded per team and in total) for the first interact call to adopt; the
   * manager owns it from here and closes it when it is not adopted.
   */
  /**
   * `zeroDataRetention` (also for lockdown): the scrape is remembered in this process's memory only, never in the
   * shared directory (Redis), so nothing of it is written anywhere; interact then works on this process only.
   */
  rememberScrape(
    scrapeId: string,
    scrape: { team?: string; url: string; profile?: { name: string; saveChanges: boolean }; page?: RetainedPage; zeroDataRetention?: boolean },
  ): Promise<void>;
  /** Whether scrape pages are kept at all (settings.retainMs and retainMax above 0): ask for them only then. */
  readonly keepsScrapePages: boolean;
  /** `POST /v2/scrape/{scrapeId}/interact`. */
  interact(scrapeId: string, body: unknown, team?: string): Promise<InteractResponse>;
  /** `DELETE /v2/interact/{sessionId}`. */
  stopSession(sessionId: string, team?: string): Promise<StopResponse>;
  /** `DELETE /v2/scrape/{scrapeId}/interact`: the scrape's live session. */
  stopScrapeSession(scrapeId: string, team?: string): Promise<StopResponse>;
  stats(): { sessions: number; scrapes: number; keptPages: number };
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
  releaseProfile?: () => Promise<void>;
  /** Calls of one session run one after another: they share one page. */
  queue: Promise<unknown>;
  idleTimer?: ReturnType<typeof setTimeout>;
  lifetimeTimer?: ReturnType<typeof setTimeout>;
  ending?: Promise<StopResponse>;
}

interface KeptPage {
  page: RetainedPage;
  team: string;
  /** The scrape's profile name: a session asking for another profile cannot adopt this context. */
  profileName?: string;
  timer: ReturnType<typeof setTimeout>;
}

/** Why kept pages went away, remembered for the `scrapePageReason` of a later first call (bounded). */
const MAX_PAGE_REASONS = 1_000;

interface RememberedScrape extends ScrapeRecord {
  at: number;
  /** Kept out of the shared directory, and so are its sessions. */
  zeroDataRetention?: boolean;
}

/**
 * Interact sessions. A session continues a scrape on the scrape's own browser page when it is still kept (a browser-
 * served scrape's page stays open, paused, for settings.retainMs): the DOM, URL, inputs and cookies its actions left.
 * Otherwise (an HTTP-served scrape, zero data retention, the page expired or was evicted, another process made the
 * scrape) it opens the scrape's final URL in a fresh context of the session browser. User code runs in a sandbox
 * process, never here.
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
  const kept = new Map<string, KeptPage>();
  const pageReasons = new Map<string, string>();
  const keepsScrapePages = settings.retainMs > 0 && settings.retainMax > 0 && settings.retainMaxPerTeam > 0;
  /** Sessions of a team being opened or live; counted at admission so parallel first calls cannot overshoot. */
  const perTeam = new Map<string, number>();
  let opening = 0;
  let closed = false;
  const directory = options.directory;
  /** This manager's name in the directory. */
  const ownerId = randomUUID();
  // The directory is a courtesy to the other processes: its failures (caught at each use) never fail a local call.

  /**
   * A session held by another process, when the directory knows one: 409 for this team; for another team nothing is
   * said (the caller goes on to its 404), so a session id cannot be probed across teams.
   */
  function elsewhere(record: SessionRecord | null, team: string): void {
    if (!record || record.owner === ownerId) return;
    if (record.team !== team) return;
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
        await session.releaseProfile?.();
        await session.page.close();
      }
      const creditsBilled = bill(durationMs);
      options.onSessionEnd?.({ team: session.team, sessionId: session.id, scrapeId: session.scrapeId, durationMs, creditsBilled, reason });
      return { success: true as const, sessionId: session.id, sessionDurationMs: durationMs, creditsBilled };
    })();
    return session.ending;
  }

  function dropKept(scrapeId: string, reason: string): void {
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
  function keep(scrapeId: string, team: string, page: RetainedPage, profileName: string | undefined): boolean {
    const refuse = () => (void page.close().catch(() => {}), false);
    if (closed || !keepsScrapePages) return refuse();
    // The page's own guard must be at least the sessions' policy: an unguarded render is adopted only when sessions
    // are unguarded too.
    if (!page.guarded && !ssrf.allowPrivateUrls) return refuse();
    dropKept(scrapeId, 'replaced by a newer page of the same scrape');
    const timer = setTimeout(() => dropKept(scrapeId, `the scrape's page is kept ${settings.retainMs} ms and that time passed`), settings.retainMs);
    timer.unref?.();
    kept.set(scrapeId, { page, team, profileName, timer });
    // Maps iterate in insertion order: the first entries are the oldest.
    const ofTeam = [...kept].filter(([, e]) => e.team === team);
    for (const [id] of ofTeam.slice(0, Math.max(0, ofTeam.length - settings.retainMaxPerTeam))) {
      dropKept(id, `evicted: at most ${settings.retainMaxPerTeam} scrape pages are kept per team and newer scrapes came`);
    }
    for (const id of kept.keys()) {
      if (kept.size <= settings.retainMax) break;
      dropKept(id, `evicted: the server keeps at most ${settings.retainMax} scrape pages and newer scrapes came`);
    }
    return true;
  }

  /** The scrape's kept page for a new session, resumed; or why there is none. */
  async function adoptKept(scrapeId: string, profile: Session['profile'], keptBy: string | undefined): Promise<{ page?: RetainedPage; reason?: string }> {
    const entry = kept.get(scrapeId);
    if (!entry) {
      if (keptBy && keptBy !== ownerId) {
        return { reason: "the scrape's page is kept by the server process that made the scrape, not this one: send interact calls for it there to continue with its state" };
      }
      return { reason: pageReasons.get(scrapeId) ?? 'no page of this scrape is kept (served without the browser, from the cache, or with zero data retention)' };
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
      return { reason: `the scrape's page could not be resumed: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  function allowRequest(): ((url: string) => Promise<RequestVerdict>) | undefined {
    return ssrf.allowPrivateUrls ? undefined : createAllowRequest(ssrf);
  }

  async function open(scrapeId: string, scrape: RememberedScrape, team: string, profile: Session['profile']): Promise<{ session: Session; scrapePage: 'kept' | 'reopened'; reason?: string }> {
    const count = perTeam.get(team) ?? 0;
    if (count >= settings.maxPerTeam) {
      throw new ScrapeError({ status: 429, error: `Too many interact sessions: at most ${settings.maxPerTeam} per team; stop one first`, code: 'INTERACT_SESSION_LIMIT' });
    }
    if (sessions.size + opening >= settings.maxTotal) {
      throw new ScrapeError({ status: 429, error: 'Concurrency limit reached', code: 'INTERACT_SESSION_LIMIT', details: { reason: `the server holds at most ${settings.maxTotal} interact sessions` } });
    }
    let releaseProfile: (() => Promise<void>) | undefined;
    perTeam.set(team, count + 1);
    opening++;
    try {
      if (profile?.saveChanges) releaseProfile = await profiles.claim(team, profile.name);
      const adopted = await adoptKept(scrapeId, profile, scrape.keptBy);
      let page: SessionPage;
      if (adopted.page) {
        page = adopted.page;
      } else {
        const state: ProfileState | undefined = profile ? ((await profiles.get(team, profile.name)) ?? undefined) : undefined;
        if (!ssrf.allowPrivateUrls) {
          const url = new URL(scrape.url);
          await resolveAllowedAddresses(url.hostname, portOf(url), ssrf, url.href);
        }
        page = await browser.open({ url: scrape.url, timeout: OPEN_TIMEOUT_MS, allowRequest: allowRequest(), state });
      }
      const now = Date.now();
      const session: Session = { id: randomUUID(), team, scrapeId, startedAt: now, lastUsedAt: now, page, profile, releaseProfile, queue: Promise.resolve() };
      sessions.set(session.id, session);
      byScrape.set(scrapeId, session.id);
      // Billing starts now (keeping the page until here was the server's choice); the lifetime counts the context's
      // whole life, so an adopted page ends no later than one opened when the scrape finished would have.
      const lifetimeMs = adopted.page ? Math.max(1, settings.maxLifetimeMs - (now - adopted.page.retainedAt)) : settings.maxLifetimeMs;
      if (!scrape.zeroDataRetention) await directory?.putSession({ sessionId: session.id, scrapeId, team, owner: ownerId }, lifetimeMs).catch(() => {});
      armIdle(session);
      session.lifetimeTimer = setTimeout(() => void end(session, 'max lifetime').catch(() => {}), lifetimeMs);
      session.lifetimeTimer.unref?.();
      return { session, scrapePage: adopted.page ? 'kept' : 'reopened', reason: adopted.reason };
    } catch (error) {
      perTeam.set(team, (perTeam.get(team) ?? 1) - 1);
      await releaseProfile?.();
      if (error instanceof ScrapeError) throw error;
      if (isBrowserError(error)) throw errors.badGateway('Could not open the interact session', { reason: error.message }, 'INTERACT_SESSION_FAILED');
      throw error;
    } finally {
      opening--;
    }
  }

  /** Another team's session answers exactly as an unknown one: its existence is not another tenant's to learn. */
  function owned(session: Session | undefined, team: string, what: string): Session {
    if (!session || session.team !== team) throw errors.notFound(`${what} not found: it never existed, was stopped, or expired`, 'INTERACT_SESSION_NOT_FOUND');
    return session;
  }

  return {
    keepsScrapePages,

    async rememberScrape(scrapeId, scrape) {
      const isKept = scrape.page ? keep(scrapeId, scrape.team ?? DEFAULT_TEAM, scrape.page, scrape.profile?.name) : false;
      const record: ScrapeRecord = { team: scrape.team ?? DEFAULT_TEAM, url: scrape.url, profile: scrape.profile, ...(isKept ? { keptBy: ownerId } : {}) };
      scrapes.set(scrapeId, { ...record, at: Date.now(), ...(scrape.zeroDataRetention ? { zeroDataRetention: true } : {}) });
      // Maps iterate in insertion order: the first keys are the oldest.
      for (const key of scrapes.keys()) {
        if (scrapes.size <= settings.rememberedScrapes) break;
        scrapes.delete(key);
      }
      if (!scrape.zeroDataRetention) await directory?.putScrape(scrapeId, record, settings.scrapeMemoryMs).catch(() => {});
    },

    async interact(scrapeId, body, teamOrUndefined) {
      if (closed) throw errors.unavailable();
      const team = teamOrUndefined ?? DEFAULT_TEAM;
      const request = parseInteractRequest(body);
      let session = sessions.get(byScrape.get(scrapeId) ?? '');
      // Another team's live session is not this caller's to know of: answered below as an unknown scrape.
      if (session && session.team !== team) session = undefined;
      let started: { scrapePage: 'kept' | 'reopened'; reason?: string } | undefined;
      if (!session && directory) elsewhere(await directory.sessionOfScrape(scrapeId).catch(() => null), team);
      if (!session) {
        let scrape = scrapes.get(scrapeId);
        if (!scrape && directory) {
          const shared = await directory.getScrape(scrapeId).catch(() => null);
          if (shared) scrape = { ...shared, at: Date.now() };
        }
        // Another team's scrape answers as an unknown one (its id says nothing to other tenants).
        if (!scrape || Date.now() - scrape.at > settings.scrapeMemoryMs || scrape.team !== team) {
          throw errors.notFound(
            'Scrape not found: interact continues a scrape made on this server in the last 24 hours; scrape the page first',
            'INTERACT_SCRAPE_NOT_FOUND',
          );
        }
        const opened = await open(scrapeId, scrape, team, request.profile ?? scrape.profile);
        session = opened.session;
        started = { scrapePage: opened.scrapePage, reason: opened.reason };
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
        ...(started ? { scrapePage: started.scrapePage } : {}),
        ...(started?.reason ? { scrapePageReason: started.reason } : {}),
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

    stats: () => ({ sessions: sessions.size, scrapes: scrapes.size, keptPages: kept.size }),

    async close() {
      closed = true;
      const keptPages = [...kept.values()].map((e) => e.page);
      for (const id of [...kept.keys()]) dropKept(id, 'shutdown');
      await Promise.allSettled([...keptPages.map((p) => p.close()), ...[...sessions.values()].map((s) => end(s, 'shutdown'))]);
      await browser.close();
      if (ownsProfiles) await profiles.close();
      await directory?.close();
    },
  };
}
