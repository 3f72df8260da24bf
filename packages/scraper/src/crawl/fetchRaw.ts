import { gunzipSync } from 'node:zlib';
import { parseScrapeRequest } from '../contract/parseScrapeRequest.js';
import type { Engine } from '../engines/engine.js';
import { planScrape } from '../steps/plan.js';

/** robots.txt and sitemaps larger than this are cut (Google reads 500 KiB of robots.txt; sitemaps are ≤ 50 MB). */
export const RAW_FETCH_MAX_BYTES = 50 * 1024 * 1024;
const RAW_FETCH_TIMEOUT_MS = 20_000;

export interface RawResponse {
  status: number;
  finalUrl: string;
  contentType: string;
  body: Buffer;
}

export type FetchRaw = (url: string, signal?: AbortSignal) => Promise<RawResponse | null>;

/**
 * Fetches a helper file of a crawl (robots.txt, sitemaps) with the scraper's own HTTP engine, so it goes through the
 * same SSRF guard, redirect and size limits as any page. Null on any failure: a missing robots.txt or sitemap is
 * normal.
 */
export function createRawFetcher(engine: Engine): FetchRaw {
  return async (url, signal) => {
    const timeout = AbortSignal.timeout(RAW_FETCH_TIMEOUT_MS);
    try {
      const request = parseScrapeRequest({
        url,
        formats: ['rawHtml'],
        maxAge: 0,
        storeInCache: false,
        timeout: RAW_FETCH_TIMEOUT_MS,
      });
      const source = await engine.acquire(planScrape(request), signal ? AbortSignal.any([signal, timeout]) : timeout);
      let body = Buffer.from(source.body.buffer, source.body.byteOffset, source.body.byteLength);
      // A .gz sitemap is served as application/gzip (no Content-Encoding), so the engine leaves it compressed.
      if (body.length > 2 && body[0] === 0x1f && body[1] === 0x8b)
        body = gunzipSync(body, { maxOutputLength: RAW_FETCH_MAX_BYTES });
      return { status: source.status, finalUrl: source.finalUrl ?? url, contentType: source.contentType ?? '', body };
    } catch {
      return null;
    }
  };
}
