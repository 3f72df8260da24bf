import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ArtifactUrl, Scraper } from '@scrape/scraper';
import type { ArtifactSigner } from './createArtifactSigner.js';

/** The route's path; links are `<base>/v2/artifacts/<id>?expires=<unix s>&sig=<hmac>`. */
export const ARTIFACT_ROUTE = '/v2/artifacts/:id';
/** Artifacts never change under their id, so a client may keep them as long as the link lives. */
const CACHE_CONTROL = 'private, max-age=86400, immutable';

const NOT_FOUND = { success: false, error: 'Not Found', code: 'ARTIFACT_NOT_FOUND' } as const;
const FORBIDDEN = { success: false, error: 'Forbidden', code: 'ARTIFACT_LINK_INVALID' } as const;

/**
 * GET /v2/artifacts/:id: the bytes of a screenshot or action PDF behind a signed, expiring link. A wrong or missing
 * signature (a tampered id or expiry) is 403; an expired link or an artifact no longer stored is 404.
 */
export function registerArtifactRoute(app: FastifyInstance, scraper: Scraper, signer: ArtifactSigner): void {
  app.get<{ Params: { id: string }; Querystring: { expires?: string; sig?: string } }>(
    ARTIFACT_ROUTE,
    async (request, reply) => {
      const { id } = request.params;
      const verdict = signer.verify(id, request.query.expires, request.query.sig);
      if (verdict === 'tampered') return reply.code(403).send(FORBIDDEN);
      if (verdict === 'expired') return reply.code(404).send(NOT_FOUND);
      const artifact = await scraper.artifacts.getArtifact(id);
      if (!artifact) return reply.code(404).send(NOT_FOUND);
      return reply
        .header('content-type', artifact.mimeType)
        .header('cache-control', CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(artifact.bytes.buffer, artifact.bytes.byteOffset, artifact.bytes.byteLength));
    },
  );
  app.openapi.add({
    method: 'get',
    path: ARTIFACT_ROUTE,
    operationId: 'getArtifact',
    summary: 'The bytes of a screenshot or action PDF behind a signed, expiring link (the link is the credential).',
    auth: false,
    pathParams: { id: 'Artifact id from the link.' },
    query: {
      expires: { description: 'Expiry, unix seconds.', required: true },
      sig: { description: 'HMAC signature of id and expiry.', required: true },
    },
    responses: { '200': { description: 'The artifact (PNG, JPEG or PDF).', contentType: 'application/octet-stream' } },
    errors: {
      '403': 'Tampered link, code `ARTIFACT_LINK_INVALID`.',
      '404': 'Expired link or artifact gone, code `ARTIFACT_NOT_FOUND`.',
    },
  });
}

/**
 * The artifact URLs of one scrape: signed links on `publicUrl` when configured (a proxy in front, HTTPS), otherwise
 * on the address and port the connection arrived at. Never the client's `Host` header: a client (or anyone who can
 * make one send a request) could point the links, and whatever reads them, at a host of its choosing.
 */
export function artifactUrlFor(request: FastifyRequest, signer: ArtifactSigner, publicUrl?: string): ArtifactUrl {
  const base = (publicUrl ?? boundOrigin(request)).replace(/\/+$/, '');
  return ({ id, expiresAt }) => `${base}/v2/artifacts/${encodeURIComponent(id)}?${signer.sign(id, expiresAt)}`;
}

/** The origin of the socket the request arrived on (this server's own address and port). */
function boundOrigin(request: FastifyRequest): string {
  const socket = request.socket;
  let address = socket.localAddress ?? '127.0.0.1';
  if (address.startsWith('::ffff:') && address.includes('.')) address = address.slice('::ffff:'.length);
  const host = address.includes(':') ? `[${address}]` : address;
  const secure = (socket as { encrypted?: boolean }).encrypted === true;
  return `${secure ? 'https' : 'http'}://${host}:${socket.localPort}`;
}
