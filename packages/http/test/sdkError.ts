// What a Firecrawl SDK call threw, for the e2e tests that check how the service refused it.

/** The fields of the SDK's error the tests read: the service's HTTP status, error code, message and details. */
export interface SdkFailure {
  message: string;
  status?: number;
  code?: string;
  details?: unknown;
}

/** Awaits the SDK call and returns what it threw; a call that succeeds fails the test. */
export async function sdkError(promise: Promise<unknown>): Promise<SdkFailure> {
  try {
    await promise;
  } catch (err) {
    return err as SdkFailure;
  }
  throw new Error('expected the SDK call to throw');
}
