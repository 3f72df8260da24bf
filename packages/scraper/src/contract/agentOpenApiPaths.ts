/** OpenAPI paths of agent runs (spec §2.14, §7.2; shapes of the Firecrawl SDK 4.42's Agent* types). */
const err = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
});
const body = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });
const jobId = { name: 'jobId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const badId = err('`Invalid job ID format. Job ID must be a valid UUID.`');
const notFound = err('`Agent job not found` (unknown, expired, or another team’s).');
const any = {};

export const agentOpenApiPaths = {
  '/v2/agent': {
    post: {
      operationId: 'startAgent',
      summary: 'Start an agent run (a tool-using loop on the configured model over this service’s operations).',
      requestBody: {
        required: true,
        content: body({
          type: 'object',
          required: ['prompt'],
          properties: {
            prompt: { type: 'string', maxLength: 10000 },
            urls: { type: 'array', items: { type: 'string', format: 'uri' }, maxItems: 50 },
            schema: { type: 'object', description: 'JSON Schema the result data must match.' },
            maxCredits: { type: 'integer', minimum: 1 },
            strictConstrainToURLs: { type: 'boolean' },
            model: { type: 'string' },
            effort: { type: 'string', enum: ['low', 'medium', 'high'] },
          },
        }),
      },
      responses: {
        '200': {
          description: 'Started.',
          content: body({ type: 'object', properties: { success: { type: 'boolean' }, id: { type: 'string' } } }),
        },
        '400': err(
          'Validation, no model configured, or `Your team has zero data retention enabled. This is not supported on extract.`',
        ),
        '402': err('Payment required.'),
        '403': err('Forbidden.'),
      },
    },
    get: {
      operationId: 'listAgents',
      summary: 'The team’s agent runs, newest first.',
      parameters: [{ name: 'before', in: 'query', schema: { type: 'integer' } }],
      responses: {
        '200': {
          description: 'Runs.',
          content: body({
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              agents: { type: 'array', items: any },
              next: { type: 'string' },
            },
          }),
        },
      },
    },
  },
  '/v2/agent/{jobId}': {
    get: {
      operationId: 'getAgentStatus',
      parameters: [jobId],
      responses: {
        '200': {
          description: 'Status.',
          content: body({
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              status: { type: 'string', enum: ['processing', 'completed', 'failed'] },
              data: any,
              error: { type: 'string' },
              creditsUsed: { type: 'number' },
              expiresAt: { type: 'string', format: 'date-time' },
              model: { type: 'string' },
            },
          }),
        },
        '400': badId,
        '404': notFound,
      },
    },
    delete: {
      operationId: 'cancelAgent',
      parameters: [jobId],
      responses: {
        '200': {
          description: 'Cancelled.',
          content: body({ type: 'object', properties: { success: { type: 'boolean' } } }),
        },
        '400': badId,
        '404': notFound,
        '409': err('`Agent already finished` or `Agent is already cancelled`.'),
      },
    },
  },
  '/v2/agent/{jobId}/trace': {
    get: {
      operationId: 'getAgentTrace',
      parameters: [jobId],
      responses: {
        '200': {
          description: 'Trace events.',
          content: body({
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              id: { type: 'string' },
              events: { type: 'array', items: any },
              creditsUsed: { type: 'number' },
            },
          }),
        },
        '400': badId,
        '404': notFound,
      },
    },
  },
  '/v2/agent/{jobId}/snapshots/{snapshotId}': {
    get: {
      operationId: 'getAgentSnapshot',
      parameters: [
        jobId,
        { name: 'snapshotId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      ],
      responses: {
        '200': {
          description: 'The artifact content.',
          content: body({
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              id: { type: 'string' },
              snapshotId: { type: 'string' },
              snapshot: { type: 'string' },
            },
          }),
        },
        '400': err('Invalid job ID, or `Invalid snapshot ID`.'),
        '404': err('`Agent job not found` or `Snapshot not found`.'),
      },
    },
  },
} as const;
