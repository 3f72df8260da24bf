import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Scraper } from '@scrape/scraper';
import { uploadErrors } from '@scrape/scraper/internal';
import type { Accounts, Admission } from '../accounts/openAccounts.js';
import { abortWhenClientLeaves } from './clientLeft.js';
import { documentRoutes, PARSE_ROUTE } from './documentRoutes.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Largest file POST /v2/parse takes by default (the page size limit of scrape is 50 MB too). */
export const PARSE_MAX_FILE_BYTES = 50 * 1024 * 1024;
/** The `options` field is JSON of scrape options; a real one is a few KB (a JSON schema at most). */
const MAX_OPTIONS_BYTES = 1024 * 1024;
export const ENDPOINT_PARSE = 'parse';

export interface ParseRouteOptions {
  scraper: Scraper;
  accounts?: Accounts;
  requireKey: Guard;
  maxFileBytes?: number;
}

type UploadedFile = { filename: string; contentType: string; bytes: Uint8Array };

/** Reads the multipart parts: the one `file` part and the `options` field; multipart limits become typed errors. */
async function readUpload(
  request: FastifyRequest,
  maxFileBytes: number,
): Promise<{ file: UploadedFile | undefined; rawOptions: string | undefined }> {
  if (!request.isMultipart()) {
    throw errors.badRequest(
      'Send the file as multipart/form-data with a `file` part (and optional `options` JSON)',
      undefined,
      'BAD_REQUEST_NOT_MULTIPART',
    );
  }
  let file: UploadedFile | undefined;
  let rawOptions: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer().catch(() => undefined);
          throw errors.badRequest(
            'Send exactly one file, in the `file` part',
            [{ code: 'unexpected_part', path: [part.fieldname], message: 'only `file` may hold a file' }],
            'BAD_REQUEST_INVALID_UPLOAD',
          );
        }
        file = { filename: part.filename || 'upload', contentType: part.mimetype, bytes: await part.toBuffer() };
      } else if (part.fieldname === 'options') {
        rawOptions = String(part.value);
      }
    }
  } catch (error) {
    throw uploadLimitError(error, maxFileBytes);
  }
  return { file, rawOptions };
}

/** A multipart limit as the API's error (the file size, too many parts); any other error as it is. */
function uploadLimitError(error: unknown, maxFileBytes: number): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadErrors.tooLarge(maxFileBytes);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return errors.badRequest(
      'Too many parts: send one `file` and one `options` field',
      undefined,
      'BAD_REQUEST_INVALID_UPLOAD',
    );
  }
  return error;
}

/** The uploaded file, refused when missing or empty. */
function requireFile(file: UploadedFile | undefined): UploadedFile {
  if (!file)
    throw errors.badRequest(
      'The `file` part is missing',
      [{ code: 'required', path: ['file'], message: 'file is required' }],
      'BAD_REQUEST_INVALID_UPLOAD',
    );
  if (file.bytes.length === 0)
    throw errors.badRequest(
      'The uploaded file is empty',
      [{ code: 'too_small', path: ['file'], message: 'file is empty' }],
      'BAD_REQUEST_INVALID_UPLOAD',
    );
  return file;
}

/** The `options` field as JSON (absent or blank: undefined). */
function parseOptionsField(rawOptions: string | undefined): unknown {
  if (rawOptions === undefined || rawOptions.trim() === '') return undefined;
  try {
    return JSON.parse(rawOptions);
  } catch (error) {
    throw errors.badRequest(
      `options is not valid JSON: ${(error as Error).message}`,
      [{ code: 'invalid_json', path: ['options'], message: 'options must be JSON' }],
      'BAD_REQUEST_INVALID_JSON',
    );
  }
}

/**
 * POST /v2/parse: the SDK's multipart upload (`options` as a JSON field, then `file`). The file is read into memory
 * (never written to disk, so nothing is left behind or kept under zero data retention), converted and answered as
 * a Document; credits as for a scrape (PDFs per page). Multipart parsing is registered in this scope only, so the
 * JSON routes keep refusing other content types.
 */
export function registerParseRoute(app: FastifyInstance, options: ParseRouteOptions): void {
  // An embedder's own Scraper made before parse existed: no parse route (404 as before).
  if (typeof (options.scraper as Partial<Scraper>).parse !== 'function') return;
  documentRoutes(app, [PARSE_ROUTE]);
  const maxFileBytes = options.maxFileBytes ?? PARSE_MAX_FILE_BYTES;
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: maxFileBytes,
        files: 1,
        fields: 10,
        fieldSize: MAX_OPTIONS_BYTES,
        parts: 12,
        headerPairs: 100,
      },
      throwFileSizeLimit: true,
    });
    scope.post('/v2/parse', { onRequest: options.requireKey }, async (request, reply) => {
      const upload = await readUpload(request, maxFileBytes);
      let file: UploadedFile | undefined = requireFile(upload.file);
      const parsedOptions = parseOptionsField(upload.rawOptions);

      const client = abortWhenClientLeaves(reply);
      let admission: Admission | undefined;
      try {
        if (options.accounts && request.account) {
          admission = await options.accounts.admit(request.account, parsedOptions ?? {}, client.signal, {
            endpoint: ENDPOINT_PARSE,
          });
        }
        const data = await options.scraper.parse(file, parsedOptions, { signal: client.signal, team: request.team });
        await admission?.succeed(data);
        request.log.info({ fileType: data.metadata.fileType, bytes: file.bytes.length }, 'parse');
        return { success: true, data };
      } catch (error) {
        await admission?.fail(error);
        throw error;
      } finally {
        client.release();
        // The bytes are only referenced here; dropping them lets the memory go as soon as the answer is sent.
        file = undefined;
      }
    });
  });
}
