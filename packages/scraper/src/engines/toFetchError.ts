import { errors, isScrapeError, type ScrapeError } from '../errors.js';

/** TLS verification failures Node reports by code. */
const TLS_CERT_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'INVALID_CA',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

/** Network failures of one fetch → the typed errors clients see. Unknown failures are returned unchanged. */
export function toFetchError(error: unknown, url: URL): ScrapeError | unknown {
  if (isScrapeError(error)) return error;
  const code = findCode(error);
  const target = url.host;
  if (code === 'ECONNREFUSED') return errors.connectionRefused(target);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')
    return errors.dnsResolution(url.hostname, code);
  if (code && TLS_CERT_CODES.has(code)) return errors.tlsCertificate(target, code);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return errors.connectionFailed(target, 'connect timeout');
  if (
    code &&
    (code.startsWith('ERR_SSL') ||
      code.startsWith('ERR_TLS') ||
      code.startsWith('HPE_') ||
      code.startsWith('UND_ERR') ||
      code.startsWith('E'))
  ) {
    return errors.connectionFailed(target, `${code}: ${(error as Error).message}`);
  }
  return error;
}

/** undici and Node nest the cause; the first `code` found along the chain names it. */
function findCode(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}
