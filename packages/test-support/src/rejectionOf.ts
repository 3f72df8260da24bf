// The error a promise rejects with, checked against the class a test expects; a resolve or an error of another kind
// fails the test with what happened instead.

/** Awaits `promise` and returns its rejection when it is an instance of `type`. */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  // any constructor of E: the error classes take arguments of their own
  type: abstract new (...args: any[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a ${type.name}, but the promise resolved`);
}
