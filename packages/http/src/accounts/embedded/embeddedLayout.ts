// The LMDB keys of the embedded account store, one prefix per kind of record.

export const ACCOUNT = 'account:';
export const CREDITS = 'credits:';
export const KEY = 'key:';
/** Credits held by a running request, by reservation id (settled when the request ends). */
export const HELD = 'held:';
/** Billed credits: `usage:{account}:{YYYY-MM}:{keyId}` (empty key id: keys from the environment). */
export const USAGE = 'usage:';
export const LAST_SUCCESS = 'lastok:';

/** Runs one operation on the file; every failure of it becomes an AccountStoreError (the service answers 503). */
export type EmbeddedGuard = <T>(what: string, work: () => Promise<T> | T) => Promise<T>;
