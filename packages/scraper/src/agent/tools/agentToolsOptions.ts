/** What the agent's tools call: the service's own operations, as the host wires them, and their prices. */
export interface AgentToolsOptions {
  /** The service's scrape (`POST /v2/scrape` semantics, billed to the run's team by the caller). */
  scrape(
    body: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<{ [key: string]: unknown; metadata: Record<string, unknown> }>;
  /** With strictConstrainToURLs: only URLs starting with one of these may be scraped. */
  onlyUnder?: string[];
  /** Credits one scrape costs the run (the service's price of a plain scrape). */
  scrapeCredits?: number;
  /**
   * Interact code on a page: opens `url` in a fresh browser session, runs the Playwright code in the sandbox, closes
   * the session; the JSON text of the outcome. Absent: no such tool.
   */
  pageCode?(url: string, code: string): Promise<string>;
  /** Credits one page_code call costs the run (a browser session's first minute and the render). */
  pageCodeCredits?: number;
  /** The service's map (`POST /v2/map` semantics): a site's URLs, ranked by `search`. Absent: no such tool. */
  map?(
    body: { url: string; search?: string; limit: number },
    signal: AbortSignal,
  ): Promise<{ links: { url: string; title?: string; description?: string }[] }>;
  /**
   * The service's own search (`POST /v2/search` semantics: the configured provider, else the index of pages this
   * service scraped). Absent: no such tool.
   */
  search?(
    body: { query: string; limit: number },
    signal: AbortSignal,
  ): Promise<{ data: { web?: Record<string, unknown>[] }; warning?: string; creditsUsed?: number }>;
}
