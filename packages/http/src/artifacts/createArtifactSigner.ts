import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random key when none is configured: 256 bits, as strong as HMAC-SHA256 can use. */
const RANDOM_SECRET_BYTES = 32;

/** An HMAC-SHA256 in unpadded base64url: 43 characters of its alphabet. */
const SIGNATURE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type ArtifactLinkVerdict = 'valid' | 'tampered' | 'expired';

export interface ArtifactSigner {
  /** The query string (`expires=<unix s>&sig=<hmac>`) that makes `/v2/artifacts/<id>` readable until `expiresAt`. */
  sign(id: string, expiresAtMs: number): string;
  /** Checks a link's parts: the signature first (a wrong one is `tampered`, whatever the expiry), then the expiry. */
  verify(id: string, expires: unknown, sig: unknown, nowMs?: number): ArtifactLinkVerdict;
  /** False when the key was made up at start-up (links die with the process and are not valid on other instances). */
  readonly configured: boolean;
}

/**
 * Signed, expiring artifact links: HMAC-SHA256 over the id and the expiry, keyed by SCRAPE_ARTIFACT_SECRET. The
 * link is the capability (no API key needed, so a browser or an `<img>` can open it); the id alone is not enough.
 */
export function createArtifactSigner(secret?: string): ArtifactSigner {
  const key = secret ? Buffer.from(secret, 'utf8') : randomBytes(RANDOM_SECRET_BYTES);
  const mac = (id: string, expires: string) => createHmac('sha256', key).update(`artifact\n${id}\n${expires}`).digest();
  return {
    configured: secret !== undefined && secret !== '',
    sign(id, expiresAtMs) {
      const expires = String(Math.ceil(expiresAtMs / 1000));
      return `expires=${expires}&sig=${mac(id, expires).toString('base64url')}`;
    },
    verify(id, expires, sig, nowMs = Date.now()) {
      if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires)) return 'tampered';
      // Exactly the text sign() writes: Buffer's base64url decoder skips padding and stray characters, so without this
      // check `sig=` + a valid signature + `=` (or other junk) would verify, and one link would have many spellings.
      if (!SIGNATURE_SHAPE.test(sig)) return 'tampered';
      const given = Buffer.from(sig, 'base64url');
      const wanted = mac(id, expires);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return 'tampered';
      return Number(expires) * 1000 <= nowMs ? 'expired' : 'valid';
    },
  };
}
