/**
 * Decodes a non-HTML text body: BOM first, then the Content-Type charset, then UTF-8. (HTML bodies are decoded by
 * @scrape/core, which also reads <meta charset>.) Node's TextDecoder knows the WHATWG encodings, Shift_JIS included.
 */
export function decodeText(body: Uint8Array, contentType: string): string {
  const bom = bomEncoding(body);
  const label = bom ?? charsetOf(contentType) ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body);
}

function charsetOf(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match?.[1];
}

function bomEncoding(body: Uint8Array): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return undefined;
}
