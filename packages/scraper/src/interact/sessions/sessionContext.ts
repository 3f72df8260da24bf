import type { RetainedPage, SessionBrowser, SessionPage } from '@scrape/browser';
import type { SsrfOptions } from '../../ssrf/addressPolicy.js';
import type { LlmProvider } from '../../llm/llmProvider.js';
import type { InteractSettings } from '../interactSettings.js';
import type {
  BrowserListed,
  InteractSessionsOptions,
  InteractTimeBilling,
  SessionStatus,
  StopResponse,
} from '../interactTypes.js';
import type { ProfileStore } from '../profileStore.js';
import type { ScrapeRecord, SessionDirectory } from '../sessionDirectory.js';

/** Budget of the navigation that opens a session on the scrape's page. */
export const OPEN_TIMEOUT_MS = 30_000;

/** How many ended standalone sessions a team's `?status=destroyed` list remembers. */
export const DESTROYED_REMEMBERED_PER_TEAM = 100;

export interface Session {
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
  /** When idleTimer fires (epoch ms), for status reads. */
  idleAt?: number;
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
export type Payer = Pick<Session, 'id' | 'team' | 'unbilled' | 'paid'>;

/** Ended sessions (any kind) whose status `InteractSessions.status` still answers: bounded memory, oldest dropped. */
export const ENDED_REMEMBERED = 1_000;

/** Ended because the next minute could not be paid: later calls for these ids answer 402 (bounded memory). */
export const EXHAUSTED_REMEMBERED = 1_000;
export const CREDITS_EXHAUSTED = 'credits exhausted';

export interface KeptPage {
  page: RetainedPage;
  team: string;
  /** The scrape's profile name: a session asking for another profile cannot adopt this context. */
  profileName?: string;
  timer: ReturnType<typeof setTimeout>;
}

/** Why kept pages went away, remembered for the `scrapePageReason` of a later first call (bounded). */
export const MAX_PAGE_REASONS = 1_000;

export interface RememberedScrape extends ScrapeRecord {
  at: number;
  /** Kept out of the shared directory, and so are its sessions. */
  zeroDataRetention?: boolean;
}

/** What the session steps share: the manager's settings, its parts and its bookkeeping (one per manager). */
export interface SessionsContext {
  settings: InteractSettings;
  browser: SessionBrowser;
  profiles: ProfileStore;
  /** The profile store was made here (none given): the manager closes it. */
  ownsProfiles: boolean;
  ssrf: SsrfOptions;
  llm: LlmProvider;
  sandboxBwrapPath?: string;
  onSessionEnd?: InteractSessionsOptions['onSessionEnd'];
  billing?: InteractTimeBilling;
  /** Shared with the other server processes; a courtesy to them: its failures (caught at each use) never fail a call. */
  directory?: SessionDirectory;
  /** This manager's name in the directory. */
  ownerId: string;
  scrapes: Map<string, RememberedScrape>;
  sessions: Map<string, Session>;
  byScrape: Map<string, string>;
  /** Ended standalone sessions per team, newest last (bounded), for `GET /v2/browser?status=destroyed`. */
  destroyed: Map<string, BrowserListed[]>;
  kept: Map<string, KeptPage>;
  pageReasons: Map<string, string>;
  keepsScrapePages: boolean;
  /** Sessions of a team being opened or live; counted at admission so parallel first calls cannot overshoot. */
  perTeam: Map<string, number>;
  /** Sessions being opened (counted against settings.maxTotal with the live ones). */
  opening: number;
  closed: boolean;
  /** Recently ended sessions by id with their team, for status reads (insertion order: oldest first). */
  ended: Map<string, { team: string; status: SessionStatus }>;
  /** Sessions ended for want of credits, by id, with their team (insertion order: oldest first). */
  exhausted: Map<string, string>;
}
