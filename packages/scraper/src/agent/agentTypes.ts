import type { ToolDefinition } from '../llm/createLlmClient.js';
import type { AgentOutcome, AgentTraceError } from './agentTrace.js';

/** What a tool call leaves for the trace besides its text: a page's markdown, some JSON, plain text. */
export interface AgentArtifact {
  kind: 'markdown' | 'json' | 'text';
  content: string;
}

/** One of the service's own operations, offered to the model as a tool. */
export interface AgentTool {
  definition: ToolDefinition;
  /** Credits the call costs; charged (against maxCredits) before it runs. */
  credits: number;
  /** The text for the model, and optionally an artifact (a page's markdown) the trace records with a snapshot. */
  run(args: Record<string, unknown>, signal: AbortSignal): Promise<{ text: string; artifact?: AgentArtifact }>;
}

export interface AgentJobInput {
  /** The run's id (the job id): the trace's runId. */
  runId: string;
  prompt: string;
  urls?: string[];
  schema?: Record<string, unknown>;
  /** Credits the run may spend; reaching it fails the run (spec §3). */
  maxCredits?: number;
}

/** How a run can fail. */
export type AgentFailure = Exclude<AgentOutcome, 'succeeded'>;

export type AgentRunResult =
  | { status: 'completed'; data: unknown; creditsUsed: number; snapshotId: string }
  | {
      status: 'failed';
      outcome: AgentFailure;
      error: AgentTraceError;
      /** Failed runs are not billed (spec §3): always 0. */
      creditsUsed: 0;
      /** What the run spent before it failed (for logs and metrics; never billed). */
      creditsSpent: number;
    };
