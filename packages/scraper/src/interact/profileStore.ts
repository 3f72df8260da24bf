import type { ProfileState } from '@scrape/browser';

/** Saved browser profiles (cookies, localStorage, sessionStorage) by team and name; teams never see each other's. */
export interface ProfileStore {
  get(team: string, name: string): Promise<ProfileState | null>;
  put(team: string, name: string, state: ProfileState): Promise<void>;
  close(): Promise<void>;
}

/** The key of a profile: the team and name are length-prefixed so no (team, name) pair can forge another's key. */
export function profileKey(team: string, name: string): string {
  return `profile:${team.length}:${team}:${name}`;
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
    async close() {},
  };
}
