import { errors, ScrapeError } from '../errors.js';
import type { Validate } from './compileSchema.js';
import type { LlmClient } from './createLlmClient.js';
import { detectPromptInjection } from './detectPromptInjection.js';
import { fitPage, type TaskResult } from './fitPage.js';
import { INJECTION_FLAG_PROMPT, JSON_PROMPT, pageMessage } from './llmPrompts.js';
import { isLlmError } from './LlmError.js';

export const JSON_MAX_TOKENS = 2048;

export interface ExtractJsonOptions {
  schema?: Record<string, unknown>;
  validate?: Validate;
  prompt?: string;
  checkPromptInjection?: boolean;
}

/**
 * `data.json`: the page as JSON in the client's schema and/or after the client's prompt. The reply is validated
 * against the schema; one that still fails after the repair turn is a 422. With `checkPromptInjection`, a page
 * with instruction-like text (found by the detector, or flagged by the model itself) is a 403.
 */
export async function extractJson(
  client: LlmClient,
  markdown: string,
  options: ExtractJsonOptions,
  signal: AbortSignal,
): Promise<TaskResult<unknown>> {
  if (options.checkPromptInjection) {
    const matches = detectPromptInjection(markdown);
    if (matches.length > 0) throw promptInjection('detector', matches);
  }
  const system = options.checkPromptInjection ? `${JSON_PROMPT} ${INJECTION_FLAG_PROMPT}` : JSON_PROMPT;
  const instructions = options.prompt ? `Extraction instructions: ${options.prompt}` : undefined;
  const userSchema = options.schema;
  const schema = options.checkPromptInjection
    ? {
        type: 'object',
        properties: { promptInjectionDetected: { type: 'boolean' }, data: userSchema ?? { type: 'object' } },
        required: ['promptInjectionDetected', 'data'],
      }
    : userSchema;
  const validate: Validate = (value) => {
    if (options.checkPromptInjection) {
      const wrapped = value as { promptInjectionDetected?: unknown; data?: unknown } | null;
      if (
        typeof wrapped !== 'object' ||
        wrapped === null ||
        typeof wrapped.promptInjectionDetected !== 'boolean' ||
        !('data' in wrapped)
      ) {
        return ['the reply must be an object with a boolean "promptInjectionDetected" and the extracted "data"'];
      }
      return objectAndSchema(wrapped.data, options.validate);
    }
    return objectAndSchema(value, options.validate);
  };
  const page = fitPage(
    client.config,
    markdown,
    JSON_MAX_TOKENS,
    system + (instructions ?? '') + (schema ? JSON.stringify(schema) : ''),
  );
  let value: unknown;
  try {
    ({ value } = await client.json({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: pageMessage(page.text, instructions) },
      ],
      schema,
      schemaName: 'extraction',
      validate,
      signal,
      maxTokens: JSON_MAX_TOKENS,
    }));
  } catch (error) {
    if (isLlmError(error) && error.kind === 'bad_output') {
      throw errors.unprocessable(
        `Unprocessable Entity: the model could not produce JSON ${options.schema ? 'matching the schema' : ''}`.trim(),
        error.details,
        'SCRAPE_LLM_EXTRACTION_FAILED',
      );
    }
    throw error;
  }
  if (options.checkPromptInjection) {
    const wrapped = value as { promptInjectionDetected: boolean; data: unknown };
    if (wrapped.promptInjectionDetected) throw promptInjection('model', []);
    value = wrapped.data;
  }
  return { value, warnings: page.warnings };
}

function objectAndSchema(value: unknown, validate: Validate | undefined): string[] | null {
  if (validate) return validate(value);
  return typeof value === 'object' && value !== null ? null : ['the reply must be a JSON object or array'];
}

function promptInjection(by: 'detector' | 'model', matches: string[]): ScrapeError {
  return new ScrapeError({
    status: 403,
    error: 'SCRAPE_PROMPT_INJECTION_DETECTED',
    code: 'SCRAPE_PROMPT_INJECTION_DETECTED',
    message:
      'The page tries to instruct the model; extraction aborted. Retry without checkPromptInjection only if this is ' +
      'a false positive.',
    details: { detectedBy: by, ...(matches.length > 0 ? { matches } : {}) },
  });
}
