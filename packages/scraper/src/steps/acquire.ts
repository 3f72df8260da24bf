import { pickEngine } from '../engines/pickEngine.js';
import { errors } from '../errors.js';
import type { PipelineDeps } from '../pipelineDeps.js';
import type { Source } from '../source.js';
import type { ScrapePlan } from './plan.js';

/** Refuses, before any network traffic, what no available engine can do. */
export function checkAcquire(plan: ScrapePlan, deps: PipelineDeps): void {
  pickEngine(plan, deps.engines);
  if (plan.request.proxy === 'enhanced') {
    throw errors.notImplemented('proxy', "'enhanced' needs an anti-bot proxy and none is configured; use 'basic' or 'auto'");
  }
  const threat = plan.request.threatProtection;
  if (threat && Object.keys(threat).length > 0 && threat.mode !== 'off') {
    throw errors.notImplemented('threatProtection', 'this build has no threat-protection scanner to configure');
  }
}

/** Step 3. Fetches the page with the engine the plan needs. */
export async function acquire(plan: ScrapePlan, deps: PipelineDeps, signal: AbortSignal): Promise<Source> {
  return pickEngine(plan, deps.engines).acquire(plan, signal);
}
