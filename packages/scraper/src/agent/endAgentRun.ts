import { randomUUID } from 'node:crypto';
import { isLlmError } from '../llm/LlmError.js';
import { type AgentRun, cancelled, failed, MAX_SNAPSHOT_CHARS, outOfTime, RunEnd } from './agentRun.js';
import type { createTraceWriter } from './agentTrace.js';
import type { AgentRunResult } from './agentTypes.js';

type TraceWriter = ReturnType<typeof createTraceWriter>;

/** Traces the run's end (error.occurred for a failure, then run.finished) and hands the result back. */
export async function finishRun(trace: TraceWriter, result: AgentRunResult): Promise<AgentRunResult> {
  if (result.status === 'failed') {
    await trace.emit({ type: 'error.occurred', error: result.error });
    await trace.emit({ type: 'run.finished', outcome: result.outcome, error: result.error });
  } else {
    await trace.emit({ type: 'run.finished', outcome: 'succeeded', error: null });
  }
  return result;
}

/**
 * The result of a run whose loop threw: a RunEnd with data completes it (the data is snapshotted as the `result`
 * artifact), a RunEnd with a failure is that failure; otherwise the run's deadline, a cancel, or a failure that is
 * retryable when the model's service was unreachable, slow, busy or failing.
 */
export async function resultOfThrow(
  run: AgentRun,
  trace: TraceWriter,
  error: unknown,
  stop: { timedOut: boolean; aborted: boolean; timeoutMs: number | undefined },
): Promise<AgentRunResult> {
  if (error instanceof RunEnd) {
    const end = error.end;
    if ('data' in end) {
      const snapshotId = randomUUID();
      await trace.sink.snapshot(snapshotId, JSON.stringify(end.data).slice(0, MAX_SNAPSHOT_CHARS));
      await trace.emit({
        type: 'artifact.updated',
        artifact: { kind: 'json', artifactId: 'result', snapshotId, change: 'init' },
      });
      return { status: 'completed', data: end.data, creditsUsed: run.spent, snapshotId };
    }
    return failed(run, end.outcome, end.error);
  }
  if (stop.timedOut) return outOfTime(run, stop.timeoutMs);
  if (stop.aborted) return cancelled(run);
  const message = error instanceof Error ? error.message : String(error);
  const retryable = isLlmError(error)
    ? error.kind === 'timeout' || error.kind === 'unreachable' || (error.status ?? 0) >= 500 || error.status === 429
    : true;
  return failed(run, 'failed', {
    code: 'internal',
    source: isLlmError(error) ? 'agent' : 'system',
    retryable,
    message: `Agent run failed: ${message}`,
  });
}
