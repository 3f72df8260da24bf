// A service's interact Chromium launched before a file's tests: a cold launch took most of a test's 30 s on a machine
// at load 30. The launch is checked here (a broken browser fails the hook, whose own limit bounds a hang), so every
// test starts on a warm browser. Nothing is left behind: the session is closed, no scrape page is kept.
import { callApi, type Service } from './startService.js';

/** Opens and closes a standalone session (the interact sessions' browser starts on the first one). */
export async function warmSessionBrowser(service: Pick<Service, 'baseUrl'>, key?: string): Promise<void> {
  const session = await callApi(service, 'POST', '/v2/browser', {}, key);
  if (session.status !== 200) throw new Error(`warm-up session: ${session.status} ${JSON.stringify(session.body)}`);
  const closed = await callApi(service, 'DELETE', `/v2/browser/${session.body.id}`, undefined, key);
  if (closed.status !== 200) throw new Error(`warm-up session close: ${closed.status}`);
}

/** The limit of a beforeAll that warms a browser: a bound for a hang, far above a launch on a busy machine. */
export const WARM_HOOK_MS = 180_000;
