// The client-left signal on a real socket: a response closed before it finished aborts; a finished one does not.
import { request } from 'node:http';
import Fastify from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { waitFor } from '@scrape/test-support';
import { abortWhenClientLeaves } from './clientLeft.js';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** A server whose one route hands its client-left signal out and answers once `answer` is called. */
async function serve() {
  const seen: { signal?: AbortSignal; released?: boolean; answer?: () => void } = {};
  const app = Fastify();
  apps.push(app);
  app.get('/', async (_request, reply) => {
    const client = abortWhenClientLeaves(reply);
    seen.signal = client.signal;
    try {
      await new Promise<void>((resolve) => {
        seen.answer = resolve;
        client.signal.addEventListener('abort', () => resolve());
      });
      return { ok: true };
    } finally {
      client.release();
      seen.released = true;
    }
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (app.server.address() as { port: number }).port, seen };
}

it('aborts with "client disconnected" when the client leaves before the answer', async () => {
  const { port, seen } = await serve();
  const req = request({ host: '127.0.0.1', port, path: '/' });
  req.on('error', () => undefined);
  req.end();
  await waitFor(() => seen.signal, 'the route to start');
  req.destroy();
  await waitFor(() => seen.signal?.aborted, 'the abort');
  expect(seen.signal?.reason).toMatchObject({ message: 'client disconnected' });
  await waitFor(() => seen.released, 'the release');
});

it('does not abort once the answer is sent and the connection closes', async () => {
  const { port, seen } = await serve();
  const body = new Promise<string>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end();
  });
  await waitFor(() => seen.answer, 'the route to start');
  seen.answer!();
  expect(JSON.parse(await body)).toEqual({ ok: true });
  await waitFor(() => seen.released, 'the release');
  await apps.splice(0)[0].close();
  expect(seen.signal?.aborted).toBe(false);
});
