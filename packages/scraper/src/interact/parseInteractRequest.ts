import { z } from 'zod';
import { errors } from '../errors.js';
import { profileSchema } from '../contract/scrapeRequest.js';

/** Code larger than this is not a script to drive a page. */
export const INTERACT_CODE_MAX_CHARS = 100_000;
/** Seconds, as the Firecrawl SDK sends `timeout`. */
export const INTERACT_DEFAULT_TIMEOUT_S = 30;
export const INTERACT_MAX_TIMEOUT_S = 300;

export const interactRequestSchema = z
  .object({
    code: z.string().min(1).max(INTERACT_CODE_MAX_CHARS).optional(),
    prompt: z.string().min(1).optional(),
    language: z.string().optional(),
    timeout: z.number().positive().max(INTERACT_MAX_TIMEOUT_S).optional(),
    origin: z.string().optional(),
    profile: profileSchema.optional(),
  })
  .passthrough();

export interface InteractRequest {
  code: string;
  /** `node` (Playwright JavaScript, the default) or `bash` (a shell with the `page` command). */
  language: 'node' | 'bash';
  timeoutMs: number;
  profile?: { name: string; saveChanges: boolean };
}

/** Languages the sandbox runs (the SDK also types `python`, which has no interpreter in the sandbox here). */
const LANGUAGES = new Set(['node', 'bash']);

/** Body of `POST /v2/scrape/{scrapeId}/interact`: Playwright code in node or bash; a prompt needs an agent we do not have. */
export function parseInteractRequest(body: unknown): InteractRequest {
  const parsed = interactRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw errors.badRequest('Bad Request', parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  }
  const { code, prompt, language, timeout, profile } = parsed.data;
  if (code === undefined && prompt === undefined) throw errors.badRequest('Either code or prompt is required');
  if (code === undefined) {
    throw errors.notImplemented(
      'prompt',
      'natural-language interact needs an LLM browser agent, which this build does not have (no LLM provider drives the page); send Playwright `code` with language "node" instead',
    );
  }
  if (language !== undefined && !LANGUAGES.has(language)) {
    throw errors.badRequest(`language "${language}" is not supported: "node" (Playwright JavaScript) and "bash" (with the \`page\` command) run here`, undefined, 'INTERACT_LANGUAGE_UNSUPPORTED');
  }
  return { code, language: language === 'bash' ? 'bash' : 'node', timeoutMs: Math.round((timeout ?? INTERACT_DEFAULT_TIMEOUT_S) * 1000), profile: profile as InteractRequest['profile'] };
}
