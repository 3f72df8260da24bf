import { type Dispatcher, request } from 'undici';
import { errors } from '../../errors.js';
import type { SsrfOptions } from '../../ssrf/addressPolicy.js';
import { resolveAllowedAddresses } from '../../ssrf/resolveAllowedAddresses.js';
import { readBody } from '../readBody.js';
import { toFetchError } from '../toFetchError.js';

// One hop of the fetch engine: the request, the redirect it may answer with, and the capped body.

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type Answer = Awaited<ReturnType<typeof request>>;

/** Through a proxy the proxy dials: the target's resolution is checked here before each hop instead. */
export async function checkProxiedTarget(url: URL, options: SsrfOptions): Promise<void> {
  await resolveAllowedAddresses(
    url.hostname,
    Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    options,
    url.href,
  );
}

/** One GET; a failure is the scrape's abort reason when it was aborted, else a typed fetch error. */
export async function sendGet(
  url: URL,
  headers: Record<string, string>,
  dispatcher: Dispatcher,
  signal: AbortSignal,
): Promise<Answer> {
  try {
    return await request(url, { method: 'GET', headers, dispatcher, signal });
  } catch (error) {
    throw signal.aborted ? signal.reason : toFetchError(error, url);
  }
}

/**
 * The next hop when the answer is a redirect with a Location (its body dropped); null otherwise. A Location that is
 * not an http(s) URL, or one hop past `maxRedirects`, fails the scrape.
 */
export async function redirectTarget(
  answer: Answer,
  location: string | undefined,
  url: URL,
  hop: number,
  maxRedirects: number,
): Promise<URL | null> {
  if (!REDIRECT_STATUSES.has(answer.statusCode) || !location) return null;
  await answer.body.dump().catch(() => undefined);
  const next = URL.canParse(location, url) ? new URL(location, url) : null;
  if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:')) throw errors.badRedirect(location);
  if (hop + 1 > maxRedirects) throw errors.tooManyRedirects(maxRedirects, next.href);
  return next;
}

/** The body, decoded and capped at `maxBytes` (a declared length over it fails at once); the rest is dropped. */
export async function readCappedBody(
  answer: Answer,
  headers: Record<string, string>,
  maxBytes: number,
  signal: AbortSignal,
  url: URL,
): Promise<Uint8Array> {
  try {
    const declared = Number(headers['content-length']);
    if (declared > maxBytes) throw errors.responseTooLarge(maxBytes);
    // A declared length sizes the body's buffer; the cap is still counted on the bytes that arrive (readBody).
    const length = headers['content-length'] !== undefined && Number.isSafeInteger(declared) ? declared : undefined;
    return await readBody(answer.body, headers['content-encoding'] ?? '', maxBytes, length);
  } catch (error) {
    discard(answer.body);
    throw signal.aborted ? signal.reason : toFetchError(error, url);
  }
}

/** Drops an unread body; undici reports destroying a body mid-stream as an error event, which nobody needs here. */
function discard(body: { on(event: 'error', listener: () => void): unknown; destroy(): unknown }): void {
  body.on('error', () => undefined);
  body.destroy();
}
