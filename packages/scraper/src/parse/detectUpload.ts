import { fileTypeFromBuffer } from 'file-type';
import { uploadErrors } from './uploadErrors.js';

/** What the parse route can convert, and how. */
export type UploadKind = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'pptx' | 'html' | 'text' | 'markdown' | 'image';

export interface Upload {
  filename: string;
  /** The part's Content-Type as sent (often application/octet-stream). */
  contentType?: string;
  bytes: Uint8Array;
}

export interface DetectedUpload {
  kind: UploadKind;
  /** The media type the content was recognised as. */
  mimeType: string;
}

const OOXML = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

/** File name extensions and the kind each claims. Data, not logic: one row per extension. */
const EXTENSIONS: Record<string, UploadKind> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  csv: 'csv',
  pptx: 'pptx',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  txt: 'text',
  text: 'text',
  md: 'markdown',
  markdown: 'markdown',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  tif: 'image',
  tiff: 'image',
  webp: 'image',
};

/** Declared media types and the kind each claims. */
const MEDIA_TYPES: Record<string, UploadKind> = {
  'application/pdf': 'pdf',
  [OOXML.docx]: 'docx',
  [OOXML.xlsx]: 'xlsx',
  [OOXML.pptx]: 'pptx',
  'text/csv': 'csv',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/tiff': 'image',
  'image/webp': 'image',
};

/** Binary types file-type recognises that we convert. Anything else it recognises is refused (an .exe, a zip, ...). */
const BINARY_KINDS: Record<string, UploadKind> = {
  'application/pdf': 'pdf',
  [OOXML.docx]: 'docx',
  [OOXML.xlsx]: 'xlsx',
  [OOXML.pptx]: 'pptx',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/tiff': 'image',
  'image/webp': 'image',
};
const TEXT_KINDS = new Set<UploadKind>(['csv', 'html', 'text', 'markdown']);
/** Legacy Office files (OLE containers): also what an encrypted OOXML file is wrapped in. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The kind a table gives a name; own keys only, so "x.constructor" or type "constructor" is no kind. */
function kindIn(table: Record<string, UploadKind>, key: string | undefined): UploadKind | undefined {
  return key && Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * Decides what the upload is from its bytes first, then its name and declared type: the content must be what the
 * name claims (a `.docx` that is not a Word zip is a 422), unknown binaries are a 415. Text files are told apart by
 * their name or declared type (their bytes say little).
 */
export async function detectUpload(upload: Upload): Promise<DetectedUpload> {
  const extension = extensionOf(upload.filename);
  const declared = mediaTypeOf(upload.contentType);
  // Own keys only: a file "x.constructor" or a content type "constructor" claims nothing.
  const claimed = kindIn(EXTENSIONS, extension) ?? kindIn(MEDIA_TYPES, declared);
  const label = extension ? `.${extension}` : declared || 'a file without a type';

  if (startsWith(upload.bytes, OLE_MAGIC)) {
    // An encrypted .docx/.xlsx/.pptx is an OLE container holding the encrypted package.
    if (claimed === 'docx' || claimed === 'xlsx' || claimed === 'pptx')
      throw uploadErrors.encrypted(claimed.toUpperCase());
    throw uploadErrors.unsupportedType('application/x-ole-storage (legacy .doc/.xls/.ppt)', upload.filename);
  }
  const found = await fileTypeFromBuffer(upload.bytes).catch(() => undefined);
  if (found) return recognisedBinary(found.mime, claimed, label, upload.filename);
  // Not a recognised binary: a binary claim is a mismatch, text needs to be text.
  if (claimed && !TEXT_KINDS.has(claimed)) {
    throw uploadErrors.typeMismatch(
      label,
      looksLikeText(upload.bytes) ? 'text' : 'unrecognised binary data',
      upload.filename,
    );
  }
  if (!looksLikeText(upload.bytes))
    throw uploadErrors.unsupportedType(declared || 'unrecognised binary data', upload.filename);
  const kind = claimed ?? (sniffHtml(upload.bytes) ? 'html' : 'text');
  return { kind, mimeType: kindMimeType(kind) };
}

/** A binary the bytes name (`mime`): one we read and the name agrees with, or a 415 (unknown) or 422 (mismatch). */
function recognisedBinary(
  mime: string,
  claimed: UploadKind | undefined,
  label: string,
  filename: string,
): DetectedUpload {
  const kind = kindIn(BINARY_KINDS, mime);
  if (!kind) {
    if (claimed && claimed !== 'text' && claimed !== 'csv' && claimed !== 'html' && claimed !== 'markdown') {
      throw uploadErrors.typeMismatch(label, mime, filename);
    }
    throw uploadErrors.unsupportedType(mime, filename);
  }
  if (claimed && claimed !== kind) throw uploadErrors.typeMismatch(label, mime, filename);
  return { kind, mimeType: mime };
}

function kindMimeType(kind: UploadKind): string {
  return (
    { csv: 'text/csv', html: 'text/html', markdown: 'text/markdown', text: 'text/plain' }[kind as 'csv'] ??
    'application/octet-stream'
  );
}

function extensionOf(filename: string): string | undefined {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : undefined;
}

function mediaTypeOf(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';', 1)[0].trim().toLowerCase();
  return type && type !== 'application/octet-stream' ? type : undefined;
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** Text is valid UTF-8 (or UTF-16 with a BOM) with almost no control characters in its first 64 KB. */
function looksLikeText(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  const head = bytes.subarray(0, 64 * 1024);
  let control = 0;
  for (const b of head) if (b === 0 || b < 0x09 || (b > 0x0d && b < 0x20)) control++;
  if (control > head.length / 200) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(
      head.length < bytes.length ? head.subarray(0, lastCompleteUtf8(head)) : head,
    );
    return true;
  } catch {
    // Latin-1 and other single-byte text is still text; the decoder replaces what it cannot read.
    return control === 0;
  }
}

function lastCompleteUtf8(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const b = bytes[end - back];
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? end - back : end;
  }
  return end;
}

function sniffHtml(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '');
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b/i.test(head);
}
