import { randomUUID } from 'node:crypto';
import type { ToolCallEvent, ToolLoopHooks } from '../llm/runToolLoop.js';
import { type AgentRun, charge, MAX_DATA_REPAIRS, MAX_SNAPSHOT_CHARS, problemsOf, RunEnd } from './agentRun.js';
import type { createTraceWriter } from './agentTrace.js';
import type { AgentTool } from './agentTypes.js';

/** How much of a tool's result the trace repeats (the full content is in the artifact's snapshot). */
const TRACE_RESULT_CHARS = 2_000;

type TraceWriter = ReturnType<typeof createTraceWriter>;

/**
 * The loop's hooks for one run: each model turn is charged; before a call, `finish` with valid data ends the run
 * (invalid data is sent back MAX_DATA_REPAIRS times), `refuse` ends it, any other tool is charged and traced as
 * started; after a call it is traced as finished, with its artifact snapshotted.
 */
export function agentToolHooks(
  run: AgentRun,
  tools: AgentTool[],
  trace: TraceWriter,
  creditsPerTurn: number,
): ToolLoopHooks {
  const toolsByName = new Map(tools.map((t) => [t.definition.name, t]));
  return {
    afterTurn: () => charge(run, creditsPerTurn, 'a model turn'),
    beforeTool: async (call) => {
      endOnFinishOrRefuse(run, call);
      const tool = toolsByName.get(call.name);
      if (tool) charge(run, tool.credits, `the ${call.name} call`);
      await trace.emit({
        type: 'tool_call.started',
        toolCallId: call.id,
        toolName: call.name,
        parameters: call.args,
      });
    },
    afterTool: async (call) => {
      if (call.name === 'finish') return;
      await trace.emit({
        type: 'tool_call.finished',
        toolCallId: call.id,
        toolName: call.name,
        result: call.failed ? { error: call.result } : call.result.slice(0, TRACE_RESULT_CHARS),
      });
      const artifact = run.pendingArtifact;
      run.pendingArtifact = undefined;
      if (artifact && !call.failed) {
        const snapshotId = randomUUID();
        await trace.sink.snapshot(snapshotId, artifact.content.slice(0, MAX_SNAPSHOT_CHARS));
        await trace.emit({
          type: 'artifact.updated',
          artifact: {
            kind: artifact.kind,
            artifactId: `${call.name}:${call.id}`,
            snapshotId,
            change: 'init',
            sourceToolCallId: call.id,
          },
        });
      }
    },
  };
}

/** `finish` with valid data, `finish` once too often, and `refuse` end the run (RunEnd) before the call runs. */
function endOnFinishOrRefuse(run: AgentRun, call: ToolCallEvent): void {
  if (call.name === 'finish' && !problemsOf(run, call.args.data)) throw new RunEnd({ data: call.args.data });
  if (call.name === 'finish' && run.repairs++ >= MAX_DATA_REPAIRS) {
    throw new RunEnd({
      outcome: 'failed',
      error: {
        code: 'internal',
        source: 'agent',
        retryable: true,
        message: `The model could not produce data matching the schema: ${(problemsOf(run, call.args.data) ?? []).join(
          '; ',
        )}`,
      },
    });
  }
  if (call.name === 'refuse') {
    const reason = typeof call.args.reason === 'string' ? call.args.reason.slice(0, 1_000) : 'no reason given';
    throw new RunEnd({
      outcome: 'refused',
      error: {
        code: 'refused',
        source: 'agent',
        retryable: false,
        message: `Agent refused the task: ${reason}`,
      },
    });
  }
}
