import { isPublicAddress } from './isPublicAddress.js';

/** Extra addresses to allow despite the guard (tests allow one local server by port). Return true to allow. */
export type AllowAddress = (address: string, port: number) => boolean;

export interface SsrfOptions {
  /** Turn the guard off: every address is allowed (local use, tests). Default: `SCRAPE_ALLOW_PRIVATE_URLS=1`. */
  allowPrivateUrls?: boolean;
  /** Allowed in addition to public addresses while the guard is on. */
  allowAddress?: AllowAddress;
  /** Resolves host names (default: the system resolver, `dns.lookup`). Every answer still goes through the guard. */
  lookup?: ResolveHost;
}

/** All addresses of a host name, in preference order; rejects with an errno-style `code` (ENOTFOUND...) on failure. */
export type ResolveHost = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** The single yes/no the guard asks of every address it is about to connect to. */
export function isAllowedAddress(address: string, port: number, options: SsrfOptions): boolean {
  if (options.allowPrivateUrls) return true;
  return isPublicAddress(address) || (options.allowAddress?.(address, port) ?? false);
}
