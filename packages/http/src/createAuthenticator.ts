import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * What a request's credentials resolve to. `team` names the key without revealing it (history and profiles are per
 * team); it is undefined when authentication is off, so the scraper uses its default team, the same one in-process
 * callers get.
 */
export type AuthResult = { ok: true; team: string | undefined } | { ok: false };

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Checks `Authorization: Bearer <key>` against the configured keys in constant time: both sides are hashed to a
 * fixed length first, and every key is compared on every call, so neither the key's length nor its position leaks.
 * With no keys configured every request is accepted, without a team (the server only allows that on loopback).
 */
export function createAuthenticator(keys: readonly string[]): (authorization: string | undefined) => AuthResult {
  const digests = keys.map((key) => ({ digest: sha256(key), team: teamOf(key) }));
  if (digests.length === 0) return () => ({ ok: true, team: undefined });

  return (authorization) => {
    const token = typeof authorization === 'string' ? BEARER.exec(authorization)?.[1] : undefined;
    // A missing token is still hashed and compared so that a malformed header costs the same as a wrong key.
    const presented = sha256(token ?? '');
    let team: string | undefined;
    for (const entry of digests) {
      if (timingSafeEqual(entry.digest, presented) && token !== undefined) team = entry.team;
    }
    return team === undefined ? { ok: false } : { ok: true, team };
  };
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** A stable, non-reversible name for a key: logs and per-team state never hold the key itself. */
function teamOf(key: string): string {
  return (
    'key_' +
    createHash('sha256')
      .update('scrape-team:' + key, 'utf8')
      .digest('hex')
      .slice(0, 16)
  );
}
