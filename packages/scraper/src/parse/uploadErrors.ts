import { ScrapeError } from '../errors.js';

/** Errors of POST /v2/parse, each with a `code`: what was wrong with the upload, never a 500. */
export const uploadErrors = {
  tooLarge: (limitBytes: number) =>
    new ScrapeError({
      status: 413,
      error: `Payload Too Large: the file exceeds ${limitBytes} bytes`,
      code: 'PARSE_FILE_TOO_LARGE',
      details: { limitBytes },
    }),
  unsupportedType: (type: string, filename: string) =>
    new ScrapeError({
      status: 415,
      error:
        `Unsupported file type ${type} (${filename}); parse takes PDF, DOCX, XLSX, CSV, PPTX, HTML, text, ` +
        `markdown and PNG/JPEG/TIFF/WebP images`,
      code: 'PARSE_UNSUPPORTED_FILE_TYPE',
      details: { type, filename },
    }),
  typeMismatch: (claimed: string, found: string, filename: string) =>
    new ScrapeError({
      status: 422,
      error: `The file ${filename} says it is ${claimed} but its content is ${found}`,
      code: 'PARSE_FILE_TYPE_MISMATCH',
      details: { claimed, found, filename },
    }),
  unreadable: (type: string, reason: string) =>
    new ScrapeError({
      status: 422,
      error: `The ${type} file could not be read: ${reason}`,
      code: 'PARSE_FILE_UNREADABLE',
      details: { type, reason },
    }),
  encrypted: (type: string) =>
    new ScrapeError({
      status: 422,
      error: `The ${type} file is encrypted or password-protected; upload an unprotected copy`,
      code: 'PARSE_FILE_ENCRYPTED',
      details: { type },
    }),
  tooComplex: (type: string, reason: string) =>
    new ScrapeError({
      status: 422,
      error: `The ${type} file is too large to convert: ${reason}`,
      code: 'PARSE_FILE_TOO_COMPLEX',
      details: { type, reason },
    }),
};
