import type { ProfileState } from '@scrape/browser';
import type { AcquireOptions, Engine, ProxyEndpoint } from '../engines/engine.js';
import type { ProfileStore } from '../interact/profileStore.js';
import { DEFAULT_TEAM } from './changeTracking.js';
import { looksBlocked } from '../engines/looksBlocked.js';
import { bodyStartsWithContent, judgeClientRendered } from '../engines/looksClientRendered.js';
import { pickEngine } from '../engines/pickEngine.js';
import { checkProxyMode, planProxyAttempts, type ProxyAttempt } from '../engines/planProxyAttempts.js';
import { errors, isScrapeError } from '../errors.js';
import type { PipelineDeps } from '../pipelineDeps.js';
import type { Source } from '../source.js';
import type { ScrapePlan } from './plan.js';

/** Refuses, before any network traffic, what no available engine can do. */
export function checkAcquire(plan: ScrapePlan, deps: PipelineDeps): void {
  pickEngine(plan, deps.engines);
  if (plan.request.profile && !deps.profiles) {
    throw errors.notImplemented(
      'profile',
      'this scraper has no store for browser profiles (made with cache: false or an injected cache)',
    );
  }
  checkProxyMode(plan.request.proxy, deps.proxies ?? {});
  const threat = plan.request.threatProtection;
  if (threat && Object.keys(threat).length > 0 && threat.mode !== 'off') {
    throw errors.notImplemented('threatProtection', 'this build has no threat-protection scanner to configure');
  }
}

/**
 * Step 3. Fetches the page: the HTTP engine unless the request needs a browser, and the browser again when the HTTP
 * answer is an empty client-rendered shell. `proxy: auto` retries once through the enhanced proxy when the answer
 * looks like an anti-bot block.
 */
export async function acquire(plan: ScrapePlan, deps: PipelineDeps, signal: AbortSignal): Promise<Source> {
  if (plan.request.profile && deps.profiles)
    return withProfile(plan, deps.profiles, (profile) => acquireAttempts(plan, deps, signal, profile));
  return acquireAttempts(plan, deps, signal, undefined);
}

/**
 * A scrape with `profile`: the team's saved state is loaded into the render; with saveChanges the scrape holds the
 * profile's saving claim (409 while another saving session has it) and writes the state back after the render.
 */
async function withProfile(
  plan: ScrapePlan,
  profiles: ProfileStore,
  work: (profile: AcquireOptions['profile']) => Promise<Source>,
): Promise<Source> {
  const { name, saveChanges } = plan.request.profile!;
  const team = plan.team ?? DEFAULT_TEAM;
  const release = saveChanges ? await profiles.claim(team, name) : undefined;
  try {
    const state = (await profiles.get(team, name)) ?? undefined;
    let captured: ProfileState | undefined;
    const source = await work({ state, onState: saveChanges ? (s) => (captured = s) : undefined });
    if (captured) await profiles.put(team, name, captured);
    return source;
  } finally {
    await release?.();
  }
}

async function acquireAttempts(
  plan: ScrapePlan,
  deps: PipelineDeps,
  signal: AbortSignal,
  profile: AcquireOptions['profile'],
): Promise<Source> {
  const attempts = planProxyAttempts(plan.request.proxy, deps.proxies ?? {});
  for (let i = 0; ; i++) {
    const source = await acquireThrough(plan, deps, signal, attempts[i], profile);
    if (i + 1 >= attempts.length || !looksBlocked(source)) return source;
    signal.throwIfAborted();
  }
}

async function acquireThrough(
  plan: ScrapePlan,
  deps: PipelineDeps,
  signal: AbortSignal,
  attempt: ProxyAttempt,
  profile?: AcquireOptions['profile'],
): Promise<Source> {
  const tagged = (source: Source): Source => ({ ...source, proxyUsed: attempt.tier });
  const engine = pickEngine(plan, deps.engines);
  const fetched = await engine.acquire(plan, signal, { proxy: attempt.proxy, profile });
  const browser = deps.engines.browser;
  if (engine === browser || !browser || !isShell(fetched)) return tagged(fetched);
  return tagged(await renderShell(plan, browser, fetched, signal, attempt.proxy));
}

/**
 * Windows of the body decoded first, smallest first: most pages with content of their own show it this early (see
 * startsWithContent). Of 733 dev pages over 64 KB, 581 show it within 32 KB of their `<body>` and 733 within 64 KB;
 * the small window first cut the check's CPU by 12% over the 1,033 dev pages (a page it does not decide decodes the
 * 32 KB again; three windows from 16 KB cost more than two). A window never changes the verdict, only its cost.
 */
const SHELL_CHECK_WINDOWS = [32 * 1024, 64 * 1024];

/** An HTML answer whose content only JavaScript would produce. */
function isShell(source: Source): boolean {
  if (!/html/i.test(source.contentType) || source.status >= 400) return false;
  const { body } = source;
  for (const window of SHELL_CHECK_WINDOWS)
    if (body.length > window && bodyStartsWithContent(body, window)) return false;
  // The judge reads at most its own scan limit of the text and knows when it was cut off.
  return judgeClientRendered(new TextDecoder('utf-8', { fatal: false }).decode(body)).clientRendered;
}

/** The browser's render of a shell; when the browser cannot render it, the HTTP answer with a warning saying why. */
async function renderShell(
  plan: ScrapePlan,
  browser: Engine,
  fetched: Source,
  signal: AbortSignal,
  proxy: ProxyEndpoint | undefined,
): Promise<Source> {
  try {
    return await browser.acquire(plan, signal, { proxy });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const reason = isScrapeError(error) ? error.error : error instanceof Error ? error.message : String(error);
    return {
      ...fetched,
      warning:
        `This page looks client-rendered, but the browser engine could not render it (${reason}); the content ` +
        `is the page as the server sent it, without running its JavaScript.`,
    };
  }
}
