/**
 * Where artifact bytes live, apart from their index entry: files on disk (embedded) or Redis values with a TTL.
 * An S3-compatible store would be a third implementation of this interface (see docs/self-hosting.md).
 */
export interface BlobStore {
  put(id: string, bytes: Uint8Array, ttlMs: number): Promise<void>;
  get(id: string): Promise<Uint8Array | null>;
  delete(id: string): Promise<void>;
  /** Deletes blobs whose id `isLive` rejects (embedded only: Redis drops them by TTL). Returns how many. */
  sweep(isLive: (id: string) => Promise<boolean>): Promise<number>;
}
