import { existsSync } from 'node:fs';
import { createFairLimit } from './createFairLimit.js';
import type { Browser, BrowserContext } from 'playwright-core';
import { BrowserError, isBrowserError, reasonOf } from './BrowserError.js';
import { buildContextOptions } from './buildContextOptions.js';
import { findBrowserPid, launchChromium } from './launchChromium.js';
import { createAllowCheck } from './installRequestGuard.js';
import { renderPage } from './renderPage.js';
import { startGuardProxy, type GuardProxy } from './startGuardProxy.js';
import { validateRenderRequest } from './validateRenderRequest.js';
import { storageStateOf } from './sessions/profileState.js';
import { captureProfileState } from './sessions/profileState.js';
import type {
  BrowserPool,
  BrowserPoolOptions,
  BrowserPoolStats,
  RenderOptions,
  RenderRequest,
  RenderResult,
  RetainedPage,
} from './types.js';

/** Debian's package path; CHROMIUM_PATH overrides it. */
export const DEFAULT_EXECUTABLE = '/usr/bin/chromium';
/**
 * Flags that work for the system Chromium as root in a container: no sandbox (needs user namespaces), no GPU, no
 * QUIC (route interception needs TCP), and none of the background services that phone home or update themselves.
 * With these defaults the pool also disables the features in LEAN_DISABLED_FEATURES (see launchChromium.ts).
 */
export const DEFAULT_LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // WebRTC may only use UDP through a proxy, and pages get no proxy for it: no ICE candidates, so a page can neither
  // learn the host's addresses nor open UDP flows to local services past the SSRF guard (the HTTP proxy).
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
] as const;
/** Each render is a tab with its own renderer: 4 fit the 2-core, few-GB machines we target. */
export const DEFAULT_MAX_CONCURRENCY = 4;
/** An idle Chromium still holds ~150 MB; after a minute without renders we give it back. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
/** A cold Chromium start takes ~0.5 s here; 30 s means it is wedged. */
const LAUNCH_TIMEOUT_MS = 30_000;
/** Closing a context of a wedged renderer must not hold the slot forever. */
const CONTEXT_CLOSE_TIMEOUT_MS = 5_000;

interface ActiveRender {
  fail(error: BrowserError): void;
}

function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * One long-lived Chromium, a fresh isolated context per render, at most `maxConcurrency` renders at once.
 * Chromium starts on first use, is relaunched after a crash or disconnect, and is closed after `idleTimeoutMs`.
 */
