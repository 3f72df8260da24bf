// Polls until `probe` answers something truthy (tests wait for conditions, never for fixed times).
export async function waitFor<T>(
  probe: () => Promise<T> | T,
  what: string,
  timeoutMs = 60_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
