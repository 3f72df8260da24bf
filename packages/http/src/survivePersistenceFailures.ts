/** What an LMDB write that could not reach the disk rejects with (its internal commit promises are never awaited). */
function isStoreWriteFailure(reason: unknown): boolean {
  const e = reason as { commitError?: unknown; code?: unknown; message?: unknown } | null;
  if (typeof e !== 'object' || e === null) return false;
  return (
    'commitError' in e ||
    e.code === 28 ||
    e.code === 'ENOSPC' ||
    (typeof e.message === 'string' && /No space left on device/.test(e.message))
  );
}

/**
 * lmdb-js leaves a rejected internal promise behind for every commit that fails (disk full), even when the caller
 * handled the failure; under Node's default that kills the process. Those are logged and survived (the request that
 * wrote already got its 503, or its page just was not cached); any other unhandled rejection still ends the process.
 */
export function survivePersistenceFailures(log: {
  error: (o: object, msg: string) => void;
  fatal: (o: object, msg: string) => void;
}): void {
  let lastLogged = 0;
  process.on('unhandledRejection', (reason) => {
    if (isStoreWriteFailure(reason)) {
      // One line per second at most: a full disk fails every write.
      const now = Date.now();
      if (now - lastLogged > 1_000) {
        lastLogged = now;
        log.error({ err: reason }, 'embedded store write failed (disk full?): data is not being persisted');
      }
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
}
