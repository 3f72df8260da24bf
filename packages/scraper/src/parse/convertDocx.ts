import mammoth from 'mammoth';
import { uploadErrors } from './uploadErrors.js';

/**
 * DOCX → HTML with mammoth: it maps Word's styles to semantic HTML (Heading 1 → h1, lists, tables, bold/italic,
 * links) and ignores page layout, which is what a markdown reader wants. Images are dropped (they would become
 * base64 data URIs the size of the image); their alt text stays.
 */
export async function convertDocx(bytes: Uint8Array): Promise<string> {
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        // mammoth adds the image's alt text itself; the bytes are not inlined.
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    return `<html><body>${headerRows(result.value)}</body></html>`;
  } catch (error) {
    throw uploadErrors.unreadable('DOCX', (error as Error).message);
  }
}

/**
 * mammoth writes a table without a header row as plain rows, which markdown would give an empty header line; the
 * first row of such a table is its header in practice, so it becomes one. (Only mammoth's own regular output is
 * rewritten here: `<table><tr><td>...`.)
 */
function headerRows(html: string): string {
  return html.replace(
    /<table>(<tr>[\s\S]*?<\/tr>)/g,
    (_m, row: string) =>
      `<table><thead>${row.replace(/<td(\s[^>]*)?>/g, '<th$1>').replace(/<\/td>/g, '</th>')}</thead>`,
  );
}
