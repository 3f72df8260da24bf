import type { ActionResults } from '../types.js';
import type { ActionEnvironment, ActionOf } from './actionEnvironment.js';

/** `pdf`: prints the page as it is now (Letter, portrait, scale 1 unless asked) with backgrounds, and records it. */
export async function pdfAction(
  action: ActionOf<'pdf'>,
  env: ActionEnvironment,
  results: ActionResults,
): Promise<void> {
  const pdf = await env.page.pdf({
    format: action.format ?? 'Letter',
    landscape: action.landscape ?? false,
    scale: action.scale ?? 1,
    printBackground: true,
  });
  results.pdfs.push({
    bytes: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength),
    mimeType: 'application/pdf',
  });
}
