import { randomUUID } from 'node:crypto';
import {
  createSessionBrowser,
  isBrowserError,
  runSandboxedCode,
  sandboxUnavailableReason,
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
import { resolveInteractSettings, type InteractSettings } from './interactSettings.js';
import { parseInteractRequest, type InteractRequest } from './parseInteractRequest.js';
import { parseBrowserRequest } from './parseBrowserRequest.js';
import { runPagePrompt } from './runPagePrompt.js';
import type { PageAction } from './pageTools.js';
import type { LlmOptions } from '../llm/llmConfig.js';
import { createLlmProvider, type LlmProvider } from '../llm/llmProvider.js';
import { isLlmError } from '../llm/LlmError.js';
import { createMemoryProfileStore, type ProfileStore } from './profileStore.js';
import type { ScrapeRecord, SessionDirectory, SessionRecord } from './sessionDirectory.js';

/** Budget of the navigation that opens a session on the scrape's page. */
const OPEN_TIMEOUT_MS = 30_000;

export interface InteractResponse {
  success: boolean;
  sessionId: string;
  /** The code's value as the SDK types it: a string, JSON-encoded when the value is not one (null: no value). */
  result: string | null;
  /**
   * What a client shows (the AI-SDK tools read `output ?? result`): the console output when there is any, else the
   * result, so a value is never hidden behind an empty string.
   */
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
  /** A prompt's actions on the page, in order (the answer is `result` and `output`). */
  actions?: PageAction[];
  /** Screenshots a prompt took, base64 PNG. */
  screenshots?: string[];
  /** Why a prompt did not finish: `INTERACT_PROMPT_STEP_LIMIT` or `INTERACT_PROMPT_TIMEOUT`. */
  code?: string;
}

export interface StopResponse {
  success: true;
  sessionId: string;
  sessionDurationMs: number;
  creditsBilled: number;
}

/**
 * `POST /v2/browser` (the SDK's BrowserCreateResponse): no CDP or live-view URL, the page is driven through execute.
 */
export interface BrowserCreated {
  success: true;
  id: string;
  expiresAt: string;
}

/** One standalone session in `GET /v2/browser` (the SDK's BrowserSession, without the URLs this build has not). */
export interface BrowserListed {
  id: string;
  status: 'active' | 'destroyed';
  createdAt: string;
  lastActivity: string;
  expiresAt?: string;
  streamWebView: false;
}

/** How many ended standalone sessions a team's `?status=destroyed` list remembers. */
const DESTROYED_REMEMBERED_PER_TEAM = 100;

export interface InteractSessionsOptions extends SsrfOptions {
  settings?: Partial<InteractSettings>;
  /** A bubblewrap binary for the code sandbox instead of the system one (the service: SCRAPE_SANDBOX_BWRAP). */
  sandboxBwrapPath?: string;
  /** The Chromium of the default session browser (default /usr/bin/chromium; the service: CHROMIUM_PATH). */
  chromiumPath?: string;
  /** The browser sessions live in (default: its own Chromium, started on the first session). */
  browser?: SessionBrowser;
  /** Saved profiles; pass the scraper's (`scraper.profiles`) so scrapes and sessions share them. Default: in memory. */
  profiles?: ProfileStore;
  /**
   * Shared with the other server processes (Redis): scrapes made anywhere can be continued here, and a call for a
   * session another process holds answers 409 `INTERACT_SESSION_ELSEWHERE` instead of 404. Closed by the manager.
   */
  directory?: SessionDirectory;
  /**
   * The OpenAI-compatible model that carries out `prompt` calls (fields not given come from SCRAPE_LLM_*, as for the
   * scraper's LLM formats); `false`: none. Without one a prompt is 400 SCRAPE_LLM_NOT_CONFIGURED.
   */
  llm?: Partial<LlmOptions> | false;
  /**
   * Pays session time ahead (an account's credits): a billed session opens only when its first billing minute is
   * reserved, reserves the next one as each starts, and ends (calls then answer 402) when one cannot be reserved.
   * `settle` ends a session's reservations at its bill (0 for one that failed to open). Without it time is only
   * billed when the session ends (onSessionEnd).
   */
  billing?: InteractTimeBilling;
  /** Hears every session that ends (stop, idle, lifetime, shutdown) with its bill, e.g. to charge the account. */
  onSessionEnd?: (ended: {
    team: string;
    sessionId: string;
    scrapeId: string;
    durationMs: number;
    creditsBilled: number;
    reason: string;
  }) => void;
}

export interface InteractTimeBilling {
  /** Holds `credits` more for the session; false (nothing held) when the team's balance cannot give them. */
  reserve(request: { team: string; sessionId: string; credits: number }): Promise<boolean>;
  /** Ends all of the session's reservations: `creditsBilled` is taken (never more than was held), the rest returns. */
  settle(ended: { team: string; sessionId: string; creditsBilled: number }): void;
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
    scrape: {
      team?: string;
      url: string;
      profile?: { name: string; saveChanges: boolean };
      page?: RetainedPage;
      zeroDataRetention?: boolean;
    },
  ): Promise<void>;
  /** Whether scrape pages are kept at all (settings.retainMs and retainMax above 0): ask for them only then. */
  readonly keepsScrapePages: boolean;
  /** `POST /v2/scrape/{scrapeId}/interact`. */
  interact(scrapeId: string, body: unknown, team?: string): Promise<InteractResponse>;
  /** `DELETE /v2/interact/{sessionId}`: a scrape's session or a standalone one (`POST /v2/browser`). */
  stopSession(sessionId: string, team?: string): Promise<StopResponse>;
  /**
   * `POST /v2/browser`: a session on a blank page, no scrape before it. `unbilled`: its time is not billed (an agent
   * run's page tool, which the run's own credits pay for).
   */
  createBrowser(body: unknown, team?: string, options?: { unbilled?: boolean }): Promise<BrowserCreated>;
  /** `POST /v2/browser/{id}/execute`: code (or a prompt) on a standalone session's page. */
  execute(sessionId: string, body: unknown, team?: string): Promise<InteractResponse>;
  /**
   * `GET /v2/browser`: the team's standalone sessions, live (`active`, the default) or recently ended (`destroyed`).
   */
  listBrowsers(team?: string, status?: 'active' | 'destroyed'): BrowserListed[];
  /** `DELETE /v2/browser/{id}`: a standalone session only. */
  stopBrowser(sessionId: string, team?: string): Promise<StopResponse>;
  /** `DELETE /v2/scrape/{scrapeId}/interact`: the scrape's live session. */
  stopScrapeSession(scrapeId: string, team?: string): Promise<StopResponse>;
  stats(): { sessions: number; scrapes: number; keptPages: number };
  /** Stops every session (profiles saved) and closes the browser. */
  close(): Promise<void>;
}

