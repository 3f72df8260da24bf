import type { FastifyInstance } from 'fastify';

/** After the grace period, aborted scrapes still need a moment to answer 503 and the scraper to close. */
const HARD_STOP_AFTER_GRACE_MS = 5_000;

export interface GracefulShutdownOptions {
  /** How long in-flight requests may run after the signal before they are aborted. */
  graceMs: number;
  signals?: NodeJS.Signals[];
  /** Injected for tests; defaults to process.exit. */
  exit?: (code: number) => void;
}

/**
 * On SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (bounded by `graceMs`, after which
 * running scrapes are aborted and answer 503), close the scraper, exit 0. A second signal exits at once with 1.
 * Returns the shutdown function, so callers (and tests) can trigger the same path without a signal.
 */
export function installGracefulShutdown(
  app: FastifyInstance,
  options: GracefulShutdownOptions,
): (signal: string) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  let shuttingDown = false;

  const shutdown = async (signal: string) => {
    if (shuttingDown) {
      app.log.warn({ signal }, 'second signal during shutdown: exiting now');
      exit(1);
      return;
    }
    shuttingDown = true;
    app.log.info(
      { signal, inFlight: app.inFlightScrapes(), graceMs: options.graceMs },
      'shutting down: no new connections, finishing in-flight requests',
    );
    const grace = setTimeout(() => {
      const aborted = app.abortInFlightScrapes('shutdown grace period over');
      app.log.warn({ aborted }, 'grace period over: aborting in-flight scrapes');
      const hard = setTimeout(() => {
        app.log.error('shutdown did not complete: exiting with in-flight work');
        exit(1);
      }, HARD_STOP_AFTER_GRACE_MS);
      hard.unref();
    }, options.graceMs);
    grace.unref();
    try {
      await app.close();
      clearTimeout(grace);
      app.log.info('shutdown complete');
      exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  };

  for (const signal of signals) process.on(signal, () => void shutdown(signal));
  return shutdown;
}
