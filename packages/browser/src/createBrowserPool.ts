import { BrowserError } from './BrowserError.js';
import { createFairLimit } from './createFairLimit.js';
import { renderNow } from './pool/renderNow.js';
import type { PoolState } from './pool/poolState.js';
import { raceAbort } from './pool/raceAbort.js';
import { DEFAULT_EXECUTABLE } from './startChromium.js';
import { validateRenderRequest } from './validateRenderRequest.js';
import type {
  BrowserPool,
  BrowserPoolOptions,
  BrowserPoolStats,
  RenderOptions,
  RenderRequest,
  RenderResult,
} from './types.js';

// The steps live in pool/: the one Chromium (poolBrowser), a render (renderNow), its proxy, a kept page (retain).

/** Each render is a tab with its own renderer: 4 fit the 2-core, few-GB machines we target. */
export const DEFAULT_MAX_CONCURRENCY = 4;
/** An idle Chromium still holds ~150 MB; after a minute without renders we give it back. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/**
 * An abort controller for one render: aborted with a `timeout` BrowserError after the request's timeout, or with
 * `aborted` when the caller's signal aborts. `dispose` stops both.
 */
function renderController(
  request: RenderRequest,
  external: AbortSignal | undefined,
): { controller: AbortController; dispose(): void } {
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
  const onExternalAbort = () =>
    controller.abort(
      new BrowserError('aborted', 'render aborted by the caller', { reason: String(external?.reason ?? '') }),
    );
  if (external?.aborted) onExternalAbort();
  external?.addEventListener('abort', onExternalAbort, { once: true });
  return {
    controller,
    dispose() {
      clearTimeout(timer);
      external?.removeEventListener('abort', onExternalAbort);
    },
  };
}

/** A render waits for a slot (fair by tenant), which also counts against its timeout and can be aborted. */
async function render(pool: PoolState, request: RenderRequest, renderOptions: RenderOptions): Promise<RenderResult> {
  const started = Date.now();
  validateRenderRequest(request);
  if (pool.closed) throw new BrowserError('browser_unavailable', 'browser pool is closed');
  const deadline = started + request.timeout;
  const { controller, dispose } = renderController(request, renderOptions.signal);
  try {
    const queued = pool.limit(request.tenant ?? '', () => {
      if (controller.signal.aborted) return Promise.reject(controller.signal.reason);
      const queuedMs = Date.now() - started;
      pool.rendersStarted++;
      pool.queueWaitMsTotal += queuedMs;
      return renderNow(pool, request, controller, { deadline, queuedMs, started });
    });
    queued.catch(() => {});
    return await raceAbort(queued, controller.signal);
  } finally {
    dispose();
  }
}

async function closePool(pool: PoolState): Promise<void> {
  pool.closed = true;
  if (pool.idleTimer) clearTimeout(pool.idleTimer);
  pool.limit.clearQueue();
  const pending = pool.launching;
  const current = pool.browser;
  pool.browser = undefined;
  await Promise.allSettled([...pool.retained].map((kept) => kept.close()));
  await current?.close().catch(() => {});
  await pending?.then((b) => b.close()).catch(() => {});
  await pool.guardProxy?.then((proxy) => proxy.close()).catch(() => {});
}

/**
 * One long-lived Chromium, a fresh isolated context per render, at most `maxConcurrency` renders at once.
 * Chromium starts on first use, is relaunched after a crash or disconnect, and is closed after `idleTimeoutMs`.
 */
export function createBrowserPool(options: BrowserPoolOptions = {}): BrowserPool {
  const poolSize = Math.max(1, options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY);
  const pool: PoolState = {
    options,
    executablePath: options.executablePath ?? DEFAULT_EXECUTABLE,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    poolSize,
    limit: createFairLimit(poolSize),
    launches: 0,
    rendersStarted: 0,
    queueWaitMsTotal: 0,
    closed: false,
    active: new Set(),
    retained: new Set(),
  };
  return {
    render: (request: RenderRequest, renderOptions: RenderOptions = {}) => render(pool, request, renderOptions),
    stats(): BrowserPoolStats {
      return {
        running: pool.browser?.isConnected() ?? false,
        size: pool.poolSize,
        active: pool.limit.activeCount,
        queued: pool.limit.pendingCount,
        retained: pool.retained.size,
        launches: pool.launches,
        rendersStarted: pool.rendersStarted,
        queueWaitMsTotal: pool.queueWaitMsTotal,
        pid: pool.browserPid,
      };
    },
    close: () => closePool(pool),
  };
}
