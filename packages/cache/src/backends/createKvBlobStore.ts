import type { BlobStore } from './BlobStore.js';
import type { KvBackend } from './KvBackend.js';

const BLOB_KEY_PREFIX = 'artifact-bytes:';

/** Artifact bytes as backend values with a TTL: the Redis home, where every server process must reach them. */
export function createKvBlobStore(backend: KvBackend): BlobStore {
  return {
    put: (id, bytes, ttlMs) => backend.put(BLOB_KEY_PREFIX + id, bytes, ttlMs),
    get: (id) => backend.get(BLOB_KEY_PREFIX + id),
    delete: (id) => backend.delete(BLOB_KEY_PREFIX + id),
    sweep: async () => 0,
  };
}
