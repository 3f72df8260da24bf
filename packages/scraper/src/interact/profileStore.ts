import { join } from 'node:path';
import type { ProfileState } from '@scrape/browser';
import { createEmbeddedBackend, createRedisBackend, DEFAULT_REDIS_KEY_PREFIX, type KvBackend } from '@scrape/cache';
import type { StoreHome } from '../createLazyStores.js';
import { errors, ScrapeError } from '../errors.js';

/** Saved browser profiles (cookies, localStorage, sessionStorage) by team and name; teams never see each other's. */
export interface ProfileStore {
  get(team: string, name: string): Promise<ProfileState | null>;
  put(team: string, name: string, state: ProfileState): Promise<void>;
  /**
   * Marks the profile as open by a saving session (spec: one at a time) and returns the release; throws 409 Conflict
   * while another saving session of the same team and name is open in this process.
   */
  claim(team: string, name: string): () => void;
  close(): Promise<void>;
}

/** The key of a profile: the team is length-prefixed so no (team, name) pair can forge another team's key. */
export function profileKey(team: string, name: string): string {
  return `profile:${team.length}:${team}:${name}`;
}

function createClaims(): ProfileStore['claim'] {
  const saving = new Set<string>();
  return (team, name) => {
    const key = profileKey(team, name);
    if (saving.has(key)) {
      throw errors.conflict('Conflict', { reason: `profile "${name}" is already open in a saving session; stop it first or use saveChanges: false` });
    }
    saving.add(key);
    return () => saving.delete(key);
  };
}

/** Profiles in this process' memory (tests, or a server without stores). */
export function createMemoryProfileStore(): ProfileStore {
  const profiles = new Map<string, string>();
  return {
    async get(team, name) {
      const raw = profiles.get(profileKey(team, name));
      return raw ? (JSON.parse(raw) as ProfileState) : null;
    },
    async put(team, name, state) {
      profiles.set(profileKey(team, name), JSON.stringify(state));
    },
    claim: createClaims(),
    async close() {},
  };
}

/**
 * Profiles in the service's own store home, opened on first use: an LMDB of their own under `{dataDir}/profiles`, or
 * Redis keys under `{prefix}profiles:` (shared by every process, so a profile saved on one is loaded on another).
 */
export function createHomeProfileStore(home: StoreHome): ProfileStore {
  let opening: Promise<KvBackend> | undefined;
  const kv = () =>
    (opening ??= (
      home.kind === 'redis'
        ? createRedisBackend({ redisUrl: home.redisUrl, keyPrefix: `${home.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX}profiles:` })
        : Promise.resolve(createEmbeddedBackend({ dataDir: join(home.dataDir, 'profiles') }))
    ).catch((error: unknown) => {
      opening = undefined;
      throw error;
    }));
  const unavailable = (error: unknown) =>
    error instanceof ScrapeError ? error : errors.unavailable('Service Unavailable', { reason: `profile store: ${error instanceof Error ? error.message : String(error)}` });
  return {
    async get(team, name) {
      try {
        const raw = await (await kv()).get(profileKey(team, name));
        return raw ? (JSON.parse(Buffer.from(raw).toString('utf8')) as ProfileState) : null;
      } catch (error) {
        throw unavailable(error);
      }
    },
    async put(team, name, state) {
      try {
        await (await kv()).put(profileKey(team, name), new Uint8Array(Buffer.from(JSON.stringify(state), 'utf8')));
      } catch (error) {
        throw unavailable(error);
      }
    },
    claim: createClaims(),
    async close() {
      const open = opening;
      opening = undefined;
      await (await open?.catch(() => undefined))?.close();
    },
  };
}
