/** The page transforms that run on a CPU worker thread (see createCpuWorkerPool). */
export type CpuTask = 'processHtml' | 'redactPII' | 'redactJsonStrings';

export interface ToCpuWorker {
  id: number;
  task: CpuTask;
  args: unknown[];
  /** Fields of the (object) result not sent back: copying a large string across threads costs its size. */
  omit?: string[];
}

/** A failure as plain data: a CoreError crosses the thread as its kind, message and details. */
export interface CpuWorkerFailure {
  name: string;
  message: string;
  kind?: string;
  details?: unknown;
}

export type FromCpuWorker =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: CpuWorkerFailure };
