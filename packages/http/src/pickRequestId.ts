import { randomUUID } from 'node:crypto';

/** Long enough for UUIDs, trace ids and the usual proxy formats; short enough to keep log lines bounded. */
const MAX_REQUEST_ID_LENGTH = 128;
/**
 * Only token characters: an incoming id is echoed into logs and a response header, so nothing that could forge either.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]+$/;

/**
 * Honours a caller's `x-request-id` (so one id follows a request through proxies) when it is safe; otherwise mints one.
 */
export function pickRequestId(incoming: string | string[] | undefined): string {
  const id = Array.isArray(incoming) ? incoming[0] : incoming;
  if (typeof id === 'string' && id.length > 0 && id.length <= MAX_REQUEST_ID_LENGTH && SAFE_REQUEST_ID.test(id))
    return id;
  return randomUUID();
}
