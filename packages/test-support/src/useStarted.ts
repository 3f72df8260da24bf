// A test file's servers and services: started once before its tests, closed after them, the last started first.
import { afterAll, beforeAll } from 'vitest';

/** What a test file starts and must close again: a fixture site, a service, a webhook receiver, a browser. */
export interface Closable {
  close(): unknown;
}

/** Registers `thing` to be closed after the file's tests, and returns it. */
export type Own = <C extends Closable>(thing: C) => C;

/**
 * Runs `start` before the file's tests and closes what it registered with `own` after them, in reverse order, also
 * when `start` failed halfway (a set-up error leaves no server behind). The returned object's fields are set once the
 * tests run: read them inside tests and hooks, never at the top of the file.
 */
export function useStarted<T extends object>(start: (own: Own) => Promise<T>, timeoutMs?: number): Readonly<T> {
  const env = {} as T;
  const owned: Closable[] = [];
  const own: Own = (thing) => {
    owned.push(thing);
    return thing;
  };
  beforeAll(async () => {
    Object.assign(env, await start(own));
  }, timeoutMs);
  afterAll(async () => {
    for (const thing of owned.splice(0).reverse()) await thing.close();
  });
  return env;
}

/**
 * A list the file's tests and hooks push clean-ups on (a service a test started, a temporary folder); after the file's
 * tests they run, the last pushed first. Called after `useStarted`, they run before its servers close: vitest runs
 * `afterAll` hooks the last registered first.
 */
export function useCleanups(): (() => unknown)[] {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}
