// The parsing helpers of environment variables: one per kind of value, shared by every variable of envSchema.ts,
// so "a whole number", "a boolean" or "a URL" means the same thing for each of them.
import { z } from 'zod';
import type { ProxyEndpoint } from '../engines/engine.js';
import { parseProxyUrl } from '../engines/planProxyAttempts.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Artifact-link secrets shorter than this are guessable enough to forge links with; the configuration refuses them. */
export const MIN_ARTIFACT_SECRET_LENGTH = 16;

/** A value read from the variable's text, or what the text should have been ("must be ..."). */
type Reading<T> = { value: T } | { problem: string };

/** How one kind of value is read: its name in the docs table, and the zod schema from raw text to value. */
export interface EnvType<T> {
  /** The type column of the docs table. */
  readonly label: string;
  /** Unset or blank → undefined (the variable's default applies); anything else is read or is an issue. */
  readonly schema: z.ZodType<T | undefined, string | undefined>;
}

function envType<T>(label: string, read: (text: string) => Reading<T>): EnvType<T> {
  const schema = z
    .string()
    .optional()
    .transform((raw, ctx): T | undefined => {
      const text = raw?.trim();
      if (!text) return undefined;
      const reading = read(text);
      if ('value' in reading) return reading.value;
      ctx.addIssue({ code: 'custom', message: reading.problem });
      return z.NEVER;
    });
  return { label, schema };
}

/** Free text (a secret, a key prefix, a host name). */
export function text(label = 'text'): EnvType<string> {
  return envType(label, (value) => ({ value }));
}

/** A file or directory path; whether it exists is the user's concern (a missing binary gets its own clear error). */
export function path(): EnvType<string> {
  return text('path');
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** `1`/`true`/`yes`/`on` or `0`/`false`/`no`/`off`, any case. */
export function flag(): EnvType<boolean> {
  return envType<boolean>('boolean', (raw) => {
    const v = raw.toLowerCase();
    if (TRUE.includes(v)) return { value: true };
    if (FALSE.includes(v)) return { value: false };
    return { problem: 'must be 1/true or 0/false' };
  });
}

/** A whole number in [min, max]: counts, ports, milliseconds. */
export function integer(bounds: { min: number; max?: number }): EnvType<number> {
  const { min, max } = bounds;
  const range = max === undefined ? `of at least ${min}` : `from ${min} to ${max}`;
  const label = max === undefined ? `integer ≥ ${min}` : `integer ${min}-${max}`;
  return envType<number>(label, (raw) => {
    const n = Number(raw);
    if (!/^-?\d+$/.test(raw) || n < min || (max !== undefined && n > max))
      return { problem: `must be a whole number ${range}` };
    return { value: n };
  });
}

/** A number ≥ min, fractions allowed (a rate). */
export function decimal(bounds: { min: number }): EnvType<number> {
  return envType<number>(`number ≥ ${bounds.min}`, (raw) => {
    const n = Number(raw);
    if (!/^-?\d+(\.\d+)?$/.test(raw) || n < bounds.min)
      return { problem: `must be a number of at least ${bounds.min}` };
    return { value: n };
  });
}

/** One of `values`, any case (read in lower case). */
export function oneOf<const V extends readonly string[]>(values: V): EnvType<V[number]> {
  return envType<V[number]>(values.join(' / '), (raw) => {
    const v = raw.toLowerCase();
    return values.includes(v) ? { value: v as V[number] } : { problem: `must be one of ${values.join(', ')}` };
  });
}

/** Comma-separated items, blanks dropped (`a, b,,c` → [a, b, c]). */
export function list(label = 'comma-separated list'): EnvType<string[]> {
  return envType(label, (raw) => ({
    value: raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  }));
}

/** An http(s) base URL without query or fragment (e.g. https://scrape.example.com or http://127.0.0.1:11434/v1). */
export function httpUrl(): EnvType<string> {
  return envType<string>('http(s) URL', (raw) =>
    /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(raw)
      ? { value: raw }
      : { problem: 'must be an http(s) base URL, e.g. https://host.example' },
  );
}

/** A Redis URL (it may carry a password: never echoed). */
export function redisUrl(): EnvType<string> {
  return envType<string>('redis(s):// URL', (raw) =>
    /^rediss?:\/\/[^\s]+$/.test(raw)
      ? { value: raw }
      : { problem: 'must be a redis:// or rediss:// URL (e.g. redis://:password@redis.internal:6379/0)' },
  );
}

/** `http://[user:pass@]host:port`, parsed into the engines' proxy endpoint. */
export function proxyUrl(): EnvType<ProxyEndpoint> {
  return envType<ProxyEndpoint>('http:// proxy URL', (raw) => {
    try {
      return { value: parseProxyUrl(raw, 'it') };
    } catch (error) {
      // parseProxyUrl names its setting first ("it must be ..."): keep the rest, the parser names the variable.
      return { problem: (error as Error).message.replace(/^it /, '') };
    }
  });
}
