import { createHash, randomBytes } from 'node:crypto';
import type { BlobStore } from './backends/BlobStore.js';
import type { KvBackend } from './backends/KvBackend.js';
import { CacheError } from './CacheError.js';
import { systemClock, type Clock } from './clock.js';
import { decodeRecord, encodeRecord } from './codec.js';

/** Spec §8: screenshots live 24 hours. */
export const DEFAULT_ARTIFACT_TTL_MS = 24 * 60 * 60 * 1000;
/** 128 random bits: artifact URLs are capabilities, so ids must be unguessable. */
const ARTIFACT_ID_BYTES = 16;
/** What an id looks like (base64url of 16 bytes); anything else is unknown, which also keeps ids out of file paths. */
const ARTIFACT_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** Index entries outlive their bytes a little, so a sweep racing an expiry never finds bytes without an index entry. */
const INDEX_GRACE_MS = 60_000;
const INDEX_KEY_PREFIX = 'artifact:';
const REUSE_KEY_PREFIX = 'artifact-reuse:';

export interface ArtifactInfo {
  id: string;
  mimeType: string;
  size: number;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds; the artifact is unknown from this instant on. */
  expiresAt: number;
}

export interface Artifact extends ArtifactInfo {
  bytes: Uint8Array;
}

export interface PutArtifactInput {
  bytes: Uint8Array;
  mimeType: string;
  /** Lifetime; defaults to 24 hours (the spec's screenshot lifetime). */
  ttlMs?: number;
  /**
   * Puts with the same key answer the artifact the first one stored while it lives (same id, same expiry), so a
   * page served again from the cache keeps the link it was given. Callers scope the key (team, content digest).
   */
  reuseKey?: string;
}

export interface ArtifactStore {
  /** Stores bytes for `ttlMs`. Call only when `plan.writeArtifacts`. */
  putArtifact(input: PutArtifactInput): Promise<{ id: string; expiresAt: number }>;
  /** The artifact, or null when unknown, expired or malformed id. */
  getArtifact(id: string): Promise<Artifact | null>;
  /** The index entry without the bytes (for HEAD / content-type), or null. */
  statArtifact(id: string): Promise<ArtifactInfo | null>;
  deleteArtifact(id: string): Promise<void>;
  /** Removes expired bytes (embedded; Redis expires them itself). Returns how many. */
  sweepArtifacts(): Promise<number>;
}

export function createArtifactStore(
  index: KvBackend,
  blobs: BlobStore,
  options: { clock?: Clock } = {},
): ArtifactStore {
  const clock = options.clock ?? systemClock;

  async function stat(id: string): Promise<ArtifactInfo | null> {
    if (!ARTIFACT_ID_PATTERN.test(id)) return null;
    const raw = await index.get(INDEX_KEY_PREFIX + id);
    if (!raw) return null;
    const info = decodeRecord<ArtifactInfo>(raw).meta;
    return info.expiresAt > clock.now() ? info : null;
  }

  return {
    async putArtifact({ bytes, mimeType, ttlMs = DEFAULT_ARTIFACT_TTL_MS, reuseKey }) {
      if (!(ttlMs > 0) || !Number.isFinite(ttlMs))
        throw new CacheError('invalid_input', 'Artifact ttlMs must be a positive number of milliseconds');
      if (!mimeType) throw new CacheError('invalid_input', 'Artifact mimeType is required');
      // The key is hashed: callers may build it from anything, and it never names a file or shows in a listing.
      const reuseIndexKey =
        reuseKey === undefined
          ? undefined
          : REUSE_KEY_PREFIX + createHash('sha256').update(reuseKey).digest('base64url');
      if (reuseIndexKey) {
        const raw = await index.get(reuseIndexKey);
        const earlier = raw ? await stat(decodeRecord<{ id: string }>(raw).meta.id) : null;
        if (earlier && earlier.mimeType === mimeType && earlier.size === bytes.byteLength)
          return { id: earlier.id, expiresAt: earlier.expiresAt };
      }
      const id = randomBytes(ARTIFACT_ID_BYTES).toString('base64url');
      const createdAt = clock.now();
      const info: ArtifactInfo = { id, mimeType, size: bytes.byteLength, createdAt, expiresAt: createdAt + ttlMs };
      // Bytes first: an index entry must never point at bytes that are not there yet.
      await blobs.put(id, bytes, ttlMs);
      await index.put(INDEX_KEY_PREFIX + id, encodeRecord({ ...info }), ttlMs + INDEX_GRACE_MS);
      if (reuseIndexKey) await index.put(reuseIndexKey, encodeRecord({ id }), ttlMs);
      return { id, expiresAt: info.expiresAt };
    },
    async getArtifact(id) {
      const info = await stat(id);
      if (!info) return null;
      const bytes = await blobs.get(id);
      return bytes ? { ...info, bytes } : null;
    },
    statArtifact: stat,
    async deleteArtifact(id) {
      if (!ARTIFACT_ID_PATTERN.test(id)) return;
      await index.delete(INDEX_KEY_PREFIX + id);
      await blobs.delete(id);
    },
    async sweepArtifacts() {
      return blobs.sweep(async (id) => (await stat(id)) !== null);
    },
  };
}
