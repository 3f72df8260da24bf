import { isPdf } from '@scrape/core';
import { hasPdfMagic } from '@scrape/core/internal';

/** How the transform step treats a body. */
export type ContentKind = 'html' | 'json' | 'text' | 'pdf' | 'binary';

/** Bytes looked at when the server's Content-Type is missing or generic. */
const SNIFF_BYTES = 1024;
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf']);
const HTML_START =
  /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body|meta|title|div|p|script|style|a|table|h[1-6]|br)\b/i;

/** The media type without parameters, lower-cased (`text/html; charset=x` → `text/html`). */
export function mediaType(contentType: string): string {
  return contentType.split(';', 1)[0].trim().toLowerCase();
}

/**
 * Decides the content kind from the Content-Type, sniffing the body when the type is absent or says nothing
 * (`application/octet-stream`, `binary/octet-stream`): servers often mislabel PDFs and pages that way. The URL never
 * decides: an HTML page at a `.pdf` URL is HTML, a PDF behind an extensionless URL is a PDF.
 */
export function classifyContent(contentType: string, body: Uint8Array): ContentKind {
  const type = mediaType(contentType);
  // A body that starts with %PDF- is a PDF whatever the server calls it (text/plain and text/html PDFs exist).
  if (startsWith(body, PDF_MAGIC)) return 'pdf';
  // Junk before the header is tolerated (PDF readers look in the first 1024 bytes) only when the type allows a PDF,
  // so a text page that merely mentions "%PDF-" near its top stays text.
  if ((type === '' || isGeneric(type) || PDF_TYPES.has(type)) && hasPdfMagic(body)) return 'pdf';
  // A PDF type over an HTML body is a server's error page, not a PDF; core's isPdf tells them apart.
  if (PDF_TYPES.has(type)) return isPdf(contentType, body) ? 'pdf' : sniff(body);
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (
    type.startsWith('text/') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript'
  )
    return 'text';
  if (type === '' || isGeneric(type)) return sniff(body);
  return 'binary';
}

function isGeneric(type: string): boolean {
  return type === 'application/octet-stream' || type === 'binary/octet-stream' || type === 'application/unknown';
}

function sniff(body: Uint8Array): ContentKind {
  const head = body.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return 'binary';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  if (HTML_START.test(text)) return 'html';
  if (!isPlausibleText(head)) return 'binary';
  return 'text';
}

/** Rejects bytes that are not UTF-8 text (a few control characters are fine; lots mean binary). */
function isPlausibleText(head: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, lastCompleteUtf8(head)));
  } catch {
    return false;
  }
  let control = 0;
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20)) control++;
  return control <= head.length / 100;
}

/** The sniff window may cut a multi-byte character: ignore a trailing partial sequence. */
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

function startsWith(body: Uint8Array, magic: number[]): boolean {
  if (body.length < magic.length) return false;
  return magic.every((b, i) => body[i] === b);
}
