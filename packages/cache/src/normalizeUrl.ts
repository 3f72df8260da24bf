import { CacheError } from './CacheError.js';

/** Directory index documents that servers conventionally serve for the bare directory path. */
const INDEX_DOCUMENTS = ['index.html', 'index.htm'];

/**
 * The cache and change-history identity of a URL. The rule, in order:
 * 1. Parse with the WHATWG URL parser: scheme and host are lower-cased, IDN hosts become punycode, default ports
 *    (80 for http, 443 for https) vanish, path dot-segments resolve and percent-encoding is made canonical.
 * 2. Only `http:` and `https:` are accepted; they stay distinct (a site may answer differently on each).
 * 3. The fragment is dropped (it never reaches the server).
 * 4. The host is kept as is: `www.example.com` and `example.com` are distinct keys. They are different names that
 *    may serve different pages, and a cache shared by tenants must never answer one host with another's page.
 * 5. A final path segment `index.html` / `index.htm` is dropped, then a trailing `/` is dropped; the root path is `/`.
 *    So `/a`, `/a/` and `/a/index.html` are one page, as are ``, `/` and `/index.html`.
 * 6. The query is kept byte for byte and in order (servers may depend on order); a bare `?` is dropped.
 * Credentials, if any, are kept (they select what the server answers).
 */
export function normalizeUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new CacheError('invalid_url', 'Invalid URL', { url: input });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CacheError('invalid_url', 'Invalid URL', { url: input, reason: 'only http and https URLs are cached' });
  }
  const host = url.host;

  let path = url.pathname;
  const lastSlash = path.lastIndexOf('/');
  if (INDEX_DOCUMENTS.includes(path.slice(lastSlash + 1).toLowerCase())) path = path.slice(0, lastSlash + 1);
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path === '') path = '/';

  const credentials = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  return `${url.protocol}//${credentials}${host}${path}${url.search}`;
}
