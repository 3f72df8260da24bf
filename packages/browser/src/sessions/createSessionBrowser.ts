import type { Browser, Page } from 'playwright-core';
import { BrowserError, reasonOf } from '../BrowserError.js';
import { buildContextOptions } from '../buildContextOptions.js';
import { createAllowCheck, installRequestGuard } from '../installRequestGuard.js';
import { startGuardProxy, type GuardProxy } from '../startGuardProxy.js';
import { closeQuietly, DEFAULT_EXECUTABLE, startChromium } from '../startChromium.js';
import type { RequestVerdict, SessionPage } from '../types.js';
import { captureProfileState, installSessionStorage, storageStateOf, type ProfileState } from './profileState.js';

export type { ProfileState } from './profileState.js';

export interface OpenSessionRequest {
  url: string;
  /** Budget of the first navigation, ms. */
  timeout: number;
  /** The SSRF hook, as RenderRequest.allowRequest: every request of the session's pages is checked and pinned. */
  allowRequest?: (url: string) => boolean | RequestVerdict | Promise<boolean | RequestVerdict>;
  /** A profile to load into the new context. */
  state?: ProfileState;
}

export interface SessionBrowserOptions {
  executablePath?: string;
  launchArgs?: string[];
}

export interface SessionBrowser {
  /** A fresh context (own cookies and storage) with one page navigated to `url`. */
  open(request: OpenSessionRequest): Promise<SessionPage>;
  /** Open session contexts. */
  openCount(): number;
  close(): Promise<void>;
}

/**
 * The Chromium that interact sessions live in. It is separate from the render pool because a session holds its
 * context for minutes, which would starve the pool's render slots. Chromium starts on the first session.
 */
export function createSessionBrowser(options: SessionBrowserOptions = {}): SessionBrowser {
  const executablePath = options.executablePath ?? DEFAULT_EXECUTABLE;
  let browser: Promise<Browser> | undefined;
  let guardProxy: Promise<GuardProxy> | undefined;
  let closed = false;
  const open = new Set<SessionPage>();

  const getBrowser = async (): Promise<Browser> => {
    const current = await browser;
    if (current?.isConnected()) return current;
    browser = startChromium(executablePath, options.launchArgs).catch((error: unknown) => {
      browser = undefined;
      throw error;
    });
    return browser;
  };

  return {
    async open(request) {
      if (closed) throw new BrowserError('browser_unavailable', 'session browser is closed');
      const current = await getBrowser();
      const plan = await buildContextOptions({ url: request.url, timeout: request.timeout }, current.version());
      const check = request.allowRequest ? createAllowCheck(request.allowRequest) : undefined;
      let release: (() => void) | undefined;
      if (check) {
        guardProxy ??= startGuardProxy();
        const credentials = (await guardProxy).register(check, () => {});
        release = credentials.release;
        plan.options.proxy = {
          server: (await guardProxy).server,
          username: credentials.username,
          password: credentials.password,
          bypass: '<-loopback>',
        };
      }
      const context = await current.newContext({ ...plan.options, storageState: storageStateOf(request.state) });
      const close = async () => {
        open.delete(session);
        await closeQuietly(context);
        release?.();
      };
      const session: SessionPage = {
        page: undefined as unknown as Page,
        context,
        close,
        captureState: () => captureProfileState(context, session.page),
      };
      open.add(session);
      try {
        if (check) await installRequestGuard(context, { check });
        await installSessionStorage(context, request.state);
        if (plan.cookies.length > 0) await context.addCookies(plan.cookies);
        session.page = await context.newPage();
        await session.page.goto(request.url, { timeout: request.timeout, waitUntil: 'load' });
        return session;
      } catch (error) {
        await close();
        throw new BrowserError(
          'navigation_failed',
          `session could not open ${request.url}: ${reasonOf(error)}`,
          { url: request.url },
          { cause: error },
        );
      }
    },
    openCount: () => open.size,
    async close() {
      closed = true;
      await Promise.all([...open].map((s) => s.close()));
      const current = await browser?.catch(() => undefined);
      await current?.close().catch(() => {});
      await guardProxy?.then((proxy) => proxy.close()).catch(() => {});
    },
  };
}
