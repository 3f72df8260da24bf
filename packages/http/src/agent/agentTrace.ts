import type { JobRecord, JobStore } from '@scrape/jobs';
import type { AgentTraceEvent, AgentTraceSink } from '@scrape/scraper/internal';

// A run's trace: written as the run goes (createTraceSink), read back completed (traceOf).

/** Trace events one run keeps (a run is bounded by its steps far below this; the cap guards the job record). */
const MAX_TRACE_EVENTS = 1_000;
/** Snapshots one run keeps; the oldest page snapshot goes first (the result's is always kept). */
const MAX_SNAPSHOTS = 20;

/** The trace header every synthesized event of a run carries (the orchestrator is the run itself). */
function traceBase(job: JobRecord) {
  return {
    schemaVersion: 1 as const,
    runId: job.id,
    agent: { id: job.id, role: 'orchestrator' as const, name: 'agent' },
  };
}

/** The error and `run.finished` events of a run cancelled before its worker could write its ending. */
function cancelledEnding(job: JobRecord, written: number): AgentTraceEvent[] {
  const base = traceBase(job);
  const at = new Date(job.finishedAt ?? job.updatedAt).toISOString();
  const error = {
    code: 'cancelled' as const,
    source: 'system' as const,
    retryable: false,
    message: 'Agent run was cancelled',
  };
  let sequence = written;
  return [
    {
      ...base,
      eventId: `${job.id}:error`,
      occurredAt: at,
      producerSequence: ++sequence,
      type: 'error.occurred',
      error,
    },
    {
      ...base,
      eventId: `${job.id}:finished`,
      occurredAt: at,
      producerSequence: ++sequence,
      type: 'run.finished',
      outcome: 'cancelled',
      error,
    },
  ];
}

/** The run's trace as stored, completed with the events of a cancel the worker could not write, in time order. */
export function traceOf(job: JobRecord): AgentTraceEvent[] {
  const events = [...((job.state.trace as AgentTraceEvent[] | undefined) ?? [])];
  // A run cancelled before its worker could write its ending (not started yet, or the worker died) still ends.
  if (job.status === 'cancelled' && !events.some((e) => e.type === 'run.finished')) {
    events.push(...cancelledEnding(job, events.length));
  }
  const cancelAt = job.state.cancelRequestedAt as number | undefined;
  // Only a cancel that took: one that lost the race with the run's own ending was answered 409.
  if (cancelAt !== undefined && job.status === 'cancelled') {
    events.push({
      ...traceBase(job),
      eventId: `${job.id}:cancel`,
      occurredAt: new Date(cancelAt).toISOString(),
      producerSequence: 0,
      type: 'run.cancel_requested',
      reason: 'user',
    });
  }
  return events.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt) || a.producerSequence - b.producerSequence);
}

/**
 * The run's trace and snapshots, written to the job's state in order (a later write never overtakes an earlier one);
 * at most MAX_TRACE_EVENTS events (the ending always) and the last MAX_SNAPSHOTS snapshots.
 */
export function createTraceSink(
  store: JobStore,
  job: JobRecord,
  onAction: (action: { tool: string; toolCallId: string }) => void,
): AgentTraceSink {
  // A taken-over run starts again; its trace continues after what the first worker wrote.
  let trace = [...((job.state.trace as AgentTraceEvent[] | undefined) ?? [])];
  const snapshots = new Map<string, string>(
    Object.entries((job.state.snapshots as Record<string, string> | undefined) ?? {}),
  );
  let writes = Promise.resolve();
  return {
    async emit(event) {
      if (event.type === 'tool_call.finished') {
        onAction({ tool: event.toolName, toolCallId: event.toolCallId });
      }
      const terminal = event.type === 'run.finished' || event.type === 'error.occurred';
      if (trace.length >= MAX_TRACE_EVENTS && !terminal) return;
      trace = [...trace, { ...event, producerSequence: trace.length + 1 }];
      const snapshot = trace;
      writes = writes.then(() => store.setJobState(job.id, { trace: snapshot }));
      await writes;
    },
    async snapshot(snapshotId, content) {
      snapshots.set(snapshotId, content);
      while (snapshots.size > MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value as string);
      const all = Object.fromEntries(snapshots);
      writes = writes.then(() => store.setJobState(job.id, { snapshots: all }));
      await writes;
    },
  };
}
