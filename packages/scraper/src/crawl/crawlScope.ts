import { normalizeUrl } from '@scrape/cache/internal';
import { compileUserPattern, testPattern } from './compileUserPattern.js';
import type { CrawlRequest } from './crawlRequest.js';

/** Links to these are files, not pages: never queued (PDFs and documents are, the pipeline reads them). */
export const SKIPPED_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'avif',
  'css',
  'js',
  'mjs',
  'map',
  'json',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'zip',
  'gz',
  'tgz',
  'bz2',
  'xz',
  '7z',
  'rar',
  'tar',
  'dmg',
  'exe',
  'msi',
  'apk',
  'iso',
  'bin',
  'mp3',
  'mp4',
  'm4a',
  'wav',
  'ogg',
  'webm',
  'avi',
  'mov',
  'mkv',
  'flac',
];
const SKIPPED = new Set(SKIPPED_EXTENSIONS);

export interface CrawlScope {
  /** The frontier key of a URL (null: not a crawlable http(s) URL). Equal keys are one page. */
  keyOf(url: string): string | null;
  /** Whether a discovered URL belongs to this crawl (host, path prefix, patterns, file type). */
  allows(url: string): boolean;
}

/** Host without a leading `www.`: www and the bare domain are one site. */
function siteHost(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * What a crawl may visit and when two URLs are the same page. Keys: `www.` dropped, then @scrape/cache's normalisation
 * (fragment, default port, trailing slash, index document) plus, when asked, no query string; with
 * `deduplicateSimilarURLs` http and https are one page too.
 */
export type CrawlScopeOptions = Pick<
  CrawlRequest,
  | 'url'
  | 'excludePaths'
  | 'includePaths'
  | 'ignoreQueryParameters'
  | 'deduplicateSimilarURLs'
  | 'crawlEntireDomain'
  | 'allowSubdomains'
  | 'allowExternalLinks'
  | 'regexOnFullURL'
>;

export function createCrawlScope(request: CrawlScopeOptions): CrawlScope {
  const start = new URL(request.url);
  const startHost = siteHost(start.hostname);
  let basePath = start.pathname;
  if (!basePath.endsWith('/')) basePath = basePath.slice(0, basePath.lastIndexOf('/') + 1);
  const includes = request.includePaths.map((p, i) => compileUserPattern(p, ['includePaths', i]));
  const excludes = request.excludePaths.map((p, i) => compileUserPattern(p, ['excludePaths', i]));

  function keyOf(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    if (request.ignoreQueryParameters) parsed.search = '';
    // Within one crawl www and the bare domain are one site (the page cache keeps them apart: hosts are tenants' keys).
    parsed.hostname = siteHost(parsed.hostname);
    let key: string;
    try {
      key = normalizeUrl(parsed.href);
    } catch {
      return null;
    }
    return request.deduplicateSimilarURLs ? key.replace(/^https?:\/\//, '//') : key;
  }

  function allows(url: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    const host = siteHost(parsed.hostname);
    const sameSite = host === startHost;
    const subdomain = host.endsWith(`.${startHost}`);
    if (!sameSite && !(request.allowSubdomains && subdomain) && !request.allowExternalLinks) return false;
    const ext = parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1).split('.');
    if (ext.length > 1 && SKIPPED.has(ext[ext.length - 1].toLowerCase())) return false;
    // Without crawlEntireDomain only pages under the start URL's folder (on its own host) are crawled.
    if (sameSite && !request.crawlEntireDomain && !parsed.pathname.startsWith(basePath)) return false;
    const subject = request.regexOnFullURL ? parsed.href : parsed.pathname;
    if (excludes.some((re) => testPattern(re, subject))) return false;
    if (includes.length > 0 && !includes.some((re) => testPattern(re, subject))) return false;
    return true;
  }

  return { keyOf, allows };
}
