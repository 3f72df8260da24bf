import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ProfileState } from '@scrape/browser';
import {
  createEmbeddedBackend,
  createRedisBackend,
  DEFAULT_REDIS_KEY_PREFIX,
  type KvBackend,
} from '@scrape/cache/internal';
import type { StoreHome } from '../createLazyStores.js';
import { errors, ScrapeError } from '../errors.js';

/** Saved browser profiles (cookies, localStorage, sessionStorage) by team and name; teams never see each other's. */
export interface ProfileStore {
  get(team: string, name: string): Promise<ProfileState | null>;
  put(team: string, name: string, state: ProfileState): Promise<void>;
  /**
   * Marks the profile as open by a saving session (spec: one at a time) and returns the release; rejects with 409
   * Conflict while another saving session of the same team and name is open: in any process sharing the Redis home
   * (a lease in Redis, renewed while held), or in this process for the embedded home and memory stores.
   */
  claim(team: string, name: string): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The key of a profile: the team is length-prefixed so no (team, name) pair can forge another team's key. */
export function profileKey(team: string, name: string): string {
  return `profile:${team.length}:${team}:${name}`;
}

/** A saving claim lives this long in Redis without renewal: a process that died frees its profiles after this. */
export const PROFILE_LEASE_MS = 30_000;
/** The holder renews well before the lease runs out, so a slow Redis round trip or a busy event loop cannot lose it. */
const PROFILE_LEASE_RENEW_MS = 10_000;

const alreadyOpen = (name: string) =>
  errors.conflict('Conflict', {
    reason: `profile "${name}" is already open in a saving session; stop it first or use saveChanges: false`,
  });

/** Claims in this process' memory: enough when only one process uses the store (embedded home, memory store). */
function createClaims(): ProfileStore['claim'] {
  const saving = new Set<string>();
  return async (team, name) => {
    const key = profileKey(team, name);
    if (saving.has(key)) throw alreadyOpen(name);
    saving.add(key);
    return async () => void saving.delete(key);
  };
}

/** Claims as leases in the shared store (SET NX PX with a token), renewed while held and released by the holder. */
function createLeaseClaims(
  kv: () => Promise<KvBackend>,
  unavailable: (error: unknown) => ScrapeError,
): ProfileStore['claim'] {
  return async (team, name) => {
    const key = `lease:${profileKey(team, name)}`;
    const token = randomUUID();
    let store: KvBackend;
    let taken: boolean;
    try {
      store = await kv();
      taken = await store.acquireLease!(key, token, PROFILE_LEASE_MS);
    } catch (error) {
      throw unavailable(error);
    }
    if (!taken) throw alreadyOpen(name);
    // A renewal that fails (Redis away for a moment) is retried at the next tick; the lease outlives two misses.
    const renew = setInterval(
      () => void store.renewLease!(key, token, PROFILE_LEASE_MS).catch(() => {}),
      PROFILE_LEASE_RENEW_MS,
    );
    renew.unref?.();
    let released: Promise<void> | undefined;
    return () => {
      clearInterval(renew);
      // Awaited by the releaser, so a client told "stopped" finds the profile free on every process.
      released ??= store.releaseLease!(key, token).catch(() => {});
      return released;
    };
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
        ? createRedisBackend({
            redisUrl: home.redisUrl,
            keyPrefix: `${home.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX}profiles:`,
          })
        : Promise.resolve(createEmbeddedBackend({ dataDir: join(home.dataDir, 'profiles') }))
    ).catch((error: unknown) => {
      opening = undefined;
      throw error;
    }));
  const unavailable = (error: unknown) =>
    error instanceof ScrapeError
      ? error
      : errors.unavailable('Service Unavailable', {
          reason: `profile store: ${error instanceof Error ? error.message : String(error)}`,
        });
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
    claim: home.kind === 'redis' ? createLeaseClaims(kv, unavailable) : createClaims(),
    async close() {
      const open = opening;
      opening = undefined;
      await (await open?.catch(() => undefined))?.close();
    },
  };
}