interface Session {
  id: string;
  /** `browser`: made by POST /v2/browser (scrapeId is then a key of its own, never a real scrape's). */
  kind: 'scrape' | 'browser';
  team: string;
  scrapeId: string;
  /** Idle budget of this session, ms. */
  idleMs: number;
  /** Paid for elsewhere (an agent run's credits): ends with creditsBilled 0. */
  unbilled?: boolean;
  expiresAt: number;
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
  /** With options.billing: credits reserved so far, the next minute's timer, a reservation in flight. */
  paid: number;
  billingTimer?: ReturnType<typeof setTimeout>;
  paying?: Promise<unknown>;
  /** Why it ended; `credits exhausted` makes later calls answer 402 instead of 404. */
  endReason?: string;
  ending?: Promise<StopResponse>;
}

/** What paying for session time needs to know of a session (also of one still being opened). */
type Payer = Pick<Session, 'id' | 'team' | 'unbilled' | 'paid'>;

/** Ended because the next minute could not be paid: later calls for these ids answer 402 (bounded memory). */
const EXHAUSTED_REMEMBERED = 1_000;
const CREDITS_EXHAUSTED = 'credits exhausted';

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
  const settings = resolveInteractSettings(options.settings);
  const browser = options.browser ?? createSessionBrowser({ executablePath: options.chromiumPath });
  const ownsProfiles = options.profiles === undefined;
  const profiles = options.profiles ?? createMemoryProfileStore();
  const ssrf: SsrfOptions = {
    allowPrivateUrls: options.allowPrivateUrls,
    allowAddress: options.allowAddress,
    lookup: options.lookup,
  };
  const llm: LlmProvider = createLlmProvider(options.llm);
  const scrapes = new Map<string, RememberedScrape>();
  const sessions = new Map<string, Session>();
  const byScrape = new Map<string, string>();
  /** Ended standalone sessions per team, newest last (bounded), for `GET /v2/browser?status=destroyed`. */
  const destroyed = new Map<string, BrowserListed[]>();
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

  const minuteMs = settings.billingMinuteMs;
  const bill = (durationMs: number) => Math.ceil((durationMs / minuteMs) * settings.creditsPerMinute);
  const billing = options.billing;
  /** Sessions ended for want of credits, by id, with their team (insertion order: oldest first). */
  const exhausted = new Map<string, string>();

  /** Reserves what the session's time costs up to `untilMs` after its start; false when the balance cannot give it. */
  async function payUntil(session: Payer, untilMs: number): Promise<boolean> {
    if (!billing || session.unbilled) return true;
    const credits = bill(untilMs) - session.paid;
    if (credits <= 0) return true;
    if (!(await billing.reserve({ team: session.team, sessionId: session.id, credits }))) return false;
    session.paid += credits;
    return true;
  }

  /** At the start of each billing minute the next one is reserved, or the session ends (fail closed on errors). */
  function armBilling(session: Session, minute: number): void {
    if (!billing || session.unbilled) return;
    const at = session.startedAt + minute * minuteMs;
    session.billingTimer = setTimeout(
      () => {
        if (session.ending) return;
        const paying = payUntil(session, (minute + 1) * minuteMs).catch(() => false);
        session.paying = paying;
        void paying.then((paid) => {
          if (session.ending) return;
          if (paid) return armBilling(session, minute + 1);
          session.endReason = CREDITS_EXHAUSTED;
          void end(session, CREDITS_EXHAUSTED).catch(() => {});
        });
      },
      Math.max(0, at - Date.now()),
    );
    session.billingTimer.unref?.();
  }

  /** A call for a session that ended for want of credits: 402, as the spec answers a session that cannot be paid. */
  function checkExhausted(sessionId: string, team: string): void {
    if (exhausted.get(sessionId) === team) throw errors.paymentRequired();
  }

  /** The first minute of a session being opened, reserved before anything is opened for it. */
  async function payFirstMinute(session: Payer): Promise<void> {
    if (!(await payUntil(session, minuteMs))) throw errors.paymentRequired();
  }

  /** A session that never opened gives its reservation back. */
  function releaseUnopened(session: Pick<Session, 'id' | 'team' | 'paid'>): void {
    if (billing && session.paid > 0) billing.settle({ team: session.team, sessionId: session.id, creditsBilled: 0 });
  }

  function armIdle(session: Session): void {
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.idleTimer = setTimeout(() => void end(session, 'idle timeout').catch(() => {}), session.idleMs);
    session.idleTimer.unref?.();
  }

  function end(session: Session, reason: string): Promise<StopResponse> {
    session.ending ??= (async () => {
      clearTimeout(session.idleTimer);
      clearTimeout(session.lifetimeTimer);
      clearTimeout(session.billingTimer);
      session.endReason ??= reason;
      if (reason === CREDITS_EXHAUSTED) {
        exhausted.set(session.id, session.team);
        for (const id of exhausted.keys()) {
          if (exhausted.size <= EXHAUSTED_REMEMBERED) break;
          exhausted.delete(id);
        }
      }
      sessions.delete(session.id);
      if (byScrape.get(session.scrapeId) === session.id) byScrape.delete(session.scrapeId);
      await directory
        ?.deleteSession({ sessionId: session.id, scrapeId: session.scrapeId, team: session.team, owner: ownerId })
        .catch(() => {});
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
      // A reservation in flight lands (or fails) before the session settles, so none is left held after it.
      await session.paying?.catch(() => {});
      // Paid ahead: never more than was reserved (a session ended for want of credits stops at what it paid). A
      // minute that started just before the end, its tick not yet run, is reserved now if the balance has it.
      const cost = bill(durationMs);
      if (billing && !session.unbilled && cost > session.paid) await payUntil(session, durationMs).catch(() => false);
      const creditsBilled = session.unbilled ? 0 : billing ? Math.min(cost, session.paid) : cost;
      if (billing && !session.unbilled) billing.settle({ team: session.team, sessionId: session.id, creditsBilled });
      if (session.kind === 'browser') rememberDestroyed(session, endedAt);
      options.onSessionEnd?.({
        team: session.team,
        sessionId: session.id,
        scrapeId: session.scrapeId,
        durationMs,
        creditsBilled,
        reason,
      });
      return { success: true as const, sessionId: session.id, sessionDurationMs: durationMs, creditsBilled };
    })();
    return session.ending;
  }

  function rememberDestroyed(session: Session, endedAt: number): void {
    const list = destroyed.get(session.team) ?? [];
    list.push({
      ...listed(session),
      status: 'destroyed',
      lastActivity: new Date(Math.max(session.lastUsedAt, Math.min(endedAt, Date.now()))).toISOString(),
    });
    if (list.length > DESTROYED_REMEMBERED_PER_TEAM) list.splice(0, list.length - DESTROYED_REMEMBERED_PER_TEAM);
    destroyed.set(session.team, list);
  }

  function listed(session: Session): BrowserListed {
    return {
      id: session.id,
      status: 'active',
      createdAt: new Date(session.startedAt).toISOString(),
      lastActivity: new Date(session.lastUsedAt).toISOString(),
      expiresAt: new Date(session.expiresAt).toISOString(),
      streamWebView: false,
    };
  }

  /** Counts a session being opened against the team's and the server's limits; the returned function gives it back. */
  function admit(team: string): () => void {
    const count = perTeam.get(team) ?? 0;
    if (count >= settings.maxPerTeam) {
      throw new ScrapeError({
        status: 429,
        error: `Too many interact sessions: at most ${settings.maxPerTeam} per team; stop one first`,
        code: 'INTERACT_SESSION_LIMIT',
      });
    }
    if (sessions.size + opening >= settings.maxTotal) {
      throw new ScrapeError({
        status: 429,
        error: 'Concurrency limit reached',
        code: 'INTERACT_SESSION_LIMIT',
        details: { reason: `the server holds at most ${settings.maxTotal} interact sessions` },
      });
    }
    perTeam.set(team, count + 1);
    return () => perTeam.set(team, (perTeam.get(team) ?? 1) - 1);
  }

  /** Registers a freshly opened session: directory, idle and lifetime timers. */
  async function start(
    session: Session,
    lifetimeMs: number,
    options: { zeroDataRetention?: boolean } = {},
  ): Promise<void> {
    sessions.set(session.id, session);
    if (session.kind === 'scrape') byScrape.set(session.scrapeId, session.id);
    // Zero data retention: nothing of the session is written to the shared directory (it lives in this process only).
    if (!options.zeroDataRetention)
      await directory
        ?.putSession(
          { sessionId: session.id, scrapeId: session.scrapeId, team: session.team, owner: ownerId },
          lifetimeMs,
        )
        .catch(() => {});
    armIdle(session);
    armBilling(session, 1);
    session.lifetimeTimer = setTimeout(() => void end(session, 'max lifetime').catch(() => {}), lifetimeMs);
    session.lifetimeTimer.unref?.();
  }

  /** A prompt needs the model: refused before any session is opened for it. */
  function checkPrompt(request: InteractRequest): void {
    if (request.prompt === undefined || llm.client) return;
    throw errors.badRequest(
      `prompt needs an OpenAI-compatible LLM server, and none is configured: set ${llm.missing.join(' and ')} (and ` +
        `SCRAPE_LLM_API_KEY if the server wants one), or send Playwright \`code\` instead`,
      { options: ['prompt'], missing: llm.missing },
      'SCRAPE_LLM_NOT_CONFIGURED',
    );
  }

  /** Code runs only where the sandbox can isolate it (a prompt runs no user code). */
  function checkSandbox(request: InteractRequest): void {
    if (request.code === undefined) return;
    const missing = sandboxUnavailableReason(options.sandboxBwrapPath);
    if (missing !== undefined) throw sandboxUnavailable(missing);
  }

  /** One call on a live session; calls of a session run one after another (they share one page). */
  async function run(live: Session, request: InteractRequest): Promise<InteractResponse> {
    // A running call is not idleness: the idle clock restarts when it returns.
    clearTimeout(live.idleTimer);
    const call = live.queue.then(async () => {
      if (live.endReason === CREDITS_EXHAUSTED) throw errors.paymentRequired();
      if (live.ending)
        throw errors.notFound('Interact session not found: it was stopped or expired', 'INTERACT_SESSION_NOT_FOUND');
      live.page.page.setDefaultTimeout(request.timeoutMs);
      if (request.prompt !== undefined) return { prompt: await prompted(live, request.prompt, request.timeoutMs) };
      const sandbox = { language: request.language, bwrapPath: options.sandboxBwrapPath };
      const { page, context } = live.page;
      return { code: await runSandboxedCode(request.code, page, context, request.timeoutMs, sandbox) };
    });
    live.queue = call.catch(() => {});
    let ran: Awaited<typeof call>;
    try {
      ran = await call;
    } finally {
      live.lastUsedAt = Date.now();
      if (!live.ending) armIdle(live);
    }
    // The session ran out of paid time while the call ran (its page was closed under it): answered as unpaid.
    if (live.endReason === CREDITS_EXHAUSTED) throw errors.paymentRequired();
    if (ran.prompt) return ran.prompt;
    const outcome = ran.code!;
    if (outcome.unavailable !== undefined) throw sandboxUnavailable(outcome.unavailable);
    // `result` is a string as the SDK types it; `output` falls back to it so `output ?? result` readers see the value.
    const result = resultText(outcome.result);
    return {
      success: outcome.error === undefined,
      sessionId: live.id,
      result,
      output: outcome.stdout !== '' ? outcome.stdout : (result ?? ''),
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      exitCode: outcome.exitCode,
      killed: outcome.killed,
      truncated: outcome.truncated,
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
    };
  }

  async function prompted(live: Session, prompt: string, timeoutMs: number): Promise<InteractResponse> {
    let result: Awaited<ReturnType<typeof runPagePrompt>>;
    try {
      result = await runPagePrompt({
        client: llm.client!,
        prompt,
        page: live.page.page,
        ssrf,
        maxSteps: settings.promptMaxSteps,
        timeoutMs,
      });
    } catch (error) {
      if (isLlmError(error))
        throw errors.badGateway(
          'The model server failed while carrying out the prompt',
          { reason: error.message, kind: error.kind },
          'INTERACT_LLM_FAILED',
        );
      throw error;
    }
    const log = result.actions.map((a) => `${a.ok ? '' : 'failed: '}${a.tool} ${JSON.stringify(a.args)}\n`).join('');
    const base = {
      sessionId: live.id,
      stdout: log,
      stderr: '',
      truncated: false,
      actions: result.actions,
      ...(result.screenshots.length > 0 ? { screenshots: result.screenshots } : {}),
    };
    if (result.outcome === 'answered')
      return {
        success: true,
        ...base,
        result: result.answer ?? null,
        output: result.answer ?? '',
        exitCode: 0,
        killed: false,
      };
    const timedOut = result.outcome === 'timeout';
    const error = timedOut
      ? `The prompt did not finish within ${Math.round(timeoutMs / 1000)} s (${result.actions.length} actions ` +
        `taken); send a larger timeout or a smaller task`
      : `The model did not finish within ${settings.promptMaxSteps} steps (${result.actions.length} actions taken); ` +
        `split the task into smaller prompts`;
    return {
      success: false,
      ...base,
      result: null,
      output: '',
      exitCode: timedOut ? 137 : 1,
      killed: timedOut,
      error,
      code: timedOut ? 'INTERACT_PROMPT_TIMEOUT' : 'INTERACT_PROMPT_STEP_LIMIT',
    };
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
    const timer = setTimeout(
      () => dropKept(scrapeId, `the scrape's page is kept ${settings.retainMs} ms and that time passed`),
      settings.retainMs,
    );
    timer.unref?.();
    kept.set(scrapeId, { page, team, profileName, timer });
    // Maps iterate in insertion order: the first entries are the oldest.
    const ofTeam = [...kept].filter(([, e]) => e.team === team);
    for (const [id] of ofTeam.slice(0, Math.max(0, ofTeam.length - settings.retainMaxPerTeam))) {
      dropKept(
        id,
        `evicted: at most ${settings.retainMaxPerTeam} scrape pages are kept per team and newer scrapes came`,
      );
    }
    for (const id of kept.keys()) {
      if (kept.size <= settings.retainMax) break;
      dropKept(id, `evicted: the server keeps at most ${settings.retainMax} scrape pages and newer scrapes came`);
    }
    return true;
  }

  /** The scrape's kept page for a new session, resumed; or why there is none. */
  async function adoptKept(
    scrapeId: string,
    profile: Session['profile'],
    keptBy: string | undefined,
  ): Promise<{ page?: RetainedPage; reason?: string }> {
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

  function allowRequest(): ((url: string) => Promise<RequestVerdict>) | undefined {
    return ssrf.allowPrivateUrls ? undefined : createAllowRequest(ssrf);
  }

  async function open(
    scrapeId: string,
    scrape: RememberedScrape,
    team: string,
    profile: Session['profile'],
  ): Promise<{ session: Session; scrapePage: 'kept' | 'reopened'; reason?: string }> {
    const giveBack = admit(team);
    let releaseProfile: (() => Promise<void>) | undefined;
    const pay = { id: randomUUID(), team, paid: 0 };
    opening++;
    try {
      await payFirstMinute(pay);
      if (profile?.saveChanges) releaseProfile = await profiles.claim(team, profile.name);
      const adopted = await adoptKept(scrapeId, profile, scrape.keptBy);
      let page: SessionPage;
      if (adopted.page) {
        page = adopted.page;
      } else {
        const state: ProfileState | undefined = profile
          ? ((await profiles.get(team, profile.name)) ?? undefined)
          : undefined;
        if (!ssrf.allowPrivateUrls) {
          const url = new URL(scrape.url);
          await resolveAllowedAddresses(url.hostname, portOf(url), ssrf, url.href);
        }
        page = await browser.open({ url: scrape.url, timeout: OPEN_TIMEOUT_MS, allowRequest: allowRequest(), state });
      }
      const now = Date.now();
      // Billing starts now (keeping the page until here was the server's choice); the lifetime counts the context's
      // whole life, so an adopted page ends no later than one opened when the scrape finished would have.
      const lifetimeMs = adopted.page
        ? Math.max(1, settings.maxLifetimeMs - (now - adopted.page.retainedAt))
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
        page,
        profile,
        releaseProfile,
        queue: Promise.resolve(),
      };
      await start(session, lifetimeMs, { zeroDataRetention: scrape.zeroDataRetention });
      return { session, scrapePage: adopted.page ? 'kept' : 'reopened', reason: adopted.reason };
    } catch (error) {
      giveBack();
      releaseUnopened(pay);
      await releaseProfile?.();
      if (error instanceof ScrapeError) throw error;
      if (isBrowserError(error))
        throw errors.badGateway(
          'Could not open the interact session',
          { reason: error.message },
          'INTERACT_SESSION_FAILED',
        );
      throw error;
    } finally {
      opening--;
    }
  }

  /** Another team's session answers exactly as an unknown one: its existence is not another tenant's to learn. */
  function owned(session: Session | undefined, team: string, what: string): Session {
    if (!session || session.team !== team)
      throw errors.notFound(
        `${what} not found: it never existed, was stopped, or expired`,
        'INTERACT_SESSION_NOT_FOUND',
      );
    return session;
  }

  /** A standalone session of this team (404 for anything else, a scrape's session included). */
  async function standalone(sessionId: string, team: string): Promise<Session> {
    const local = sessions.get(sessionId);
    if (!local) checkExhausted(sessionId, team);
    if (!local && directory) {
      const record = await directory.sessionById(sessionId).catch(() => null);
      if (record && record.team === team) elsewhere(record, team);
    }
    const session = owned(local, team, 'Browser session');
    if (session.kind !== 'browser')
      throw errors.notFound(
        "Browser session not found: this id is a scrape's interact session (use /v2/scrape/{scrapeId}/interact)",
        'INTERACT_SESSION_NOT_FOUND',
      );
    return session;
  }

  async function openBrowser(body: unknown, team: string, unbilled: boolean): Promise<BrowserCreated> {
    const request = parseBrowserRequest(body);
    const giveBack = admit(team);
    let releaseProfile: (() => Promise<void>) | undefined;
    const pay = { id: randomUUID(), team, paid: 0, unbilled };
    opening++;
    try {
      await payFirstMinute(pay);
      const profile = request.profile;
      if (profile?.saveChanges) releaseProfile = await profiles.claim(team, profile.name);
      const state: ProfileState | undefined = profile
        ? ((await profiles.get(team, profile.name)) ?? undefined)
        : undefined;
      const page = await browser.open({
        url: 'about:blank',
        timeout: OPEN_TIMEOUT_MS,
        allowRequest: allowRequest(),
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
      await start(session, lifetimeMs);
      return { success: true, id, expiresAt: new Date(session.expiresAt).toISOString() };
    } catch (error) {
      giveBack();
      releaseUnopened(pay);
      await releaseProfile?.();
      if (error instanceof ScrapeError) throw error;
      if (isBrowserError(error))
        throw errors.badGateway(
          'Could not open the browser session',
          { reason: error.message },
          'INTERACT_SESSION_FAILED',
        );
      throw error;
    } finally {
      opening--;
    }
  }

  return {
    keepsScrapePages,

    async rememberScrape(scrapeId, scrape) {
      const isKept = scrape.page
        ? keep(scrapeId, scrape.team ?? DEFAULT_TEAM, scrape.page, scrape.profile?.name)
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
      if (!scrape.zeroDataRetention)
        await directory?.putScrape(scrapeId, record, settings.scrapeMemoryMs).catch(() => {});
    },

    async interact(scrapeId, body, teamOrUndefined) {
      if (closed) throw errors.unavailable();
      const team = teamOrUndefined ?? DEFAULT_TEAM;
      const request = parseInteractRequest(body);
      checkPrompt(request);
      // Before any session is opened: without the isolation no code runs and nothing is held.
      checkSandbox(request);
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
            'Scrape not found: interact continues a scrape made on this server in the last 24 hours; scrape the page ' +
              'first',
            'INTERACT_SCRAPE_NOT_FOUND',
          );
        }
        const opened = await open(scrapeId, scrape, team, request.profile ?? scrape.profile);
        session = opened.session;
        started = { scrapePage: opened.scrapePage, reason: opened.reason };
      } else {
        owned(session, team, 'Interact session');
      }
      const response = await run(session, request);
      return {
        ...response,
        ...(started ? { scrapePage: started.scrapePage } : {}),
        ...(started?.reason ? { scrapePageReason: started.reason } : {}),
      };
    },

    async createBrowser(body, team, createOptions = {}) {
      if (closed) throw errors.unavailable();
      return openBrowser(body, team ?? DEFAULT_TEAM, createOptions.unbilled === true);
    },

    async execute(sessionId, body, team) {
      if (closed) throw errors.unavailable();
      const request = parseInteractRequest(body);
      checkPrompt(request);
      checkSandbox(request);
      if (request.profile)
        throw errors.badRequest(
          'profile is chosen when the browser session is created (POST /v2/browser), not per execute',
          { option: 'profile' },
        );
      return run(await standalone(sessionId, team ?? DEFAULT_TEAM), request);
    },

    listBrowsers(teamOrUndefined, status = 'active') {
      const team = teamOrUndefined ?? DEFAULT_TEAM;
      if (status === 'destroyed') return [...(destroyed.get(team) ?? [])].reverse();
      return [...sessions.values()].filter((s) => s.kind === 'browser' && s.team === team && !s.ending).map(listed);
    },

    async stopBrowser(sessionId, team) {
      return end(await standalone(sessionId, team ?? DEFAULT_TEAM), 'stopped');
    },

    async stopSession(sessionId, team) {
      const local = sessions.get(sessionId);
      if (!local) checkExhausted(sessionId, team ?? DEFAULT_TEAM);
      if (!local && directory)
        elsewhere(await directory.sessionById(sessionId).catch(() => null), team ?? DEFAULT_TEAM);
      const session = owned(local, team ?? DEFAULT_TEAM, 'Interact session');
      return end(session, 'stopped');
    },

    async stopScrapeSession(scrapeId, team) {
      const local = sessions.get(byScrape.get(scrapeId) ?? '');
      if (!local && directory)
        elsewhere(await directory.sessionOfScrape(scrapeId).catch(() => null), team ?? DEFAULT_TEAM);
      const session = owned(local, team ?? DEFAULT_TEAM, 'Interact session for this scrape');
      return end(session, 'stopped');
    },

    stats: () => ({ sessions: sessions.size, scrapes: scrapes.size, keptPages: kept.size }),

    async close() {
      closed = true;
      const keptPages = [...kept.values()].map((e) => e.page);
      for (const id of [...kept.keys()]) dropKept(id, 'shutdown');
      await Promise.allSettled([
        ...keptPages.map((p) => p.close()),
        ...[...sessions.values()].map((s) => end(s, 'shutdown')),
      ]);
      await browser.close();
      if (ownsProfiles) await profiles.close();
      await directory?.close();
    },
  };
}

/** The SDK types `result` as a string: strings pass as they are, other values as JSON, no value as null. */
function resultText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Fail closed: without the isolation no user code runs; the answer names what the host lacks. */
function sandboxUnavailable(missing: string) {
  return new ScrapeError({
    status: 503,
    error: `Interact is unavailable: the code sandbox cannot isolate user code on this host (missing: ${missing})`,
    code: 'INTERACT_SANDBOX_UNAVAILABLE',
    details: { missing },
  });
}
