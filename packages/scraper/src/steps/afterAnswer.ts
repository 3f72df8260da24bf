/**
 * The moment a scrape is answered, for work that should not compete with the scrape itself (the page-cache write).
 * `settle()` is called when `scrape()` returns or throws; `settled` resolves on the next event-loop turn, after the
 * microtasks that carry the document to the caller (the HTTP route sends its reply in them).
 */
export interface AfterAnswer {
  readonly settled: Promise<void>;
  settle(): void;
}

export function afterAnswer(): AfterAnswer {
  let resolve!: () => void;
  const settled = new Promise<void>((r) => (resolve = r));
  let done = false;
  return {
    settled,
    settle() {
      if (done) return;
      done = true;
      setImmediate(resolve);
    },
  };
}
