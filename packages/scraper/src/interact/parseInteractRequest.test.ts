import { describe, expect, it } from 'vitest';
import { parseAgentRequest } from '../agent/parseAgentRequest.js';
import { ScrapeError } from '../errors.js';
import { parseBrowserRequest } from './parseBrowserRequest.js';
import { parseInteractRequest } from './parseInteractRequest.js';

function refusal(parse: () => unknown): ScrapeError {
  try {
    parse();
  } catch (error) {
    if (error instanceof ScrapeError) return error;
    throw error;
  }
  throw new Error('expected the body to be refused');
}

describe('session and agent bodies: validation errors name the field in `error` (clients print only that)', () => {
  it('interact', () => {
    const error = refusal(() => parseInteractRequest({ code: '1', timeout: -5 }));
    expect(error.status).toBe(400);
    expect(error.error).toMatch(/^Bad Request: timeout: /);
    expect(error.code).toBeDefined();
  });

  it('browser sessions', () => {
    expect(refusal(() => parseBrowserRequest({ ttl: 'long' })).error).toMatch(/^Bad Request: ttl: /);
  });

  it('agent runs', () => {
    expect(refusal(() => parseAgentRequest({ prompt: '' })).error).toMatch(/^Bad Request: prompt: /);
  });
});
