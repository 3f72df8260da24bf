import { randomUUID } from 'node:crypto';
import { createSessionBrowser } from '@scrape/browser';
import { errors } from '../errors.js';
import { createLlmProvider } from '../llm/llmProvider.js';
import { DEFAULT_TEAM } from '../steps/changeTracking.js';
import { resolveInteractSettings } from './interactSettings.js';
import type { InteractSessions, InteractSessionsOptions } from './interactTypes.js';
import { parseInteractRequest } from './parseInteractRequest.js';
import { createMemoryProfileStore } from './profileStore.js';
import { openBrowser, standalone } from './sessions/openSessions.js';
import { checkPrompt, checkSandbox, run } from './sessions/runCall.js';
import { closeSessions, interact, rememberScrape, stopScrapeSession, stopSession } from './sessions/sessionCalls.js';
import type { SessionsContext } from './sessions/sessionContext.js';
import { end, listed, sessionStatus } from './sessions/sessionLifecycle.js';

// The public types live in interactTypes.ts; these are the ones other modules import from here.
export type { InteractSessions, InteractSessionsOptions, InteractTimeBilling } from './interactTypes.js';

/** The manager's shared state: settings, parts (browser, profiles, model) and the bookkeeping of its sessions. */
function createSessionsContext(options: InteractSessionsOptions): SessionsContext {
  const settings = resolveInteractSettings(options.settings);
  return {
    settings,
    browser: options.browser ?? createSessionBrowser({ executablePath: options.chromiumPath }),
    ownsProfiles: options.profiles === undefined,
    profiles: options.profiles ?? createMemoryProfileStore(),
    ssrf: { allowPrivateUrls: options.allowPrivateUrls, allowAddress: options.allowAddress, lookup: options.lookup },
    llm: createLlmProvider(options.llm),
    sandboxBwrapPath: options.sandboxBwrapPath,
    onSessionEnd: options.onSessionEnd,
    billing: options.billing,
    directory: options.directory,
    ownerId: randomUUID(),
    scrapes: new Map(),
    sessions: new Map(),
    byScrape: new Map(),
    destroyed: new Map(),
    ended: new Map(),
    kept: new Map(),
    pageReasons: new Map(),
    keepsScrapePages: settings.retainMs > 0 && settings.retainMax > 0 && settings.retainMaxPerTeam > 0,
    perTeam: new Map(),
    opening: 0,
    closed: false,
    exhausted: new Map(),
  };
}

/**
 * Interact sessions. A session continues a scrape on the scrape's own browser page when it is still kept (a browser-
 * served scrape's page stays open, paused, for settings.retainMs): the DOM, URL, inputs and cookies its actions left.
 * Otherwise (an HTTP-served scrape, zero data retention, the page expired or was evicted, another process made the
 * scrape) it opens the scrape's final URL in a fresh context of the session browser. User code runs in a sandbox
 * process, never here.
 * The steps live in `sessions/`: the shared context, billing, the session lifecycle, kept pages, opening and calls.
 */
export function createInteractSessions(options: InteractSessionsOptions = {}): InteractSessions {
  const ctx = createSessionsContext(options);
  return {
    keepsScrapePages: ctx.keepsScrapePages,
    rememberScrape: (scrapeId, scrape) => rememberScrape(ctx, scrapeId, scrape),
    interact: (scrapeId, body, team) => interact(ctx, scrapeId, body, team),

    async createBrowser(body, team, createOptions = {}) {
      if (ctx.closed) throw errors.unavailable();
      return openBrowser(ctx, body, team ?? DEFAULT_TEAM, createOptions.unbilled === true);
    },

    async execute(sessionId, body, team) {
      if (ctx.closed) throw errors.unavailable();
      const request = parseInteractRequest(body);
      checkPrompt(ctx, request);
      checkSandbox(ctx, request);
      if (request.profile)
        throw errors.badRequest(
          'profile is chosen when the browser session is created (POST /v2/browser), not per execute',
          { option: 'profile' },
        );
      return run(ctx, await standalone(ctx, sessionId, team ?? DEFAULT_TEAM), request);
    },

    listBrowsers(teamOrUndefined, status = 'active') {
      const team = teamOrUndefined ?? DEFAULT_TEAM;
      if (status === 'destroyed') return [...(ctx.destroyed.get(team) ?? [])].reverse();
      return [...ctx.sessions.values()].filter((s) => s.kind === 'browser' && s.team === team && !s.ending).map(listed);
    },

    status: (sessionId, team) => sessionStatus(ctx, sessionId, team ?? DEFAULT_TEAM),

    async stopBrowser(sessionId, team) {
      return end(ctx, await standalone(ctx, sessionId, team ?? DEFAULT_TEAM), 'stopped');
    },

    stopSession: (sessionId, team) => stopSession(ctx, sessionId, team),
    stopScrapeSession: (scrapeId, team) => stopScrapeSession(ctx, scrapeId, team),
    stats: () => ({ sessions: ctx.sessions.size, scrapes: ctx.scrapes.size, keptPages: ctx.kept.size }),
    close: () => closeSessions(ctx),
  };
}
