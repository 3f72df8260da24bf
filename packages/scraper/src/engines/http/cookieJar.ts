/** Cookies by host, then by name. */
export type CookieJar = Map<string, Map<string, string>>;

/**
 * A per-scrape cookie jar keyed by host: sites that set a cookie and redirect (consent, session bootstrap) would
 * otherwise loop until the redirect limit. Attributes are ignored; cookies never leave their host.
 */
export function remember(jar: CookieJar, url: URL, setCookie: string | string[] | undefined): void {
  if (!setCookie) return;
  const cookies = jar.get(url.host) ?? new Map<string, string>();
  for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
    const pair = line.split(';', 1)[0];
    const eq = pair.indexOf('=');
    if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  jar.set(url.host, cookies);
}

/** The request headers with the jar's cookies for the URL's host added after the client's own `cookie`. */
export function withCookies(headers: Record<string, string>, jar: CookieJar, url: URL): Record<string, string> {
  const cookies = jar.get(url.host);
  if (!cookies || cookies.size === 0) return headers;
  const jarCookies = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return { ...headers, cookie: headers.cookie ? `${headers.cookie}; ${jarCookies}` : jarCookies };
}
