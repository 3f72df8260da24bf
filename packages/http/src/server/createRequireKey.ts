import type { FastifyReply, FastifyRequest } from 'fastify';
import { unlimitedAccount } from '../accounts/account.js';
import type { Accounts } from '../accounts/openAccounts.js';
import { createAuthenticator } from '../createAuthenticator.js';
import { isLoopbackHost } from '../isLoopbackHost.js';

const UNAUTHORIZED = { success: false, error: 'Unauthorized: Invalid token', code: 'UNAUTHORIZED' } as const;

export interface RequireKeyOptions {
  /** Accepted API keys (deduplicated); empty turns authentication off unless the account store has issued keys. */
  apiKeys: readonly string[];
  accounts?: Accounts;
}

/** The routes' guard and whether the server runs keyless now (no configured key and none issued). */
export interface KeyCheck {
  requireKey: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  isKeyless: () => Promise<boolean>;
}

/**
 * The `onRequest` guard of every route that needs a key: sets `request.team` and `request.account` (an issued key's
 * account, an unlimited one for a configured key or a keyless loopback server) or answers 401.
 */
export function createRequireKey({ apiKeys, accounts }: RequireKeyOptions): KeyCheck {
  const authenticate = createAuthenticator(apiKeys);
  const keyless = apiKeys.length === 0;
  const isKeyless = async () => keyless && !(accounts && (await accounts.hasKeys()));
  const requireKey = async (request: FastifyRequest, reply: FastifyReply) => {
    // A key issued moments ago is honoured at once, even before the keyless check notices the store has keys.
    const issued =
      keyless && accounts && request.headers.authorization
        ? await accounts.authenticate(request.headers.authorization)
        : null;
    if (issued) {
      request.team = issued.id;
      request.account = issued;
      return;
    }
    if (await isKeyless()) {
      // Belt and braces: a keyless server somehow listening on a public address still serves only local callers.
      const local = request.socket?.localAddress;
      if (local !== undefined && !isLoopbackHost(local)) {
        request.log.warn(
          { localAddress: local },
          'refused: authentication is off and the request did not arrive on loopback',
        );
        return reply.code(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED);
      }
      request.account = unlimitedAccount(undefined);
      return;
    }
    const result = authenticate(request.headers.authorization);
    if (result.ok && !keyless) {
      request.team = result.team;
      request.account = unlimitedAccount(result.team);
      return;
    }
    const account = accounts ? await accounts.authenticate(request.headers.authorization) : null;
    if (!account) return reply.code(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED);
    request.team = account.id;
    request.account = account;
  };
  return { requireKey, isKeyless };
}
