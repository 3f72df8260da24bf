import { z } from 'zod';
import { errors } from '../errors.js';
import { compileSchema } from '../llm/compileSchema.js';
import { toValidationError } from '../contract/parseScrapeRequest.js';

export const AGENT_PROMPT_MAX_CHARS = 10_000;
export const AGENT_MAX_URLS = 50;
/** The SDK's AgentWebhookEvent values. */
export const AGENT_WEBHOOK_EVENTS = ['started', 'action', 'completed', 'failed', 'cancelled'] as const;
export type AgentWebhookEvent = (typeof AGENT_WEBHOOK_EVENTS)[number];
const WEBHOOK_HEADERS_MAX = 20;
const httpUrl = z.url({ protocol: /^https?$/ });

export const agentRequestSchema = z
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
    webhook: z
      .union([
        httpUrl,
        z.strictObject({
          url: httpUrl,
          headers: z.record(z.string().max(256), z.string().max(4096)).optional(),
          metadata: z.record(z.string().max(256), z.unknown()).optional(),
          events: z.array(z.enum(AGENT_WEBHOOK_EVENTS)).optional(),
        }),
      ])
      .optional(),
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
  /** Where the run's events are POSTed (every event when `events` was not given). */
  webhook?: {
    url: string;
    headers: Record<string, string>;
    metadata: Record<string, unknown>;
    events: AgentWebhookEvent[];
  };
}

/**
 * Body of `POST /v2/agent` (the Firecrawl SDK's startAgent): 400 naming the field, 422 for a schema that does not
 * compile.
 */
export function parseAgentRequest(body: unknown): AgentRequest {
  const parsed = agentRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    // `error` names the field and the reason, as every request's validation does.
    throw toValidationError(parsed.error.issues);
  }
  const { prompt, urls, schema, maxCredits, strictConstrainToURLs, model, effort, webhook } = parsed.data;
  if (webhook && typeof webhook !== 'string' && Object.keys(webhook.headers ?? {}).length > WEBHOOK_HEADERS_MAX) {
    throw errors.badRequest(`webhook.headers may have at most ${WEBHOOK_HEADERS_MAX} entries`, [
      { path: 'webhook.headers', message: 'Too many headers' },
    ]);
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
    ...(webhook
      ? {
          webhook:
            typeof webhook === 'string'
              ? { url: webhook, headers: {}, metadata: {}, events: [...AGENT_WEBHOOK_EVENTS] }
              : {
                  url: webhook.url,
                  headers: webhook.headers ?? {},
                  metadata: webhook.metadata ?? {},
                  events: webhook.events?.length ? webhook.events : [...AGENT_WEBHOOK_EVENTS],
                },
        }
      : {}),
  };
}
