import type { LoopTool } from '../llm/runToolLoop.js';
import { type AgentRun, problemsOf } from './agentRun.js';
import type { AgentTool } from './agentTypes.js';

/**
 * The tools the model is offered: the service's operations (each call's artifact is left on the run for the trace),
 * plus `finish` (the data, validated against the job's schema) and `refuse` (with the reason). Both are intercepted
 * by the loop's hooks before they run; `finish` runs only with data that failed validation, to tell the model why.
 */
export function agentLoopTools(run: AgentRun, tools: AgentTool[]): LoopTool[] {
  const { schema } = run.job;
  return [
    ...tools.map(
      (tool): LoopTool => ({
        definition: tool.definition,
        async run(args, toolSignal) {
          const outcome = await tool.run(args, toolSignal);
          run.pendingArtifact = outcome.artifact;
          return outcome.text;
        },
      }),
    ),
    {
      definition: {
        name: 'finish',
        description: schema
          ? `End the run with the collected data. \`data\` must validate against this JSON Schema: ${JSON.stringify(
              schema,
            )}`
          : 'End the run with the collected data (any JSON value) in `data`.',
        parameters: { type: 'object', properties: { data: schema ?? {} }, required: ['data'] },
      },
      // Reached only with data that failed validation (valid data ends the run before): the problems go back.
      async run(args) {
        throw new Error(
          `the data does not match the schema: ${(problemsOf(run, args.data) ?? ['unknown problem']).join(
            '; ',
          )}. Fix it and call finish again.`,
        );
      },
    },
    {
      definition: {
        name: 'refuse',
        description: 'Decline the task (harmful, or impossible with these tools), with the reason.',
        parameters: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
      },
      async run() {
        return 'refused';
      },
    },
  ];
}
