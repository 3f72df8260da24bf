import { randomUUID } from 'node:crypto';

/** The five error codes of spec §6. `parent_finished` belongs to sub-agents, which this build does not start. */
export type AgentErrorCode = 'cancelled' | 'credit_limit_reached' | 'parent_finished' | 'refused' | 'internal';

export interface AgentTraceError {
  code: AgentErrorCode;
  source: 'agent' | 'tool' | 'billing' | 'system';
  retryable: boolean;
  message: string;
}

export type AgentOutcome = 'succeeded' | 'failed' | 'cancelled' | 'refused' | 'credit_limit_reached';

/** The event kinds of spec §6 and the SDK's AgentTraceEvent union, without the base fields. */
export type AgentTraceEventBody =
  | { type: 'run.started' }
  | { type: 'run.cancel_requested'; reason: 'user' }
  | { type: 'run.finished'; outcome: AgentOutcome; error: AgentTraceError | null }
  | { type: 'tool_call.started'; toolCallId: string; toolName: string; parameters: unknown }
  | { type: 'tool_call.finished'; toolCallId: string; toolName: string; result: unknown }
  | { type: 'progress.reported'; phase: 'planning' | 'working' | 'finalizing'; message: string }
  | {
      type: 'artifact.updated';
      artifact: {
        kind: 'json' | 'markdown' | 'text';
        artifactId: string;
        snapshotId: string;
        change: 'init' | 'update';
        sourceToolCallId?: string;
      };
    }
  | { type: 'error.occurred'; error: AgentTraceError };

export type AgentTraceEvent = AgentTraceEventBody & {
  schemaVersion: 1;
  eventId: string;
  runId: string;
  occurredAt: string;
  producerSequence: number;
  agent: { id: string; role: 'orchestrator'; name: string };
};

/** Where a run's trace and snapshots go (the job's state in the service; an array in tests). */
export interface AgentTraceSink {
  emit(event: AgentTraceEvent): Promise<void>;
  /** Stores an artifact's full content under its snapshot id (spec §6: served by the snapshot operation). */
  snapshot(snapshotId: string, content: string): Promise<void>;
}

/** Stamps events with the base fields (sequence in emit order). */
export function createTraceWriter(
  runId: string,
  sink: AgentTraceSink,
): { emit(body: AgentTraceEventBody): Promise<void>; sink: AgentTraceSink } {
  let sequence = 0;
  const agent = { id: runId, role: 'orchestrator' as const, name: 'agent' };
  return {
    sink,
    emit: (body) =>
      sink.emit({
        ...body,
        schemaVersion: 1,
        eventId: randomUUID(),
        runId,
        occurredAt: new Date().toISOString(),
        producerSequence: ++sequence,
        agent,
      }),
  };
}
