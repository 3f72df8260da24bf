import { STATUS_CODES } from 'node:http';
import { isScrapeError } from '@scrape/scraper';

/** The JSON error shape of spec §7. */
export interface ErrorBody {
  success: false;
  error: string;
  code?: string;
  details?: unknown;
}

export interface ErrorReply {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
  /** True when the failure is ours (a bug or an unexpected throw): logged at error level with its stack. */
  unexpected: boolean;
}

export const INTERNAL_ERROR: ErrorBody = { success: false, error: 'Internal Server Error', code: 'UNKNOWN_ERROR' };

/**
 * Maps anything a route can throw to the spec's error shape. ScrapeErrors carry their own status and body; the
 * body-reading errors Fastify raises become the spec's 400/413/415; everything else is a 500 that reveals nothing.
 */
export function toErrorReply(err: unknown): ErrorReply {
  if (isScrapeErrorLike(err)) {
    // 200 is a target failure no retry can fix (TARGET_FAILURE_STATUS): still the error shape, `success: false`.
    if ((err.status === 200 && err.toJSON().code !== undefined) || (err.status >= 400 && err.status <= 599)) {
      return {
        status: err.status,
        body: withCode(err.toJSON(), err.status),
        headers: err.headers,
        unexpected: err.status === 500,
      };
    }
    return { status: 500, body: { ...INTERNAL_ERROR }, unexpected: true };
  }

  const e = err as { code?: unknown; statusCode?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return clientError(413, 'Payload Too Large', undefined, { message: 'The request body exceeds the 10 MB limit.' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return clientError(415, 'Unsupported Media Type', 'BAD_REQUEST_CONTENT_TYPE', {
        message: 'Send the body as JSON with Content-Type: application/json.',
      });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return clientError(400, 'Bad Request', undefined, { message: 'Content-Length does not match the body.' });
  }
  // A body parser's 400 without a code of its own (a SyntaxError); our JSON parser throws ScrapeErrors
  // (parseJsonBody).
  const statusCode = typeof e?.statusCode === 'number' ? e.statusCode : undefined;
  if (statusCode === 400 && (err instanceof SyntaxError || code === undefined)) {
    return clientError(400, 'Bad Request', 'BAD_REQUEST_INVALID_JSON', {
      message: `The body is not valid JSON: ${messageOf(e)}`,
    });
  }
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500 && code?.startsWith('FST_')) {
    return clientError(statusCode, STATUS_CODES[statusCode] ?? 'Bad Request', undefined, { message: messageOf(e) });
  }
  return { status: 500, body: { ...INTERNAL_ERROR }, unexpected: true };
}

function clientError(status: number, error: string, code: string | undefined, details: unknown): ErrorReply {
  const body: ErrorBody = { success: false, error, code: code ?? codeForStatus(status) };
  if (details !== undefined) body.details = details;
  return { status, body, unexpected: false };
}

/** Every error body carries a `code`; an error raised without one gets the generic code of its status. */
function withCode(body: ErrorBody, status: number): ErrorBody {
  return body.code === undefined ? { ...body, code: codeForStatus(status) } : body;
}

function codeForStatus(status: number): string {
  const name = STATUS_CODES[status] ?? (status < 500 ? 'Bad Request' : 'Server Error');
  return name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

function messageOf(e: { message?: unknown } | null): string {
  return typeof e?.message === 'string' ? e.message : 'unknown';
}

/** Also recognises a ScrapeError from a second copy of @scrape/scraper (two installs in one process). */
function isScrapeErrorLike(err: unknown): err is {
  status: number;
  headers?: Record<string, string>;
  toJSON(): ErrorBody;
} {
  if (isScrapeError(err)) return true;
  const e = err as { name?: unknown; status?: unknown; error?: unknown; toJSON?: unknown } | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    e.name === 'ScrapeError' &&
    typeof e.status === 'number' &&
    typeof e.error === 'string' &&
    typeof e.toJSON === 'function'
  );
}
