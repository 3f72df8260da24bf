import type { AccountStore } from './AccountStore.js';

/** The key and account half of an AccountStore: issued keys, and the accounts they belong to. */
export type AccountRecords = Pick<
  AccountStore,
  'findKey' | 'hasKeys' | 'addKey' | 'revokeKey' | 'listKeys' | 'getAccount' | 'listAccounts' | 'putAccount'
>;

/** The credit half of an AccountStore: balances, reservations, and the usage billed. */
export type CreditLedger = Pick<
  AccountStore,
  'addCredits' | 'balance' | 'reserveCredits' | 'settleCredits' | 'recordUsage' | 'usage'
>;
