import { Agent, type Dispatcher, ProxyAgent } from 'undici';
import type { SsrfOptions } from '../../ssrf/addressPolicy.js';
import { createGuardedConnector } from '../../ssrf/createGuardedConnector.js';
import type { ProxyEndpoint } from '../engine.js';

/** Per-connection dial limit. The scrape's own timeout (1 s to 300 s) normally ends a slow fetch first. */
const CONNECT_TIMEOUT_MS = 30_000;
/** Let the scrape's AbortSignal, not undici's idle timers, decide when a slow server has taken too long. */
const SOCKET_TIMEOUT_MS = 300_000;

/** The fetch engine's connection pools, made on first use and kept for the engine's life. */
export interface EngineAgents {
  /** The pool for a request: through `proxy` when given, else direct through the SSRF-guarded connector. */
  dispatcherFor(proxy: ProxyEndpoint | undefined, verifyTls: boolean): Dispatcher;
  close(): Promise<void>;
}

/**
 * One undici Agent per TLS mode, dialling through the SSRF guard, and one ProxyAgent per proxy, credentials and TLS
 * mode. Through a proxy the proxy dials the target, so the engine checks the target's resolution before each hop
 * (the proxy's own later lookup is outside our network). The proxy itself is the operator's choice and not checked.
 */
export function createEngineAgents(options: SsrfOptions): EngineAgents {
  const agents = new Map<boolean, Agent>();
  const proxyAgents = new Map<string, ProxyAgent>();

  function proxyAgentFor(proxy: ProxyEndpoint, verifyTls: boolean): ProxyAgent {
    const key = `${proxy.server}\n${proxy.username ?? ''}\n${proxy.password ?? ''}\n${verifyTls}`;
    let agent = proxyAgents.get(key);
    if (!agent) {
      agent = new ProxyAgent({
        uri: proxy.server,
        token:
          proxy.username !== undefined
            ? `Basic ${Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64')}`
            : undefined,
        // Plain-HTTP targets in absolute form: many proxies only allow CONNECT to port 443.
        proxyTunnel: false,
        requestTls: { rejectUnauthorized: verifyTls },
        headersTimeout: SOCKET_TIMEOUT_MS,
        bodyTimeout: SOCKET_TIMEOUT_MS,
      });
      proxyAgents.set(key, agent);
    }
    return agent;
  }

  function agentFor(verifyTls: boolean): Agent {
    let agent = agents.get(verifyTls);
    if (!agent) {
      agent = new Agent({
        connect: createGuardedConnector({
          ...options,
          rejectUnauthorized: verifyTls,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
        }),
        headersTimeout: SOCKET_TIMEOUT_MS,
        bodyTimeout: SOCKET_TIMEOUT_MS,
      });
      agents.set(verifyTls, agent);
    }
    return agent;
  }

  return {
    dispatcherFor: (proxy, verifyTls) => (proxy ? proxyAgentFor(proxy, verifyTls) : agentFor(verifyTls)),
    async close() {
      await Promise.all([...agents.values(), ...proxyAgents.values()].map((agent) => agent.close()));
      agents.clear();
      proxyAgents.clear();
    },
  };
}
