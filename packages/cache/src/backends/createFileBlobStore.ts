import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore } from './BlobStore.js';

const TEMP_SUFFIX = '.tmp';

/** One file per artifact under `dir`; written to a temporary name and renamed, so a reader never sees half a file. */
export function createFileBlobStore(dir: string): BlobStore {
  mkdirSync(dir, { recursive: true });
  const pathOf = (id: string) => join(dir, id);
  return {
    async put(id, bytes) {
      const temp = pathOf(`${id}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
      await writeFile(temp, bytes);
      await rename(temp, pathOf(id));
    },
    async get(id) {
      try {
        return new Uint8Array(await readFile(pathOf(id)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(id) {
      await rm(pathOf(id), { force: true });
    },
    async sweep(isLive) {
      let removed = 0;
      for (const name of await readdir(dir)) {
        // Temporary files belong to writes in flight (or crashed ones, which the next sweep after a restart takes).
        if (name.endsWith(TEMP_SUFFIX)) continue;
        if (!(await isLive(name))) {
          await rm(pathOf(name), { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
