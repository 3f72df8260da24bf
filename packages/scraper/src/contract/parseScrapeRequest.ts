import type { z } from 'zod';
import { errors, type ScrapeError } from '../errors.js';
import { LOCKDOWN_MAX_AGE_DEFAULT_MS, MAX_AGE_DEFAULT_MS, COUNTRY_DEFAULT } from './limits.js';
import type { FormatObject } from './formats.js';
import { scrapeRequestSchema, type ScrapeRequest } from './scrapeRequest.js';
import { checkRequestSizes } from './checkRequestSizes.js';

/** One per-field problem in a 400's `details`. */
export interface ValidationIssue {
  code: string;
  path: (string | number)[];
  message: string;
  keys?: string[];
}

/**
 * Validates an untrusted body against the v2 contract and fills every default.
 * Throws the spec's 400s: `Invalid URL` when `url` is missing/malformed/not http(s); otherwise the first custom
 * rule's message (e.g. "waitFor must not exceed half of timeout") or `Bad Request`, with per-field `details`.
 */
export function parseScrapeRequest(body: unknown): ScrapeRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw errors.badRequest('Bad Request: the request body must be a JSON object', [
      { code: 'invalid_type', path: [], message: 'The request body must be a JSON object' },
    ]);
  }
  checkRequestSizes(body as Record<string, unknown>);
  const result = scrapeRequestSchema.safeParse(body);
  if (!result.success) throw toValidationError(result.error.issues);
  return normalizeScrapeRequest(result.data);
}

export function toValidationError(issues: readonly z.core.$ZodIssue[]): ScrapeError {
  const details: ValidationIssue[] = issues.flatMap(branchIssues).map((issue) => {
    const out: ValidationIssue = {
      code: issue.code,
      path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      message: issue.message,
    };
    if (issue.code === 'unrecognized_keys') out.keys = issue.keys;
    return out;
  });
  if (issues.some((issue) => issue.path[0] === 'url')) return errors.invalidUrl(details);
  const custom = issues.find((issue) => issue.code === 'custom');
  if (custom) return errors.badRequest(custom.message, details);
  return errors.badRequest(`Bad Request: ${describeIssues(details)}`, details);
}

/** How many issues the `error` string spells out; `details` keeps them all. */
const ISSUES_IN_MESSAGE = 3;

/**
 * `error` itself names the field and the reason (clients print only `error`): "Bad Request: timeout: Too small:
 * expected number to be >=1000; unknown field "fromats"". Still starts with the spec's `Bad Request`.
 */
export function describeIssues(details: readonly ValidationIssue[]): string {
  if (details.length === 0) return 'the request body is invalid';
  const parts = details.slice(0, ISSUES_IN_MESSAGE).map((issue) => {
    const where = formatPath(issue.path);
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      const names = issue.keys.map((key) => (where ? `${where}.${key}` : key));
      return `unknown field${names.length > 1 ? 's' : ''} ${names.map((n) => `"${n}"`).join(', ')}`;
    }
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  const more = details.length - ISSUES_IN_MESSAGE;
  return parts.join('; ') + (more > 0 ? ` (and ${more} more in details)` : '');
}

/** `['formats', 0, 'type']` → `formats[0].type`. */
function formatPath(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
}

/**
 * A union (e.g. `redactPII`: boolean or options) fails as one vague "Invalid input"; when exactly one branch got the
 * right type of value, its own issues (paths made absolute) say what is wrong inside it.
 */
function branchIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || !Array.isArray(issue.errors)) return [issue];
  const typed = issue.errors.filter(
    (branch) => !(branch.length === 1 && branch[0].code === 'invalid_type' && branch[0].path.length === 0),
  );
  if (typed.length !== 1) return [issue];
  return typed[0].map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as z.core.$ZodIssue);
}

function normalizeScrapeRequest(parsed: z.output<typeof scrapeRequestSchema>): ScrapeRequest {
  return {
    ...parsed,
    formats: dedupeFormats(parsed.formats.map(fromQueryFormat)),
    maxAge: parsed.maxAge ?? (parsed.lockdown ? LOCKDOWN_MAX_AGE_DEFAULT_MS : MAX_AGE_DEFAULT_MS),
    location: parsed.location ?? { country: COUNTRY_DEFAULT },
  };
}

/** The deprecated `query` format is `question` (freeform) or `highlights` (directQuote) under another name. */
function fromQueryFormat(format: FormatObject): FormatObject {
  if (format.type !== 'query') return format;
  return format.mode === 'directQuote'
    ? { type: 'highlights', query: format.prompt }
    : { type: 'question', question: format.prompt };
}

/** `["markdown", {type:"markdown"}]` asks for markdown once; the first occurrence of a type wins. */
function dedupeFormats(formats: FormatObject[]): FormatObject[] {
  const seen = new Set<string>();
  return formats.filter((f) => (seen.has(f.type) ? false : (seen.add(f.type), true)));
}
