import { createHash } from 'node:crypto';
import type { PipelineDeps } from '../pipelineDeps.js';
import type { Source, SourceArtifact } from '../source.js';
import type { ScrapePlan } from './plan.js';
import type { ArtifactFields } from './types.js';

/** Spec §8: screenshots live 24 hours; action screenshots and PDFs share the store and the lifetime. */
export const ARTIFACT_TTL_MS = 24 * 60 * 60 * 1000;

/** What a stored artifact is known by when its URL is made. */
export interface ArtifactRef {
  id: string;
  mimeType: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * Turns a stored artifact into the URL the document carries. The HTTP service signs a link to its own route;
 * in-process the default is `artifact://<id>`, read back with `scraper.artifacts.getArtifact(id)`.
 */
export type ArtifactUrl = (artifact: ArtifactRef) => string;

export const defaultArtifactUrl: ArtifactUrl = (artifact) => `artifact://${artifact.id}`;

/**
 * Step 6b. Screenshots and action outputs become URLs of expiring artifacts, or data: URIs when the request keeps
 * nothing (zero data retention) or the scraper has no artifact store (`cache: false`).
 */
export async function publishArtifacts(
  plan: ScrapePlan,
  source: Source,
  deps: PipelineDeps,
  artifactUrl: ArtifactUrl = defaultArtifactUrl,
): Promise<ArtifactFields> {
  const fields: ArtifactFields = {};
  const store = plan.artifacts === 'store' ? deps.artifacts : undefined;
  const publish = async (artifact: SourceArtifact): Promise<string> => {
    if (!store) return `data:${artifact.mimeType};base64,${Buffer.from(artifact.bytes).toString('base64')}`;
    // The same bytes for the same team keep their link: a page served again from the cache answers the screenshot
    // URL it was first given (while that artifact lives), not a new one per hit.
    const digest = createHash('sha256').update(artifact.bytes).digest('base64url');
    const reuseKey = `${plan.team ?? ''}\n${artifact.mimeType}\n${digest}`;
    const { id, expiresAt } = await store.putArtifact({
      bytes: artifact.bytes,
      mimeType: artifact.mimeType,
      ttlMs: ARTIFACT_TTL_MS,
      reuseKey,
    });
    return artifactUrl({ id, mimeType: artifact.mimeType, expiresAt });
  };
  if (plan.formats.has('screenshot') && source.screenshot) fields.screenshot = await publish(source.screenshot);
  if (plan.request.actions && plan.request.actions.length > 0) {
    const outputs = source.actions ?? { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] };
    fields.actions = {
      screenshots: await Promise.all(outputs.screenshots.map(publish)),
      scrapes: outputs.scrapes,
      javascriptReturns: outputs.javascriptReturns,
      pdfs: await Promise.all(outputs.pdfs.map(publish)),
    };
  }
  return fields;
}
