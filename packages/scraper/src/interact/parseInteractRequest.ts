import { z } from 'zod';
import { errors } from '../errors.js';
import { profileSchema } from '../contract/scrapeRequest.js';
import { toValidationError } from '../contract/parseScrapeRequest.js';

/** Code larger than this is not a script to drive a page. */
export const INTERACT_CODE_MAX_CHARS = 100_000;
/** Seconds, as the Firecrawl SDK sends `timeout`. */
export const INTERACT_DEFAULT_TIMEOUT_S = 30;
export const INTERACT_MAX_TIMEOUT_S = 300;
/** A prompt's default budget, seconds: several model turns, each seconds long on a local model. */
export const INTERACT_PROMPT_DEFAULT_TIMEOUT_S = 120;
/** A task description longer than this is not a prompt for driving a page. */
export const INTERACT_PROMPT_MAX_CHARS = 10_000;

export const interactRequestSchema = z
  .object({
    code: z.string().min(1).max(INTERACT_CODE_MAX_CHARS).optional(),
    prompt: z.string().min(1).max(INTERACT_PROMPT_MAX_CHARS).optional(),
    language: z.string().optional(),
    timeout: z.number().positive().max(INTERACT_MAX_TIMEOUT_S).optional(),
    origin: z.string().optional(),
    profile: profileSchema.optional(),
  })
  .passthrough();

export type InteractRequest = {
  timeoutMs: number;
  profile?: { name: string; saveChanges: boolean };
} & (
  | {
      code: string;
      /** `node` (Playwright JavaScript, the default) or `bash` (a shell with the `page` command). */
      language: 'node' | 'bash';
      prompt?: undefined;
    }
  | { prompt: string; code?: undefined; language?: undefined }
);

/** Languages the sandbox runs (the SDK also types `python`, which has no interpreter in the sandbox here). */
const LANGUAGES = new Set(['node', 'bash']);

/**
 * Body of `POST /v2/scrape/{scrapeId}/interact` and `POST /v2/browser/{id}/execute`: Playwright code in node or bash,
 * or a natural-language prompt the configured model carries out with page tools (code wins when both are sent).
 */
export function parseInteractRequest(body: unknown): InteractRequest {
  const parsed = interactRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    // `error` names the field and the reason, as every request's validation does.
    throw toValidationError(parsed.error.issues);
  }
  const { code, prompt, language, timeout, profile } = parsed.data;
  if (code === undefined && prompt === undefined) throw errors.badRequest('Either code or prompt is required');
  if (code === undefined) {
    const seconds = timeout ?? INTERACT_PROMPT_DEFAULT_TIMEOUT_S;
    return { prompt: prompt!, timeoutMs: Math.round(seconds * 1000), profile: profile as InteractRequest['profile'] };
  }
  if (language !== undefined && !LANGUAGES.has(language)) {
    throw errors.badRequest(
      `language "${language}" is not supported: "node" (Playwright JavaScript) and "bash" (with the \`page\` ` +
        `command) run here`,
      undefined,
      'INTERACT_LANGUAGE_UNSUPPORTED',
    );
  }
  return {
    code,
    language: language === 'bash' ? 'bash' : 'node',
    timeoutMs: Math.round((timeout ?? INTERACT_DEFAULT_TIMEOUT_S) * 1000),
    profile: profile as InteractRequest['profile'],
  };
}
