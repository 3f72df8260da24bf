import { agentRequestSchema } from '../agent/parseAgentRequest.js';
import { browserRequestSchema } from '../interact/parseBrowserRequest.js';
import { interactRequestSchema } from '../interact/parseInteractRequest.js';
import type { OpenApiRoute } from './createOpenApiRegistry.js';

const SESSION = { id: 'The browser session id returned by POST /v2/browser.' };
const JOB = { jobId: 'The agent run id (a UUID).' };
const BAD_ID = '`Invalid job ID format. Job ID must be a valid UUID.`';
const NOT_FOUND = "`Agent job not found` (unknown, expired, or another team's).";

/** Standalone browser sessions (shapes of the Firecrawl SDK 4.42's Browser* types), added beside their routes. */
export function browserOpenApiRoutes(): OpenApiRoute[] {
  return [
    {
      method: 'post',
      path: '/v2/browser',
      operationId: 'createBrowserSession',
      summary: 'Open a browser session on a blank page (no scrape before it).',
      requestBody: { name: 'BrowserCreateRequest', schema: browserRequestSchema },
      responses: { '200': { description: '`{success, id, expiresAt}`.' } },
      errors: { '400': 'Validation failed.', '402': 'Payment required.', '429': 'Too many sessions or requests.' },
    },
    {
      method: 'get',
      path: '/v2/browser',
      operationId: 'listBrowserSessions',
      summary: "The team's standalone sessions.",
      query: { status: { description: '`active` (default) or `destroyed`.' } },
      responses: {
        '200': {
          description:
            '`{success, sessions: [{id, status, createdAt, lastActivity, expiresAt, idleExpiresAt}]}` ' +
            '(`idleExpiresAt`: an active session is destroyed then unless a call comes first; listing is no call).',
        },
      },
    },
    {
      method: 'post',
      path: '/v2/browser/{id}/execute',
      operationId: 'executeInBrowserSession',
      summary: 'Run Playwright code (language "node" or "bash") or a prompt on the session page.',
      pathParams: SESSION,
      requestBody: { name: 'InteractRequest', schema: interactRequestSchema },
      responses: { '200': { description: 'The run: `{success, result, output, stdout, stderr, exitCode, killed}`.' } },
      errors: {
        '400': 'Validation failed, or no model for a prompt.',
        '402': 'The session ended: its next billing minute could not be paid.',
        '404': 'No such session for this team.',
      },
    },
    {
      method: 'delete',
      path: '/v2/browser/{id}',
      operationId: 'deleteBrowserSession',
      summary: 'Destroy a standalone session (as DELETE /v2/interact/{sessionId} does).',
      pathParams: SESSION,
      responses: { '200': { description: '`{success, status, sessionDurationMs, creditsBilled}`.' } },
      errors: {
        '402': 'The session already ended: its next billing minute could not be paid.',
        '404': 'No such session for this team.',
      },
    },
  ];
}

/** Agent runs (spec §2.14, §7.2; shapes of the Firecrawl SDK 4.42's Agent* types), added beside their routes. */
export function agentOpenApiRoutes(): OpenApiRoute[] {
  return [
    {
      method: 'post',
      path: '/v2/agent',
      operationId: 'startAgent',
      summary: "Start an agent run (a tool-using loop on the configured model over this service's operations).",
      requestBody: { name: 'AgentRequest', schema: agentRequestSchema },
      responses: { '200': { description: '`{success, id}`.' } },
      errors: {
        '400':
          'Validation, no model configured, or `Your team has zero data retention enabled. This is not supported on ' +
          'extract.`',
        '402': 'Payment required.',
        '403': 'Forbidden.',
      },
    },
    {
      method: 'get',
      path: '/v2/agent',
      operationId: 'listAgents',
      summary: "The team's agent runs, newest first.",
      query: { before: { description: 'Only runs created before this time (ms), for paging.' } },
      responses: { '200': { description: '`{success, agents, next?}`.' } },
    },
    {
      method: 'get',
      path: '/v2/agent/{jobId}',
      operationId: 'getAgentStatus',
      summary: 'Status and result of an agent run.',
      pathParams: JOB,
      responses: { '200': { description: '`{success, status, data?, error?, creditsUsed, expiresAt}`.' } },
      errors: { '400': BAD_ID, '404': NOT_FOUND },
    },
    {
      method: 'delete',
      path: '/v2/agent/{jobId}',
      operationId: 'cancelAgent',
      summary: 'Cancel a running agent.',
      pathParams: JOB,
      responses: { '200': { description: '`{success}`.' } },
      errors: { '400': BAD_ID, '404': NOT_FOUND, '409': '`Agent already finished` or `Agent is already cancelled`.' },
    },
    {
      method: 'get',
      path: '/v2/agent/{jobId}/trace',
      operationId: 'getAgentTrace',
      summary: 'The trace events of a run.',
      pathParams: JOB,
      responses: { '200': { description: '`{success, id, events, creditsUsed}`.' } },
      errors: { '400': BAD_ID, '404': NOT_FOUND },
    },
    {
      method: 'get',
      path: '/v2/agent/{jobId}/snapshots/{snapshotId}',
      operationId: 'getAgentSnapshot',
      summary: 'An artifact a run recorded (`artifact.updated` names its snapshotId).',
      pathParams: { ...JOB, snapshotId: 'The snapshot id from the trace.' },
      responses: { '200': { description: '`{success, id, snapshotId, snapshot}`.' } },
      errors: {
        '400': 'Invalid job ID, or `Invalid snapshot ID`.',
        '404': '`Agent job not found` or `Snapshot not found`.',
      },
    },
  ];
}
