import type { Browser } from 'playwright-core';
import type { BrowserError } from '../BrowserError.js';
import type { FairLimit } from '../createFairLimit.js';
import type { GuardProxy } from '../startGuardProxy.js';
import type { BrowserPoolOptions, RetainedPage } from '../types.js';

// What the render pool's steps share: its settings, its one Chromium and what is running on it.

export interface ActiveRender {
  fail(error: BrowserError): void;
}

export interface PoolState {
  readonly options: BrowserPoolOptions;
  readonly executablePath: string;
  readonly idleTimeoutMs: number;
  readonly poolSize: number;
  /** Shared fairly by tenants: a freed slot goes to the tenant running the fewest renders (see createFairLimit). */
  readonly limit: FairLimit;
  browser?: Browser;
  launching?: Promise<Browser>;
  browserPid?: number;
  launches: number;
  /** Renders that got a slot and their summed wait for it (metrics: mean queue wait = rate of one over the other). */
  rendersStarted: number;
  queueWaitMsTotal: number;
  closed: boolean;
  idleTimer?: ReturnType<typeof setTimeout>;
  readonly active: Set<ActiveRender>;
  /** Pages kept after their render (`retain`): they hold no render slot, but keep Chromium from its idle close. */
  readonly retained: Set<RetainedPage>;
  guardProxy?: Promise<GuardProxy>;
}
