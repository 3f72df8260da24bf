import type { Validate } from '../llm/compileSchema.js';
import type { AgentTraceError } from './agentTrace.js';
import type { AgentArtifact, AgentFailure, AgentJobInput, AgentRunResult } from './agentTypes.js';

/** Times the model is sent back to fix data that does not match the schema before the run fails. */
export const MAX_DATA_REPAIRS = 2;
/** Largest snapshot kept per artifact. */
export const MAX_SNAPSHOT_CHARS = 200_000;

/** What one run counts as it goes, shared by its tools, its loop hooks and its loop. */
export interface AgentRun {
  job: AgentJobInput;
  /** The job's schema, compiled; absent: any data is accepted. */
  validate: Validate | undefined;
  /** Credits charged so far (model turns and tool calls, before they happen). */
  spent: number;
  /** Times the model was sent back to fix its data. */
  repairs: number;
  /** The artifact of the tool call in flight, taken by the hook that traces the call's end. */
  pendingArtifact: AgentArtifact | undefined;
}

/** Thrown inside the loop to end it; never reaches the model. */
export class RunEnd extends Error {
  constructor(readonly end: { data: unknown } | { outcome: AgentFailure; error: AgentTraceError }) {
    super('run ended');
  }
}

/** Charges `credits` for `what`, or ends the run when that would pass the job's maxCredits. */
export function charge(run: AgentRun, credits: number, what: string): void {
  const { maxCredits } = run.job;
  if (maxCredits !== undefined && run.spent + credits > maxCredits) {
    throw new RunEnd({
      outcome: 'credit_limit_reached',
      error: {
        code: 'credit_limit_reached',
        source: 'billing',
        retryable: false,
        message:
          `Agent reached its maxCredits limit (${maxCredits} credits) before finishing: ${what} would ` +
          `have cost ${credits} more after ${run.spent} spent`,
      },
    });
  }
  run.spent += credits;
}

/** The data's problems against the schema (null: acceptable). */
export function problemsOf(run: AgentRun, data: unknown): string[] | null {
  if (data === undefined) return ['`data` is missing'];
  return run.validate ? run.validate(data) : null;
}

/** A failed result: never billed, with what the run had spent until now. */
export function failed(run: AgentRun, outcome: AgentFailure, error: AgentTraceError): AgentRunResult {
  return { status: 'failed', outcome, error, creditsUsed: 0, creditsSpent: run.spent };
}

export function cancelled(run: AgentRun): AgentRunResult {
  return failed(run, 'cancelled', {
    code: 'cancelled',
    source: 'system',
    retryable: false,
    message: 'Agent run was cancelled',
  });
}

/** The run's own deadline passed: it fails (internal, not retryable) rather than counting as cancelled. */
export function outOfTime(run: AgentRun, timeoutMs: number | undefined): AgentRunResult {
  return failed(run, 'failed', {
    code: 'internal',
    source: 'system',
    retryable: false,
    message: `Agent did not finish within ${Math.round((timeoutMs ?? 0) / 1000)} s`,
  });
}
