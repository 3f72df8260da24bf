import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client leaves: the response's 'close' before it finished means it left (Fastify's
 * request.signal is not used: it follows the request stream, which closes once the body is read). Call `release()`
 * once the answer is settled, so the listener does not outlive the request.
 */
export function abortWhenClientLeaves(reply: FastifyReply): { signal: AbortSignal; release(): void } {
  const client = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) client.abort(new Error('client disconnected'));
  };
  reply.raw.once('close', onClose);
  return { signal: client.signal, release: () => reply.raw.off('close', onClose) };
}
