import type { Page } from 'playwright-core';
import type { Action } from '../types.js';

/** Longest an action waits for its element; shorter than typical timeouts so the error names the action. */
export const ACTION_ELEMENT_TIMEOUT_MS = 15_000;
/**
 * Time kept back from the render budget so a failing action is reported as such, not as a timeout. It covers the
 * delay between Playwright's own wait ending and its rejection reaching us: on a loaded machine 500 ms was too little
 * (a missing element came out as `timeout` instead of `action_failed`).
 */
const DEADLINE_MARGIN_MS = 1_500;
/** Upper bound of the settle after an interaction (click, press, scroll) lets fetched content arrive. */
export const ACTION_SETTLE_MAX_MS = 2_000;

/** What every action step runs against: the page, the render's deadline and its smart wait. */
export interface ActionEnvironment {
  page: Page;
  /** Epoch ms when the render's budget ends. */
  deadline: number;
  /** Smart wait bounded by `maxMs`, used after interactions (quiet windows measured from the interaction on). */
  settle(maxMs: number): Promise<void>;
}

/** The action of one `type`, for the step that runs it. */
export type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;

/** How long an action may wait for its element: its own cap, within what is left of the render's budget. */
export function elementTimeout(env: ActionEnvironment): number {
  return Math.max(1, Math.min(ACTION_ELEMENT_TIMEOUT_MS, env.deadline - Date.now() - DEADLINE_MARGIN_MS));
}

/** How long the settle after an interaction may take, within what is left of the render's budget. */
export function settleBudget(env: ActionEnvironment): number {
  return Math.max(0, Math.min(ACTION_SETTLE_MAX_MS, env.deadline - Date.now() - DEADLINE_MARGIN_MS));
}
