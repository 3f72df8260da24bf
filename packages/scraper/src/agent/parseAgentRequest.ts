import { z } from 'zod';
import { errors } from '../errors.js';
import { compileSchema } from '../llm/compileSchema.js';

export const AGENT_PROMPT_MAX_CHARS = 10_000;
export const AGENT_MAX_URLS = 50;

const agentRequestSchema = z
  .object({
    prompt: z.string().min(1).max(AGENT_PROMPT_MAX_CHARS),
    urls: z
      .array(z.url({ protocol: /^https?$/ }))
      .max(AGENT_MAX_URLS)
      .optional(),
    schema: z.record(z.string(), z.unknown()).optional(),
    maxCredits: z.number().int().min(1).optional(),
    strictConstrainToURLs: z.boolean().optional(),
    model: z.string().max(100).optional(),
    effort: z.enum(['low', 'medium', 'high']).optional(),
    webhook: z.union([z.string(), z.looseObject({ url: z.string() })]).optional(),
    integration: z.string().max(200).optional(),
    origin: z.string().max(200).optional(),
  })
  .passthrough();

export interface AgentRequest {
  prompt: string;
  urls?: string[];
  schema?: Record<string, unknown>;
  maxCredits?: number;
  strictConstrainToURLs?: boolean;
  /** The model name the client asked for (recorded and echoed; the configured model runs). */
  model?: string;
  effort?: 'low' | 'medium' | 'high';
}

/** Body of `POST /v2/agent` (the Firecrawl SDK's startAgent): 400 naming the field, 422 for a schema that does not compile. */
export function parseAgentRequest(body: unknown): AgentRequest {
  const parsed = agentRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw errors.badRequest(
      'Bad Request',
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  const { prompt, urls, schema, maxCredits, strictConstrainToURLs, model, effort, webhook } = parsed.data;
  if (webhook !== undefined) {
    throw errors.notImplemented('webhook', 'agent webhooks are not sent by this build yet; poll GET /v2/agent/{jobId}');
  }
  if (strictConstrainToURLs && !urls?.length) {
    throw errors.badRequest('strictConstrainToURLs needs urls to constrain the run to', [
      { path: 'strictConstrainToURLs', message: 'urls is empty' },
    ]);
  }
  if (schema) compileSchema(schema, 'schema');
  return {
    prompt,
    ...(urls ? { urls } : {}),
    ...(schema ? { schema } : {}),
    ...(maxCredits !== undefined ? { maxCredits } : {}),
    ...(strictConstrainToURLs !== undefined ? { strictConstrainToURLs } : {}),
    ...(model ? { model } : {}),
    ...(effort ? { effort } : {}),
  };
}
