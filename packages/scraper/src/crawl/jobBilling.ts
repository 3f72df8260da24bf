import type { JobRecord, WorkItem } from '@scrape/jobs';

/** What the host (the HTTP service) adds to each page: billing. Absent: pages are free. */
export interface JobBilling {
  /** Holds a page's credits before it is scraped; false when the team's balance is empty (the job then stops). */
  reserve(job: JobRecord, item: WorkItem): Promise<boolean>;
  /** Settles the held credits with what the page really cost (0 when it failed). */
  settle(job: JobRecord, item: WorkItem, credits: number): Promise<void>;
  /**
   * Holds one of the team's concurrency slots while a page is scraped (waits for one; never queues ahead of the
   * team's single scrapes). Null: the team has no concurrency limit.
   */
  acquireSlot?(job: JobRecord, signal: AbortSignal): Promise<{ release(): Promise<void> } | null>;
}
