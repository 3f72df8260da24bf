/** Keys by total weight, heaviest first; ties keep first-seen order. */
export function ranked<T>(entries: Iterable<[T, number]>): T[] {
  const totals = new Map<T, number>();
  for (const [key, weight] of entries) totals.set(key, (totals.get(key) ?? 0) + weight);
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
}
