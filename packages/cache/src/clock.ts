/**
 * Every time-dependent decision in the cache reads the time through a Clock, so tests move time instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface ManualClock extends Clock {
  advance(ms: number): number;
  set(epochMs: number): void;
}

/** A clock that only moves when told to: for tests and benchmarks. */
export function createManualClock(startEpochMs = Date.UTC(2026, 0, 1)): ManualClock {
  let current = startEpochMs;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
      return current;
    },
    set(epochMs) {
      current = epochMs;
    },
  };
}
