import { errors } from '../errors.js';
import type { ScrapePlan } from '../steps/plan.js';
import type { Engine, Engines } from './engine.js';

/**
 * The HTTP engine unless the plan needs a browser (screenshot, actions, waitFor, mobile, branding, profile). The
 * acquire step may still switch to the browser afterwards, when the HTTP answer is a client-rendered shell.
 */
export function pickEngine(plan: ScrapePlan, engines: Engines): Engine {
  if (plan.browserNeeds.length === 0) return engines.fetch;
  if (engines.browser) return engines.browser;
  throw errors.notImplemented(
    plan.browserNeeds[0],
    'it needs the browser engine, which is turned off in this scraper (engines.browser: false)',
  );
}
