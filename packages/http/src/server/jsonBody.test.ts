import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJsonBody } from './jsonBody.js';

describe('sendJsonBody', () => {
  const app = Fastify();
  const value = { success: true, data: { markdown: 'é ő 😀 "quoted"\n', metadata: { statusCode: 200 } } };
  let sent: unknown;
  app.addHook('onSend', async (_request, _reply, payload) => {
    sent = payload;
    return payload;
  });
  app.get('/bytes', async (_request, reply) => sendJsonBody(reply, value));
  app.get('/object', async () => value);
  afterAll(() => app.close());

  it("answers the bytes and content type of Fastify's own JSON reply, as a Buffer", async () => {
    const own = await app.inject({ method: 'GET', url: '/object' });
    const bytes = await app.inject({ method: 'GET', url: '/bytes' });
    // The body reaches the socket as bytes, not as a string Node would join with the header.
    expect(Buffer.isBuffer(sent)).toBe(true);
    expect(bytes.rawPayload.equals(own.rawPayload)).toBe(true);
    expect(bytes.headers['content-type']).toBe(own.headers['content-type']);
    expect(bytes.headers['content-length']).toBe(own.headers['content-length']);
    expect(bytes.json()).toEqual(value);
  });
});
