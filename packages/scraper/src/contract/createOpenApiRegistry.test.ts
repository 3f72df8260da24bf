import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createOpenApiRegistry, toOpenApiPath } from './createOpenApiRegistry.js';

type Json = Record<string, any>;

describe('createOpenApiRegistry', () => {
  it('documents each added route with its parameters, bodies, errors and auth', () => {
    const registry = createOpenApiRegistry();
    const thing = z.object({ id: z.string() });
    registry.add({
      method: 'get',
      path: '/v2/things/:thingId',
      operationId: 'getThing',
      summary: 'One thing.',
      pathParams: { thingId: 'The id.' },
      responses: { '200': { description: 'The thing.', body: { name: 'Thing', schema: thing } } },
      errors: { '404': 'No such thing.' },
    });
    registry.add({
      method: 'get',
      path: '/open',
      operationId: 'open',
      summary: 'No key.',
      auth: false,
      responses: { '200': { description: 'ok' } },
    });
    const doc = registry.document() as Json;
    expect(registry.operations()).toEqual(['GET /v2/things/{thingId}', 'GET /open']);
    const op = doc.paths['/v2/things/{thingId}'].get;
    expect(op.parameters).toEqual([
      { name: 'thingId', in: 'path', required: true, description: 'The id.', schema: { type: 'string' } },
    ]);
    expect(op.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/Thing');
    expect(Object.keys(op.responses)).toEqual(['200', '401', '404']);
    expect(op.responses['404'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorResponse');
    expect(doc.components.schemas.Thing).toMatchObject({
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
    });
    expect(doc.paths['/open'].get.security).toEqual([]);
    expect(doc.paths['/open'].get.responses['401']).toBeUndefined();
  });

  it('a route added later shows up in the next document; the same method and path replaces the first', () => {
    const registry = createOpenApiRegistry();
    registry.add({
      method: 'post',
      path: '/a',
      operationId: 'a1',
      summary: 'first',
      responses: { '200': { description: 'x' } },
    });
    expect(Object.keys((registry.document() as Json).paths)).toEqual(['/a']);
    registry.add({
      method: 'post',
      path: '/a',
      operationId: 'a2',
      summary: 'second',
      responses: { '200': { description: 'x' } },
    });
    registry.add({
      method: 'delete',
      path: '/a',
      operationId: 'a3',
      summary: 'third',
      responses: { '200': { description: 'x' } },
    });
    const doc = registry.document() as Json;
    expect(doc.paths['/a'].post.operationId).toBe('a2');
    expect(doc.paths['/a'].delete.operationId).toBe('a3');
  });

  it('turns Fastify path parameters into OpenAPI ones', () => {
    expect(toOpenApiPath('/v2/scrape/:scrapeId/interact')).toBe('/v2/scrape/{scrapeId}/interact');
    expect(toOpenApiPath('/v2/scrape')).toBe('/v2/scrape');
  });
});
