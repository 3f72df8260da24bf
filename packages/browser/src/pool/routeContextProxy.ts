import type { ContextPlan } from '../buildContextOptions.js';
import type { AllowCheck } from '../installRequestGuard.js';
import { startGuardProxy } from '../startGuardProxy.js';
import type { RenderRequest } from '../types.js';
import type { PoolState } from './poolState.js';

/**
 * Sets the context's proxy in `plan`: with an SSRF `check`, the guard proxy (every request goes through it, so
 * redirect hops are checked too); without one, the request's upstream proxy if any. Returns what gives the guard
 * proxy's registration back. `onRefused` hears the requests the guard refused.
 */
export async function routeContextProxy(
  pool: PoolState,
  plan: ContextPlan,
  request: RenderRequest,
  check: AllowCheck | undefined,
  onRefused: (url: string, tunnel: boolean) => void,
): Promise<(() => void) | undefined> {
  if (!check) {
    // No guard: the context talks to the upstream proxy itself.
    if (request.proxy)
      plan.options.proxy = {
        server: request.proxy.server,
        username: request.proxy.username,
        password: request.proxy.password,
      };
    return undefined;
  }
  pool.guardProxy ??= startGuardProxy();
  const proxy = await pool.guardProxy;
  // Chromium sends loopback requests around proxies unless told not to; those are what the guard is for.
  if (request.proxy) {
    // Forwarding through an upstream proxy (its credentials included): the shared port, with credentials.
    const credentials = proxy.register(check, onRefused, request.proxy);
    plan.options.proxy = {
      server: proxy.server,
      username: credentials.username,
      password: credentials.password,
      bypass: '<-loopback>',
    };
    return credentials.release;
  }
  // A port of the context's own: no proxy credentials, so no 407 challenge round trip per context.
  const registration = await proxy.registerPort(check, onRefused);
  plan.options.proxy = { server: registration.server, bypass: '<-loopback>' };
  return registration.release;
}
