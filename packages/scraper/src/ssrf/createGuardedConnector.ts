import { buildConnector } from 'undici';
import type { SsrfOptions } from './addressPolicy.js';
import { resolveAllowedAddresses } from './resolveAllowedAddresses.js';

export interface GuardedConnectorOptions extends SsrfOptions {
  /** Verify TLS certificates (the inverse of the request's `skipTlsVerification`). */
  rejectUnauthorized: boolean;
  /** Per-connection connect timeout; the scrape's own timeout usually ends things first. */
  connectTimeoutMs: number;
}

/**
 * An undici connector that resolves the host itself, keeps only addresses the SSRF policy allows, and connects to
 * those IPs directly. The check is on the address actually dialled (not on a name that could resolve differently a
 * moment later), for every connection, so DNS rebinding and redirect hops to private hosts are both caught.
 * TLS still verifies the certificate against the original host name (undici derives SNI from the Host).
 */
export function createGuardedConnector(options: GuardedConnectorOptions): buildConnector.connector {
  const connect = buildConnector({ rejectUnauthorized: options.rejectUnauthorized, timeout: options.connectTimeoutMs });
  return (connectOptions, callback) => {
    const port = Number(connectOptions.port) || (connectOptions.protocol === 'https:' ? 443 : 80);
    resolveAllowedAddresses(
      connectOptions.hostname,
      port,
      options,
      `${connectOptions.protocol}//${connectOptions.host}`,
    ).then(
      (addresses) => tryAddresses(addresses, 0),
      (error: Error) => callback(error, null),
    );
    // Happy-eyeballs light: the next allowed address when one refuses.
    function tryAddresses(addresses: string[], index: number): void {
      connect({ ...connectOptions, hostname: addresses[index] }, (error, socket) => {
        if (error && index + 1 < addresses.length) tryAddresses(addresses, index + 1);
        else if (error) callback(error, null);
        else callback(null, socket!);
      });
    }
  };
}
