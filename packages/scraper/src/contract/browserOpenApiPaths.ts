/** OpenAPI paths of the standalone browser sessions (shapes of the Firecrawl SDK 4.42's Browser* types). */
const err = {
  description: 'Error.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
};
const body = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
const session = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['active', 'destroyed'] },
    createdAt: { type: 'string', format: 'date-time' },
    lastActivity: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
    streamWebView: { type: 'boolean' },
  },
};
const execResult = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    sessionId: { type: 'string' },
    result: {},
    output: { type: 'string' },
    stdout: { type: 'string' },
    stderr: { type: 'string' },
    exitCode: { type: 'integer' },
    killed: { type: 'boolean' },
    truncated: { type: 'boolean' },
    error: { type: 'string' },
  },
};

export const browserOpenApiPaths = {
  '/v2/browser': {
    post: {
      operationId: 'createBrowserSession',
      summary: 'Open a browser session on a blank page (no scrape before it).',
      requestBody: {
        content: body({
          type: 'object',
          properties: {
            ttl: { type: 'integer', minimum: 30, description: 'Whole-life budget in seconds (capped by the server).' },
            activityTtl: {
              type: 'integer',
              minimum: 10,
              description: 'Idle budget in seconds (capped by the server).',
            },
            profile: {
              type: 'object',
              properties: { name: { type: 'string' }, saveChanges: { type: 'boolean' } },
              required: ['name'],
            },
          },
        }),
      },
      responses: {
        '200': {
          description: 'The session.',
          content: body({
            type: 'object',
            properties: { success: { type: 'boolean' }, id: { type: 'string' }, expiresAt: { type: 'string' } },
          }),
        },
        '400': err,
        '402': err,
        '429': err,
      },
    },
    get: {
      operationId: 'listBrowserSessions',
      summary: "The team's standalone sessions.",
      parameters: [{ name: 'status', in: 'query', schema: { type: 'string', enum: ['active', 'destroyed'] } }],
      responses: {
        '200': {
          description: 'Sessions.',
          content: body({
            type: 'object',
            properties: { success: { type: 'boolean' }, sessions: { type: 'array', items: session } },
          }),
        },
      },
    },
  },
  '/v2/browser/{id}/execute': {
    post: {
      operationId: 'executeInBrowserSession',
      summary: 'Run Playwright code (language "node") or a prompt on the session page.',
      parameters: id,
      requestBody: {
        required: true,
        content: body({
          type: 'object',
          properties: {
            code: { type: 'string' },
            prompt: { type: 'string' },
            language: { type: 'string' },
            timeout: { type: 'number' },
          },
        }),
      },
      responses: { '200': { description: 'The run.', content: body(execResult) }, '400': err, '404': err },
    },
  },
  '/v2/browser/{id}': {
    delete: {
      operationId: 'deleteBrowserSession',
      summary: 'Destroy a standalone session (as DELETE /v2/interact/{sessionId} does).',
      parameters: id,
      responses: {
        '200': {
          description: 'Destroyed.',
          content: body({
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              status: { type: 'string' },
              sessionDurationMs: { type: 'number' },
              creditsBilled: { type: 'number' },
            },
          }),
        },
        '404': err,
      },
    },
  },
} as const;
