/** The object without its undefined, null and empty-string members: the spec's optional members are left out. */
export function defined<T extends Record<string, unknown>>(object: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(
    Object.entries(object).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as never;
}
