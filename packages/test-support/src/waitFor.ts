// Tests wait for a condition, never for a fixed time (two shared cores make every duration a guess).

/**
 * Calls `probe` every `intervalMs` until it returns a truthy value, and returns that value; past `timeoutMs` it
 * throws "timed out waiting for <what>". A probe that throws ends the wait with its error.
 */
/** What a truthy check lets through: the value without its falsy members. */
type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export async function waitFor<T>(
  probe: () => Promise<T> | T,
  what: string,
  timeoutMs = 60_000,
  intervalMs = 50,
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
