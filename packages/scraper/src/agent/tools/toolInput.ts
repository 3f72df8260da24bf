/** A URL argument the run may visit: a string, and under one of `onlyUnder` (strictConstrainToURLs) when given. */
export function checkUrl(url: unknown, onlyUnder: string[] | undefined): string {
  if (typeof url !== 'string') throw new Error('"url" must be a string');
  if (onlyUnder && !onlyUnder.some((prefix) => url.startsWith(prefix))) {
    throw new Error(`this run may only visit the given URLs (strictConstrainToURLs): ${onlyUnder.join(', ')}`);
  }
  return url;
}

/** A tool's failure as the model reads it: the service's message and code. */
export function toolError(error: unknown): Error {
  const e = error as { error?: string; code?: string; message?: string };
  return new Error(`${e.error ?? e.message ?? String(error)}${e.code ? ` (${e.code})` : ''}`);
}
