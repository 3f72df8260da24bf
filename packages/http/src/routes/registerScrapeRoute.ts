import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ScrapeDocument, Scraper } from '@scrape/scraper';
import { SCRAPE_OPENAPI_ROUTE, keptJsonOf, type InteractSessions, type RetainedPage } from '@scrape/scraper/internal';
import type { Accounts, Admission } from '../accounts/openAccounts.js';
import type { ArtifactSigner } from '../artifacts/createArtifactSigner.js';
import { artifactUrlFor } from '../artifacts/registerArtifactRoute.js';
import { sendJsonBody, sendSuccessJson } from '../server/jsonBody.js';
import { shuttingDown } from '../server/shuttingDown.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** What the per-request log line says about a scrape, filled as the request goes. Never the body. */
export interface ScrapeLog {
  host?: string;
  engine?: string;
  pageStatus?: number;
  code?: string;
  cacheState?: 'hit' | 'miss';
  credits?: number;
}

export interface ScrapeRouteOptions {
  scraper: Scraper;
  requireKey: Guard;
  accounts?: Accounts;
  /** Interact sessions: a scrape's page and identity are kept for a first interact call. */
  interact?: InteractSessions;
  signer: ArtifactSigner;
  /** Public base URL for artifact links (default: the address the request arrived at). */
  publicUrl?: string;
  /** The shutdown controllers of the scrapes in flight (the server aborts them when its grace period is over). */
  running: Set<AbortController>;
}

/**
 * The browser page of one scrape, kept for a first interact call: `take()` hands it over; `close()` closes what is
 * left once the request is answered.
 */
function retainedPageSlot(interact: InteractSessions | undefined) {
  let kept: RetainedPage | undefined;
  let answered = false;
  const onRetainedPage = interact?.keepsScrapePages
    ? (page: RetainedPage) => {
        // A render that finishes after this request was answered (aborted meanwhile) has nobody to hand its page to.
        if (answered) return void page.close().catch(() => {});
        void kept?.close().catch(() => {});
        kept = page;
      }
    : undefined;
  return {
    onRetainedPage,
    take: () => {
      const page = kept;
      kept = undefined;
      return page;
    },
    close: () => {
      answered = true;
      void kept?.close().catch(() => {});
    },
  };
}

/** POST /v2/scrape: admission (limits, credits), the scrape, the interact hand-over and the log line's fields. */
export function registerScrapeRoute(app: FastifyInstance, options: ScrapeRouteOptions): void {
  const { scraper, accounts, interact, signer, running } = options;
  app.post('/v2/scrape', { onRequest: options.requireKey }, async (request, reply) => {
    const log: ScrapeLog = { host: hostOf(request.body) };
    request.scrapeLog = log;
    // One controller for both reasons to stop (no signal combining two per request): the server's grace period
    // ending (it aborts the controllers in `running`) and the client leaving. An abandoned scrape stops using the
    // engine; the response's 'close' before it finished means the client left (Fastify's request.signal is not
    // used: it follows the request stream, which closes once the body is read).
    const stop = new AbortController();
    running.add(stop);
    let clientLeft = false;
    const onClose = () => {
      if (reply.raw.writableFinished) return;
      clientLeft = true;
      stop.abort(new Error('client disconnected'));
    };
    reply.raw.once('close', onClose);
    const { signal } = stop;
    let admission: Admission | undefined;
    const slot = retainedPageSlot(interact);
    try {
      // Permissions, rate limit, credits held, concurrency slot (may wait); settled below whatever happens.
      if (accounts && request.account) admission = await accounts.admit(request.account, request.body, signal);
      const data = await scraper.scrape(request.body, {
        signal,
        team: request.team,
        artifactUrl: artifactUrlFor(request, signer, options.publicUrl),
        onRetainedPage: slot.onRetainedPage,
        // PDF pages are reserved before they are parsed, and the parse stops where the balance does.
        creditBudget: admission?.creditBudget,
      });
      // The kept result's JSON text is the answer's data, unless admission marked the document since.
      const marked = (await admission?.succeed(data)) ?? false;
      await rememberForInteract(interact, data, request.body, request.team, slot.take());
      fillScrapeLog(log, data);
      const json = marked ? undefined : keptJsonOf(data);
      return json === undefined ? sendJsonBody(reply, { success: true, data }) : sendSuccessJson(reply, json);
    } catch (err) {
      await admission?.fail(err);
      if (clientLeft) {
        // Nobody is left to answer; the line stands in for the response log.
        request.log.info(
          { host: log.host, status: 499, durationMs: Math.round(reply.elapsedTime) },
          'scrape abandoned: client disconnected',
        );
        return reply.hijack();
      }
      // Aborted and the client is still there: the server's grace period is over.
      if (signal.aborted) throw shuttingDown();
      throw err;
    } finally {
      slot.close();
      running.delete(stop);
      reply.raw.off('close', onClose);
    }
  });
  app.openapi.add(SCRAPE_OPENAPI_ROUTE);
}

/** The scrape's engine, page status, cache state and credits for the log line. */
function fillScrapeLog(log: ScrapeLog, data: ScrapeDocument): void {
  log.engine = engineOf(data);
  log.pageStatus = typeof data.metadata?.statusCode === 'number' ? data.metadata.statusCode : undefined;
  log.cacheState = data.metadata?.cacheState === 'hit' ? 'hit' : 'miss';
  log.credits = typeof data.metadata?.creditsUsed === 'number' ? data.metadata.creditsUsed : undefined;
}

/** A finished scrape can be continued with interact: its scrapeId, final URL, team and profile. */
async function rememberForInteract(
  interact: InteractSessions | undefined,
  data: ScrapeDocument,
  body: unknown,
  team: string | undefined,
  page: RetainedPage | undefined,
): Promise<void> {
  const m = data.metadata as { scrapeId?: unknown; url?: unknown; sourceURL?: unknown };
  const url = typeof m.url === 'string' ? m.url : typeof m.sourceURL === 'string' ? m.sourceURL : undefined;
  if (!interact || typeof m.scrapeId !== 'string' || !url) return void page?.close().catch(() => {});
  type Body = { profile?: { name?: unknown; saveChanges?: unknown }; zeroDataRetention?: unknown; lockdown?: unknown };
  const b = body as Body | null;
  const profile = b?.profile;
  await interact.rememberScrape(m.scrapeId, {
    team,
    url,
    profile:
      typeof profile?.name === 'string'
        ? { name: profile.name, saveChanges: profile.saveChanges !== false }
        : undefined,
    page,
    // Nothing of a zero-data-retention or lockdown request is written anywhere (the directory lives in Redis).
    zeroDataRetention: b?.zeroDataRetention === true || b?.lockdown === true,
  });
}

/**
 * The target's host for the log line; nothing for zero-data-retention and lockdown requests, which promise no
 * trace.
 */
function hostOf(body: unknown): string | undefined {
  const b = body as { url?: unknown; zeroDataRetention?: unknown; lockdown?: unknown } | null;
  if (b?.zeroDataRetention === true || b?.lockdown === true) return undefined;
  const url = b?.url;
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

/** Whichever field the scraper uses to say which engine served the page (it is not part of the v2 document). */
function engineOf(doc: ScrapeDocument): string | undefined {
  const m = doc.metadata as Record<string, unknown> | undefined;
  for (const candidate of [m?.engine, (doc as Record<string, unknown>).engine]) {
    if (typeof candidate === 'string') return candidate;
  }
  return undefined;
}
