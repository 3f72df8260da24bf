import type { RetainedPage, SessionBrowser } from '@scrape/browser';
import type { SsrfOptions } from '../ssrf/addressPolicy.js';
import type { LlmOptions } from '../llm/llmConfig.js';
import type { InteractSettings } from './interactSettings.js';
import type { PageAction } from './pageTools.js';
import type { ProfileStore } from './profileStore.js';
import type { SessionDirectory } from './sessionDirectory.js';

// The public face of interact sessions (re-exported by createInteractSessions.ts); the steps live in `sessions/`.

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
  /** An active session's idle deadline: it is destroyed then unless a call comes first (listing it is no call). */
  idleExpiresAt?: string;
  streamWebView: false;
}

/**
 * A session's state as `InteractSessions.status` reads it, a scrape's session or a standalone one. Reading it is not
 * a call: the session's idle clock runs on, so a caller (a test, a dashboard) can watch it expire.
 */
export interface SessionStatus {
  id: string;
  kind: 'scrape' | 'browser';
  /** `destroyed`: ended (stopped, idle, lifetime, credits, shutdown) and remembered for a while (bounded). */
  status: 'active' | 'destroyed';
  createdAt: string;
  lastActivity: string;
  /** When its lifetime ends. */
  expiresAt: string;
  /** Active only: when it is destroyed for idleness unless a call comes first. */
  idleExpiresAt?: string;
  /** Destroyed only: why it ended (`stopped`, `idle timeout`, `max lifetime`, `credits exhausted`, ...). */
  endReason?: string;
}

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

/** A finished scrape that interact may continue later (see InteractSessions.rememberScrape). */
export interface ScrapeToRemember {
  team?: string;
  url: string;
  profile?: { name: string; saveChanges: boolean };
  page?: RetainedPage;
  zeroDataRetention?: boolean;
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
  rememberScrape(scrapeId: string, scrape: ScrapeToRemember): Promise<void>;
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
  /**
   * A session's state without touching it (its idle timer is not reset): a live session of `team`, or one that
   * ended recently; null for one unknown here or another team's.
   */
  status(sessionId: string, team?: string): SessionStatus | null;
  /** `DELETE /v2/browser/{id}`: a standalone session only. */
  stopBrowser(sessionId: string, team?: string): Promise<StopResponse>;
  /** `DELETE /v2/scrape/{scrapeId}/interact`: the scrape's live session. */
  stopScrapeSession(scrapeId: string, team?: string): Promise<StopResponse>;
  stats(): { sessions: number; scrapes: number; keptPages: number };
  /** Stops every session (profiles saved) and closes the browser. */
  close(): Promise<void>;
}
