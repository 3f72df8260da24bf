import type { FastifyRequest } from 'fastify';
import type { Accounts } from '../accounts/openAccounts.js';

/** Runs `work` within the caller's account limits; `concurrency: false` for calls that free a slot (stopping). */
export type LimitedCall = <T>(request: FastifyRequest, work: () => Promise<T>, concurrency?: boolean) => Promise<T>;

/**
 * The account's rate limit counts every call of the session routes (interact, standalone browser sessions), and a
 * running call holds one of its concurrency slots like a scrape does (it drives a browser page for up to its
 * timeout). Stopping a session takes no slot: it frees one. Without an account store there is nothing to limit.
 */
export function limitCalls(accounts: Accounts | undefined): LimitedCall {
  return async (request, work, concurrency = true) => {
    if (!accounts || !request.account) return work();
    const admission = await accounts.admitCall(request.account, { concurrency });
    try {
      return await work();
    } finally {
      await admission.release();
    }
  };
}
