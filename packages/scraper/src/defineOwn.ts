// Objects filled with keys from outside (request bodies, headers, pages, model answers) are written by definition:
// an assignment `out["__proto__"] = value` would replace the object's prototype instead of adding a key.

/** Sets `object[key]` as an own, enumerable property (a key "__proto__" or "constructor" is a plain key). */
export function defineOwn<T>(object: object, key: string, value: T): T {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return value;
}
