import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJsonBody, sendSuccessJson } from './jsonBody.js';

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

describe('sendSuccessJson', () => {
  const app = Fastify();
  const data = { markdown: 'é ő 😀 "quoted" \u2028 \\ </script>\n', metadata: { statusCode: 200, title: '\u0000' } };
  let sent: unknown;
  app.addHook('onSend', async (_request, _reply, payload) => {
    sent = payload;
    return payload;
  });
  app.get('/text', async (_request, reply) => sendSuccessJson(reply, JSON.stringify(data)));
  app.get('/object', async () => ({ success: true, data }));
  afterAll(() => app.close());

  it('answers {success: true, data} from the JSON text of data with the bytes of serialising it whole', async () => {
    const own = await app.inject({ method: 'GET', url: '/object' });
    const text = await app.inject({ method: 'GET', url: '/text' });
    expect(Buffer.isBuffer(sent)).toBe(true);
    expect(text.rawPayload.equals(own.rawPayload)).toBe(true);
    expect(text.headers['content-type']).toBe(own.headers['content-type']);
    expect(text.headers['content-length']).toBe(own.headers['content-length']);
    expect(text.json()).toEqual({ success: true, data });
  });
});
