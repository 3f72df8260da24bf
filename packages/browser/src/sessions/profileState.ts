import type { BrowserContext, Page } from 'playwright-core';

/** Cookies and per-origin storage of a browser profile (Playwright's storage-state shape plus sessionStorage). */
export interface ProfileState {
  cookies: {
    name: string;
    value: string;
    domain: string;
    path: string;
    expires: number;
    httpOnly: boolean;
    secure: boolean;
    sameSite: 'Strict' | 'Lax' | 'None';
  }[];
  origins: {
    origin: string;
    localStorage: { name: string; value: string }[];
    sessionStorage?: { name: string; value: string }[];
  }[];
}

/** The `storageState` option of a new context holding `state` (cookies and localStorage). */
export function storageStateOf(
  state: ProfileState | undefined,
):
  | { cookies: ProfileState['cookies']; origins: { origin: string; localStorage: { name: string; value: string }[] }[] }
  | undefined {
  if (!state) return undefined;
  return {
    cookies: state.cookies,
    origins: state.origins.map((o) => ({ origin: o.origin, localStorage: o.localStorage })),
  };
}

/** sessionStorage has no context option: an init script restores each origin's entries in every new document. */
export async function installSessionStorage(context: BrowserContext, state: ProfileState | undefined): Promise<void> {
  const withSessionStorage = state?.origins.filter((o) => o.sessionStorage?.length) ?? [];
  if (withSessionStorage.length === 0) return;
  await context.addInitScript((origins: { origin: string; sessionStorage?: { name: string; value: string }[] }[]) => {
    const own = origins.find((o) => o.origin === location.origin);
    for (const { name, value } of own?.sessionStorage ?? [])
      if (sessionStorage.getItem(name) === null) sessionStorage.setItem(name, value);
  }, withSessionStorage);
}

/** The context's cookies and localStorage, plus the sessionStorage of `page`'s origin (it is per tab; best effort). */
export async function captureProfileState(context: BrowserContext, page: Page | undefined): Promise<ProfileState> {
  const state = (await context.storageState()) as ProfileState;
  if (!page) return state;
  try {
    const entries = (await page.evaluate('Object.entries(sessionStorage)')) as [string, string][];
    const origin = new URL(page.url()).origin;
    let entry = state.origins.find((o) => o.origin === origin);
    if (!entry && entries.length > 0) state.origins.push((entry = { origin, localStorage: [] }));
    if (entry) entry.sessionStorage = entries.map(([name, value]) => ({ name, value }));
  } catch {
    // A crashed or about:blank page has no sessionStorage to keep.
  }
  return state;
}
