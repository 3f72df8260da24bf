import { z } from 'zod';
import { errors } from '../errors.js';
import { profileSchema } from '../contract/scrapeRequest.js';

/** Shortest session worth starting, seconds (a browser context costs more to open than this to use). */
export const BROWSER_MIN_TTL_S = 30;
/** Shortest idle timeout, seconds. */
export const BROWSER_MIN_ACTIVITY_TTL_S = 10;

export const browserRequestSchema = z
  .object({
    ttl: z.number().int().min(BROWSER_MIN_TTL_S).optional(),
    activityTtl: z.number().int().min(BROWSER_MIN_ACTIVITY_TTL_S).optional(),
    streamWebView: z.boolean().optional(),
    profile: profileSchema.optional(),
    integration: z.string().max(200).optional(),
    origin: z.string().max(200).optional(),
  })
  .passthrough();

export interface BrowserRequest {
  /** Whole-life budget, ms (capped by the server's maximum lifetime). */
  ttlMs?: number;
  /** Idle budget, ms (capped by the server's idle timeout). */
  activityTtlMs?: number;
  profile?: { name: string; saveChanges: boolean };
}

/** Body of `POST /v2/browser` (the Firecrawl SDK's `browser()`): seconds in, ms out. */
export function parseBrowserRequest(body: unknown): BrowserRequest {
  const parsed = browserRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw errors.badRequest(
      'Bad Request',
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  const { ttl, activityTtl, streamWebView, profile } = parsed.data;
  if (streamWebView) {
    throw errors.notImplemented(
      'streamWebView',
      'this build has no live view of sessions; drive the page with execute',
    );
  }
  return {
    ...(ttl === undefined ? {} : { ttlMs: ttl * 1000 }),
    ...(activityTtl === undefined ? {} : { activityTtlMs: activityTtl * 1000 }),
    ...(profile ? { profile: profile as BrowserRequest['profile'] } : {}),
  };
}
