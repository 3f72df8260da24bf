/** Runs one Redis operation; any failure becomes an AccountStoreError (the service answers 503). */
export type RedisGuard = <T>(what: string, work: () => Promise<T>) => Promise<T>;
