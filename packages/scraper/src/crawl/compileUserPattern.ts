import safeRegex from 'safe-regex2';
import { errors } from '../errors.js';

/** Longest pattern accepted: enough for any real path rule, short enough to keep compile and checks cheap. */
export const PATTERN_MAX_CHARS = 1_000;
/** Patterns are tested against at most this much of a URL, so even a slow (but accepted) one has a bounded input. */
export const PATTERN_INPUT_MAX_CHARS = 2_048;

/**
 * Compiles a user's include/exclude pattern. User regexes are hostile: too long, not compiling, or with nested
 * quantifiers that can backtrack exponentially (safe-regex2's star-height check, the one Fastify uses for routes)
 * are a 400 naming the field, before any page is fetched.
 */
export function compileUserPattern(source: string, path: (string | number)[]): RegExp {
  const fail = (why: string) =>
    errors.badRequest(
      `Invalid pattern in ${path.join('.')}: ${why}`,
      [{ code: 'invalid_pattern', path, message: why }],
      'BAD_REQUEST_INVALID_PATTERN',
    );
  if (source.length > PATTERN_MAX_CHARS) throw fail(`longer than ${PATTERN_MAX_CHARS} characters`);
  let regex: RegExp;
  try {
    regex = new RegExp(source);
  } catch (error) {
    throw fail(`does not compile (${(error as Error).message})`);
  }
  if (!safeRegex(regex)) throw fail('nested quantifiers can take exponential time; simplify the pattern');
  return regex;
}

export function testPattern(regex: RegExp, input: string): boolean {
  return regex.test(input.length > PATTERN_INPUT_MAX_CHARS ? input.slice(0, PATTERN_INPUT_MAX_CHARS) : input);
}