export function createBrowserPool(options: BrowserPoolOptions = {}): BrowserPool {
  const executablePath = options.executablePath ?? DEFAULT_EXECUTABLE;
  const launchArgs = options.launchArgs ?? [...DEFAULT_LAUNCH_ARGS];
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  // Shared fairly by tenants: a freed slot goes to the tenant running the fewest renders (see createFairLimit).
  const poolSize = Math.max(1, options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY);
  const limit = createFairLimit(poolSize);

  let browser: Browser | undefined;
  let launching: Promise<Browser> | undefined;
  let browserPid: number | undefined;
  let launches = 0;
  // Renders that got a slot and their summed wait for it (metrics: mean queue wait = rate of one over the other).
  let rendersStarted = 0;
  let queueWaitMsTotal = 0;
  let closed = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const active = new Set<ActiveRender>();
  /** Pages kept after their render (`retain`): they hold no render slot, but keep Chromium from its idle close. */
  const retained = new Set<RetainedPage>();
  let guardProxy: Promise<GuardProxy> | undefined;

  async function launch(): Promise<Browser> {
    if (!existsSync(executablePath)) {
      throw new BrowserError(
        'browser_unavailable',
        `Chromium not found at ${executablePath}: install it (Debian: apt-get install -y chromium) or set ` +
          `CHROMIUM_PATH`,
        { executablePath },
      );
    }
    let launched: Browser;
    try {
      launched = await launchChromium(
        {
          executablePath,
          args: launchArgs,
          headless: true,
          timeout: LAUNCH_TIMEOUT_MS,
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
        },
        options.launchArgs === undefined,
      );
    } catch (error) {
      throw new BrowserError(
        'browser_unavailable',
        `Chromium failed to start: ${reasonOf(error)}`,
        { executablePath },
        { cause: error },
      );
    }
    launches++;
    launched.on('disconnected', () => {
      if (browser !== launched) return;
      browser = undefined;
      browserPid = undefined;
      // Renders on the dead browser would otherwise wait for their timeout.
      for (const render of active)
        render.fail(new BrowserError('browser_crashed', 'Chromium disconnected during the render'));
    });
    if (closed) {
      await launched.close().catch(() => {});
      throw new BrowserError('browser_unavailable', 'browser pool is closed');
    }
    browser = launched;
    browserPid = await findBrowserPid(launched);
    return launched;
  }

  function getBrowser(): Promise<Browser> {
    if (closed) return Promise.reject(new BrowserError('browser_unavailable', 'browser pool is closed'));
    if (browser?.isConnected()) return Promise.resolve(browser);
    launching ??= launch().finally(() => {
      launching = undefined;
    });
    return launching;
  }

  function armIdleTimer(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    if (idleTimeoutMs <= 0 || active.size > 0 || limit.pendingCount > 0 || retained.size > 0) return;
    idleTimer = setTimeout(() => {
      idleTimer = undefined;
      if (active.size > 0 || limit.pendingCount > 0 || retained.size > 0 || !browser) return;
      const idle = browser;
      browser = undefined;
      browserPid = undefined;
      void idle.close().catch(() => {});
    }, idleTimeoutMs);
    idleTimer.unref?.();
  }

  async function renderNow(
    request: RenderRequest,
    controller: AbortController,
    deadline: number,
    queuedMs: number,
    started: number,
  ): Promise<RenderResult> {
    let context: BrowserContext | undefined;
    let release: (() => void) | undefined;
    let kept: RetainedPage | undefined;
    const render: ActiveRender = { fail: (error) => controller.abort(error) };
    active.add(render);
    if (idleTimer) clearTimeout(idleTimer);
    try {
      let mark = Date.now();
      const current = browser?.isConnected() ? browser : await raceAbort(getBrowser(), controller.signal);
      const launchMs = Date.now() - mark;
      mark = Date.now();
      const plan = buildContextOptions(request, current.version());
      const check = request.allowRequest ? createAllowCheck(request.allowRequest) : undefined;
      let proxyListener: ((url: string, tunnel: boolean) => void) | undefined;
      const work = (async () => {
        if (check) {
          // Every request of a guarded context goes through the proxy, so redirect hops are checked too.
          guardProxy ??= startGuardProxy();
          const proxy = await guardProxy;
          const onRefused = (url: string, tunnel: boolean) => proxyListener?.(url, tunnel);
          // Chromium sends loopback requests around proxies unless told not to; those are what the guard is for.
          if (request.proxy) {
            // Forwarding through an upstream proxy (its credentials included): the shared port, with credentials.
            const credentials = proxy.register(check, onRefused, request.proxy);
            release = credentials.release;
            plan.options.proxy = {
              server: proxy.server,
              username: credentials.username,
              password: credentials.password,
              bypass: '<-loopback>',
            };
          } else {
            // A port of the context's own: no proxy credentials, so no 407 challenge round trip per context.
            const registration = await proxy.registerPort(check, onRefused);
            release = registration.release;
            plan.options.proxy = { server: registration.server, bypass: '<-loopback>' };
          }
        } else if (request.proxy) {
          // No guard: the context talks to the upstream proxy itself.
          plan.options.proxy = {
            server: request.proxy.server,
            username: request.proxy.username,
            password: request.proxy.password,
          };
        }
        context = await current.newContext({ ...plan.options, storageState: storageStateOf(request.profile?.state) });
        const contextMs = Date.now() - mark;
        const result = await renderPage(context, plan, request, {
          deadline,
          check,
          subscribeProxyRefusals: (listener) => (proxyListener = listener),
          adBlockLists: options.adBlockLists,
        });
        return { result, contextMs };
      })();
      // The losing side of the race must not surface as an unhandled rejection once the context is closed.
      work.catch(() => {});
      const { result, contextMs } = await raceAbort(work, controller.signal);
      if (request.retain && context && !closed)
        kept = await retain(context, release, check !== undefined).catch(() => undefined);
      return {
        ...result,
        ...(kept ? { retained: kept } : {}),
        timings: { queuedMs, launchMs, contextMs, ...result.timings, totalMs: Date.now() - started },
      };
    } catch (error) {
      if (controller.signal.aborted && isBrowserError(controller.signal.reason)) throw controller.signal.reason;
      if (isBrowserError(error)) throw error;
      if (!browser?.isConnected() && launches > 0)
        throw new BrowserError(
          'browser_crashed',
          `Chromium disconnected during the render: ${reasonOf(error)}`,
          {},
          { cause: error },
        );
      throw new BrowserError(
        'navigation_failed',
        `render failed: ${reasonOf(error)}`,
        { reason: reasonOf(error) },
        { cause: error },
      );
    } finally {
      active.delete(render);
      if (!kept) {
        if (context) await closeQuietly(context);
        release?.();
      }
      armIdleTimer();
    }
  }

  /**
   * Keeps a rendered context open for a later adopter (an interact session). Its page's script is paused (a debugger
   * pause: no timers, no handlers, no animation frames) until `resume`, so a kept page costs memory but no CPU.
   * (`Page.setWebLifecycleState` frozen does not stop a visible headless page's timers: measured, 51 ticks of a
   * 20 ms interval in 1 s frozen.) The guard proxy registration lives as long as the context.
   */
  async function retain(
    context: BrowserContext,
    releaseProxy: (() => void) | undefined,
    guarded: boolean,
  ): Promise<RetainedPage> {
    const page = context.pages()[0];
    if (!page || page.isClosed()) throw new Error('the render has no page to keep');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.pause');
    let gone = false;
    const handle: RetainedPage = {
      page,
      context,
      retainedAt: Date.now(),
      guarded,
      alive: () => !gone && !page.isClosed() && (context.browser()?.isConnected() ?? false),
      async resume() {
        // A pause not yet taken (no script ran since) is cancelled by the resume; detaching ends the pause anyway.
        await cdp.send('Debugger.resume').catch(() => {});
        await cdp.detach().catch(() => {});
      },
      captureState: () => captureProfileState(context, page),
      async close() {
        if (gone) return;
        gone = true;
        retained.delete(handle);
        await closeQuietly(context);
        releaseProxy?.();
        armIdleTimer();
      },
    };
    context.on('close', () => {
      gone = true;
      if (retained.delete(handle)) {
        releaseProxy?.();
        armIdleTimer();
      }
    });
    retained.add(handle);
    return handle;
  }

  return {
    async render(request: RenderRequest, renderOptions: RenderOptions = {}): Promise<RenderResult> {
      const started = Date.now();
      validateRenderRequest(request);
      if (closed) throw new BrowserError('browser_unavailable', 'browser pool is closed');
      const deadline = started + request.timeout;
      const controller = new AbortController();
      const timer = setTimeout(
        () =>
          controller.abort(
            new BrowserError('timeout', `render of ${request.url} exceeded its timeout of ${request.timeout} ms`, {
              url: request.url,
            }),
          ),
        request.timeout,
      );
      const external = renderOptions.signal;
      const onExternalAbort = () =>
        controller.abort(
          new BrowserError('aborted', 'render aborted by the caller', { reason: String(external?.reason ?? '') }),
        );
      if (external?.aborted) onExternalAbort();
      external?.addEventListener('abort', onExternalAbort, { once: true });
      try {
        const queued = limit(request.tenant ?? '', () => {
          if (controller.signal.aborted) return Promise.reject(controller.signal.reason);
          const queuedMs = Date.now() - started;
          rendersStarted++;
          queueWaitMsTotal += queuedMs;
          return renderNow(request, controller, deadline, queuedMs, started);
        });
        queued.catch(() => {});
        // Waiting in the queue also counts against the timeout and can be aborted.
        return await raceAbort(queued, controller.signal);
      } finally {
        clearTimeout(timer);
        external?.removeEventListener('abort', onExternalAbort);
      }
    },

    stats(): BrowserPoolStats {
      return {
        running: browser?.isConnected() ?? false,
        size: poolSize,
        active: limit.activeCount,
        queued: limit.pendingCount,
        retained: retained.size,
        launches,
        rendersStarted,
        queueWaitMsTotal,
        pid: browserPid,
      };
    },

    async close(): Promise<void> {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      limit.clearQueue();
      const pending = launching;
      const current = browser;
      browser = undefined;
      await Promise.allSettled([...retained].map((kept) => kept.close()));
      await current?.close().catch(() => {});
      await pending?.then((b) => b.close()).catch(() => {});
      await guardProxy?.then((proxy) => proxy.close()).catch(() => {});
    },
  };
}

async function closeQuietly(context: BrowserContext): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    context.close().catch(() => {}),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, CONTEXT_CLOSE_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
}
