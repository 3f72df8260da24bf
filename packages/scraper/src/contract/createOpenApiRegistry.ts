import { z } from 'zod';
import { FORMAT_SHORTHANDS, formatItemSchema } from './formats.js';
import { PARSER_SHORTHANDS, parserItemSchema } from './parsers.js';
import { errorResponseSchema } from './responses.js';

export type OpenApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A JSON body (request or response): named schemas land in `components.schemas` under that name. */
export interface OpenApiBody {
  name: string;
  schema: z.ZodType;
}

export interface OpenApiResponse {
  description: string;
  /** JSON body; omitted for an error status (the shared ErrorResponse) or a non-JSON body (`contentType`). */
  body?: OpenApiBody;
  /** A non-JSON body (e.g. `image/png` for an artifact); described, not schematised. */
  contentType?: string;
}

/** One route as the server answers it; `path` may use Fastify's `:param` or OpenAPI's `{param}` spelling. */
export interface OpenApiRoute {
  method: OpenApiMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** False for routes that take no API key (health, this document, signed artifact links). Default true. */
  auth?: boolean;
  /** Path parameters by name, with their description. */
  pathParams?: Record<string, string>;
  /** Query parameters by name. */
  query?: Record<string, { description: string; required?: boolean }>;
  requestBody?: OpenApiBody;
  /** The success response(s), keyed by status. */
  responses: Record<string, OpenApiResponse>;
  /** Error statuses and what each means here; their body is the shared ErrorResponse. */
  errors?: Record<string, string>;
}

export interface OpenApiRegistry {
  /** Documents one route; a second route with the same method and path replaces the first. */
  add(route: OpenApiRoute): void;
  /** `METHOD /path` (OpenAPI spelling) of every documented route. */
  operations(): string[];
  /** The OpenAPI 3.1 document of every route added so far. */
  document(): Record<string, unknown>;
}

const STRING = { type: 'string' } as const;
const BINARY = { type: 'string', format: 'binary' } as const;
const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' } as const;

/** Every authenticated route can answer these; a route's own `errors` override the wording. */
const AUTH_ERRORS: Record<string, string> = { '401': '`Unauthorized: Invalid token`, code `UNAUTHORIZED`.' };

/**
 * The OpenAPI document of a server, built route by route: each route registration calls `add` beside its handler,
 * so the document lists what the server answers and a new route is one local call (no central list to edit).
 */
export function createOpenApiRegistry(
  info: { title?: string; version?: string; description?: string } = {},
): OpenApiRegistry {
  const routes = new Map<string, OpenApiRoute>();
  const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
  // Converting the zod schemas takes milliseconds; the document is rebuilt only after a route was added.
  let built: Record<string, unknown> | undefined;
  return {
    add(route) {
      const path = toOpenApiPath(route.path);
      routes.set(keyOf(route.method, path), { ...route, path });
      built = undefined;
    },
    operations() {
      return [...routes.keys()];
    },
    document() {
      built ??= build();
      return built;
    },
  };

  function build(): Record<string, unknown> {
    const schemas: Record<string, unknown> = { ErrorResponse: inputSchema(errorResponseSchema) };
    const ref: BodyRef = (body) => {
      schemas[body.name] ??= inputSchema(body.schema);
      return { 'application/json': { schema: { $ref: `#/components/schemas/${body.name}` } } };
    };
    const paths: Record<string, Record<string, unknown>> = {};
    for (const route of routes.values()) {
      paths[route.path] ??= {};
      paths[route.path][route.method] = operationOf(route, ref);
    }
    return {
      openapi: '3.1.0',
      info: {
        title: info.title ?? 'Scrape API',
        version: info.version ?? 'v2',
        description: info.description ?? 'Firecrawl v2-compatible scrape service.',
      },
      servers: [{ url: '/' }],
      security: [{ bearerAuth: [] }],
      paths,
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } }, schemas },
    };
  }
}

/** The `content` of a JSON body: a reference to its named schema, registered by `ref`. */
type BodyRef = (body: OpenApiBody) => Record<string, unknown>;

/** One route's operation object: its parameters, request body and responses (success and error statuses). */
function operationOf(route: OpenApiRoute, ref: BodyRef): Record<string, unknown> {
  // Responses first: their bodies' schemas are registered (and listed in components) before the request body's.
  const responses = responsesOf(route, ref);
  const parameters = parametersOf(route);
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.auth === false ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.requestBody ? { requestBody: { required: true, content: ref(route.requestBody) } } : {}),
    responses,
  };
}

/** The route's responses keyed by status, in status order; error statuses share the ErrorResponse body. */
function responsesOf(route: OpenApiRoute, ref: BodyRef): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.body ? { content: ref(response.body) } : {}),
      ...(response.contentType ? { content: { [response.contentType]: { schema: BINARY } } } : {}),
    };
  }
  const errorStatuses = { ...(route.auth === false ? {} : AUTH_ERRORS), ...(route.errors ?? {}) };
  for (const [status, description] of Object.entries(errorStatuses)) {
    responses[status] = { description, content: { 'application/json': { schema: ERROR_REF } } };
  }
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/** Path parameters (all required), then query parameters, all strings. */
function parametersOf(route: OpenApiRoute): Record<string, unknown>[] {
  return [
    ...Object.entries(route.pathParams ?? {}).map(([name, description]) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema: STRING,
    })),
    ...Object.entries(route.query ?? {}).map(([name, q]) => ({
      name,
      in: 'query',
      required: q.required ?? false,
      description: q.description,
      schema: STRING,
    })),
  ];
}

/** `/v2/scrape/:id/interact` → `/v2/scrape/{id}/interact`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** JSON Schema (draft 2020-12, what OpenAPI 3.1 uses) of a zod schema as clients send it. */
export function inputSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      // The string shorthands are turned into objects before validation; show both spellings.
      if (ctx.zodSchema === formatItemSchema) shorthand(ctx.jsonSchema, [...FORMAT_SHORTHANDS]);
      if (ctx.zodSchema === parserItemSchema) shorthand(ctx.jsonSchema, [...PARSER_SHORTHANDS]);
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

function shorthand(jsonSchema: Record<string, unknown>, names: string[]): void {
  const objectForm = { ...jsonSchema };
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  jsonSchema.anyOf = [{ type: 'string', enum: names }, objectForm];
}
