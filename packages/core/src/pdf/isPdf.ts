// Is a response a PDF? The bytes and the content type decide, never the URL: a PDF served as
// application/octet-stream or behind an extensionless URL is a PDF; an HTML page at a `.pdf` URL is HTML.

/** PDF readers accept the header anywhere in the first 1024 bytes (some servers prepend junk). */
const MAGIC_WINDOW = 1024;
const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export function hasPdfMagic(bytes: Uint8Array | undefined | null): boolean {
  if (!bytes) return false;
  const end = Math.min(bytes.length - MAGIC.length, MAGIC_WINDOW);
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < MAGIC.length; j++) if (bytes[i + j] !== MAGIC[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * True for `application/pdf` (and `application/x-pdf`) content types and for bodies that start with `%PDF-`.
 * A body that is clearly HTML wins over a wrong `application/pdf` header (error pages served with the PDF's type).
 */
export function isPdf(contentType: string | undefined | null, bytes?: Uint8Array | null): boolean {
  if (hasPdfMagic(bytes)) return true;
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/pdf' && type !== 'application/x-pdf') return false;
  if (bytes && bytes.length > 0 && looksLikeHtml(bytes)) return false;
  return true;
}

function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  return (
    head.startsWith('<!doctype html') ||
    head.startsWith('<html') ||
    head.startsWith('<?xml') ||
    head.startsWith('<head')
  );
}
