import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './buildOpenApiDocument.js';

type Json = Record<string, any>;

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument() as Json;
  const request = doc.components.schemas.ScrapeRequest as Json;

  it('is an OpenAPI 3.1 document of the scrape operation with bearer auth', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(['/v2/scrape']);
    expect(doc.paths['/v2/scrape'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/ScrapeRequest',
    );
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
    for (const status of ['400', '404', '408', '422', '501', '502']) {
      expect(doc.paths['/v2/scrape'].post.responses[status].content['application/json'].schema.$ref).toBe(
        '#/components/schemas/ErrorResponse',
      );
    }
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc); // plain JSON
  });

  it('the request schema comes from the validation schema: strict, only url required, bounds and defaults', () => {
    expect(request.additionalProperties).toBe(false);
    expect(request.required).toEqual(['url']);
    expect(request.properties.timeout).toMatchObject({
      type: 'integer',
      minimum: 1000,
      maximum: 300000,
      default: 60000,
    });
    expect(request.properties.maxAge.default).toBe(172800000);
    expect(request.properties.skipTlsVerification.default).toBe(true);
    expect(request.properties.proxy.enum).toEqual(['basic', 'enhanced', 'auto', 'stealth']);
    expect(request.properties.location.properties.country.pattern).toBe('^[A-Za-z]{2}$');
    for (const field of ['fastMode', 'useMock', 'domainTools', 'toolDetail'])
      expect(request.properties).toHaveProperty(field);
    expect(request.properties.profile.properties.name).toMatchObject({ minLength: 1, maxLength: 128 });
    for (const field of [
      'origin',
      'zeroDataRetention',
      'redactPII',
      'parsers',
      'actions',
      'threatProtection',
      'auditMetadata',
    ]) {
      expect(request.properties).toHaveProperty(field);
    }
  });

  it('formats and parsers show both the string shorthand and the object form', () => {
    const item = request.properties.formats.items;
    expect(item.anyOf[0]).toEqual({
      type: 'string',
      enum: expect.arrayContaining(['markdown', 'rawBase64', 'screenshot']),
    });
    expect(item.anyOf[0].enum).not.toContain('json');
    const objects = JSON.stringify(item.anyOf[1]);
    expect(objects).toContain('"checkPromptInjection"');
    expect(objects).toContain('"fullPage"');
    expect(request.properties.parsers.items.anyOf[0]).toEqual({ type: 'string', enum: ['pdf', 'image'] });
    const parserObjects = request.properties.parsers.items.anyOf[1].anyOf;
    expect(parserObjects[0].properties.maxPages).toMatchObject({ minimum: 1, maximum: 10000 });
    expect(parserObjects[1]).toMatchObject({ properties: { type: { const: 'image' } } });
  });
});
