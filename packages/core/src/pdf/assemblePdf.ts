// Last step of parsePdf.ts: the laid-out pages (layoutPages.ts) → the result. Each page's blocks are rendered to
// markdown (renderBlock), placed in the document (page markers, a table continued across a page break joined), typed
// for the blocks output with their spans in the markdown, and the document's metadata read from its info dictionary.
import type * as mupdf from 'mupdf';
import type { LayoutBlock } from './buildBlocks.js';
import type { Heading } from './classifyHeadings.js';
import type { FurnitureType } from './detectFurniture.js';
import type { PageText, Segment } from './extractPageText.js';
import { layoutPages, type PageLayout } from './layoutPages.js';
import type { PageWork } from './pageWork.js';
import { pdfError } from './pdfErrors.js';
import type {
  ParsePdfOptions,
  ParsePdfResult,
  PdfBlock,
  PdfBlockType,
  PdfMetadata,
  PdfPage,
  PdfPageBlocks,
} from './pdfTypes.js';
import { renderBlock } from './renderBlock.js';
import { tableContinuation } from './tableContinuation.js';
import { inkReader } from './textInk.js';

const PAGE_MARKER = (n: number) => `\n\n---\n\n<!-- page ${n} -->\n\n`;

function blockType(block: LayoutBlock, heading: Heading | undefined): { type: PdfBlockType; label: string } {
  if (heading) return { type: heading.type, label: heading.type === 'title' ? 'title' : `heading_${heading.level}` };
  switch (block.kind) {
    case 'table':
      return { type: 'table', label: 'table' };
    case 'figure':
      return { type: 'figure', label: 'picture' };
    case 'caption':
      return { type: 'caption', label: 'caption' };
    case 'list_item':
      return { type: 'text', label: 'list_item' };
    case 'code':
      return { type: 'text', label: 'code' };
    default:
      return { type: 'text', label: 'paragraph' };
  }
}

/** A block of the page before its id and reading order are known. */
type PendingBlock = Omit<PdfBlock, 'id' | 'readingOrder'>;
type ToBbox = (x0: number, y0: number, x1: number, y1: number) => [number, number, number, number] | null;

export function assemble(
  doc: mupdf.Document,
  work: PageWork[],
  numPages: number,
  totalPages: number,
  mode: 'fast' | 'auto' | 'ocr',
  options: ParsePdfOptions,
): ParsePdfResult {
  assertSomethingToRead(work, mode);
  // The margin rules may ask a row's ink (a red stamp vs a letter's date): read lazily, only from the pages asked
  // about (a short document's outermost rows, a row off to the right under a running head).
  const { pages, headings } = layoutPages(work, inkReader(doc));
  let markdown = '';
  const pageMarkdown: PdfPage[] = [];
  const blockPages: PdfPageBlocks[] = [];
  let firstTitle: string | undefined;
  // The markdown's last block so far (a table, the table a run of continued parts began with).
  let lastShown: LayoutBlock | undefined;
  for (const page of pages) {
    const { text } = page;
    const toBbox: ToBbox = (x0, y0, x1, y1) =>
      text.width > 0 && text.height > 0
        ? [clamp01(x0 / text.width), clamp01(y0 / text.height), clamp01(x1 / text.width), clamp01(y1 / text.height)]
        : null;
    const furniture = [...page.furniture].sort((a, b) => a.seg.y0 - b.seg.y0 || a.seg.x0 - b.seg.x0);
    const top = furniture.filter((f) => f.seg.y0 < text.height / 2);
    const bottom = furniture.filter((f) => f.seg.y0 >= text.height / 2);
    const pending: PendingBlock[] = top.map((f) => furnitureItem(f, toBbox));
    const { pageMd, first, last, title } = renderPageBody(page, headings, toBbox, pending);
    firstTitle ??= title;
    pending.push(...bottom.map((f) => furnitureItem(f, toBbox)));

    // Place the page in the document: markers between pages, none before the first page with content.
    // A table going on from the page before joins it (no markers between: they would cut it).
    const joined =
      first && markdown.length > 0 && !options.pageMarkers
        ? tableContinuation(lastShown, first.block, text.width)
        : undefined;
    const marker = options.pageMarkers ? PAGE_MARKER(text.pageNumber) : '\n\n';
    const placed = placePage(markdown, pageMd, first, joined, marker, pending);
    markdown = placed.markdown;
    const { offset, shift } = placed;
    if (last) lastShown = joined !== undefined && last === first?.block ? lastShown : last;
    if (options.pages) pageMarkdown.push({ pageNumber: text.pageNumber, markdown: pageMd });
    if (options.blocks) blockPages.push(pageBlocks(text, work, pending, offset + shift, offset >= 0));
  }
  const { title, metadata } = documentMetadata(doc, work, numPages, totalPages, firstTitle);
  const result: ParsePdfResult = { markdown, numPages, totalPages, metadata };
  if (title) result.title = title;
  if (options.pages) result.pages = pageMarkdown;
  if (options.blocks) result.blocks = blockPages;
  return result;
}

/**
 * The document's markdown with the page's appended: after a marker (none before the first page with content), or
 * joined to the table it continues (`joined`: that table with the page's first rows). Returns where the page's
 * markdown starts (-1: it has none) and how far its spans move (the continued table grew by `shift`).
 */
function placePage(
  markdown: string,
  pageMd: string,
  first: PageBody['first'],
  joined: string | undefined,
  marker: string,
  pending: PendingBlock[],
): { markdown: string; offset: number; shift: number } {
  if (pageMd.length === 0) return { markdown, offset: -1, shift: 0 };
  if (first && joined !== undefined) {
    let out = markdown + (joined ? '\n' : '');
    const offset = out.length;
    const shift = joined.length - first.fragment.length;
    // Spans move by `shift`; the continued table's own span becomes the rows it added.
    pending[first.item].markdownSpan = joined ? [-shift, first.fragment.length] : null;
    out += joined + pageMd.slice(first.fragment.length);
    return { markdown: out, offset, shift };
  }
  const out = markdown.length > 0 ? markdown + marker : markdown;
  return { markdown: out + pageMd, offset: out.length, shift: 0 };
}

/** A document with no text to give: a scan without OCR (in `fast`, or with no engine), or no readable page. */
function assertSomethingToRead(work: PageWork[], mode: 'fast' | 'auto' | 'ocr'): void {
  const scanned = work.filter((w) => w.needsOcr).length;
  const hasText = work.some((w) => w.text.segments.length > 0);
  if (!hasText && scanned > 0) {
    if (mode === 'fast')
      throw pdfError(
        'unsupported_content',
        'PDF_NEEDS_OCR',
        'This PDF has no text layer (it looks scanned), so mode "fast" cannot read it; use parsers: [{ type: "pdf", ' +
          'mode: "auto" }] or mode "ocr".',
        { scannedPages: scanned },
      );
    throw pdfError(
      'unsupported_content',
      'PDF_OCR_UNAVAILABLE',
      'This PDF has no text layer and no OCR engine is available in this process.',
      {
        scannedPages: scanned,
      },
    );
  }
  if (!hasText && work.every((w) => w.error))
    throw pdfError(
      'parse_failed',
      'PDF_UNREADABLE',
      `No page of the PDF could be read: ${work[0]?.error ?? 'unknown error'}.`,
    );
}

/** A running head or foot as a block of its page. */
function furnitureItem(f: { seg: Segment; type: FurnitureType }, toBbox: ToBbox): PendingBlock {
  return {
    type: f.type,
    label: f.type,
    bbox: toBbox(f.seg.x0, f.seg.y0, f.seg.x1, f.seg.y1),
    content: f.seg.text,
    markdownSpan: null,
    source: f.seg.source,
    confidence: { layout: 0.8, ocr: f.seg.confidence },
  };
}

/** The page's body rendered: its markdown and each fragment's span inside it (`pending` gets a block for each). */
interface PageBody {
  pageMd: string;
  /** The first block with markdown, its fragment and its index in `pending` (a table may continue there). */
  first: { block: LayoutBlock; fragment: string; item: number } | undefined;
  last: LayoutBlock | undefined;
  /** The text of the page's first title block. */
  title: string | undefined;
}

function renderPageBody(
  page: PageLayout,
  headings: Map<LayoutBlock, Heading>,
  toBbox: ToBbox,
  pending: PendingBlock[],
): PageBody {
  let pageMd = '';
  let prevKind: string | undefined;
  let first: PageBody['first'];
  let last: LayoutBlock | undefined;
  let title: string | undefined;
  for (const block of page.blocks) {
    const heading = headings.get(block);
    const fragment = renderBlock(block, heading);
    const { type, label } = blockType(block, heading);
    if (type === 'title' && title === undefined) title = block.text.trim();
    let span: [number, number] | null = null;
    if (fragment.length > 0) {
      if (pageMd.length > 0) pageMd += prevKind === 'list_item' && block.kind === 'list_item' ? '\n' : '\n\n';
      span = [pageMd.length, pageMd.length + fragment.length];
      pageMd += fragment;
      prevKind = block.kind;
      first ??= { block, fragment, item: pending.length };
      last = block;
    }
    pending.push({
      type,
      label,
      bbox: toBbox(block.x0, block.y0, block.x1, block.y1),
      content: fragment,
      markdownSpan: span,
      source: block.source,
      confidence: { layout: heading ? 0.7 : block.layoutConfidence, ocr: block.ocrConfidence },
    });
  }
  return { pageMd, first, last, title };
}

/** The page's blocks with ids, reading order and spans moved to document offsets (`placed`: the page has markdown). */
function pageBlocks(
  text: PageText,
  work: PageWork[],
  pending: PendingBlock[],
  spanShift: number,
  placed: boolean,
): PdfPageBlocks {
  return {
    pageNumber: text.pageNumber,
    width: text.width > 0 ? round2(text.width) : null,
    height: text.height > 0 ? round2(text.height) : null,
    status: work[text.pageNumber - 1].error || work[text.pageNumber - 1].needsOcr ? 'failed' : text.status,
    items: pending.map((b, index) => ({
      id: `p${text.pageNumber}.b${index}`,
      ...b,
      markdownSpan: b.markdownSpan && placed ? [b.markdownSpan[0] + spanShift, b.markdownSpan[1] + spanShift] : null,
      readingOrder: index,
    })),
  };
}

/** The document's metadata from its info dictionary; the title falls back to the first title block. */
function documentMetadata(
  doc: mupdf.Document,
  work: PageWork[],
  numPages: number,
  totalPages: number,
  firstTitle: string | undefined,
): { title: string | undefined; metadata: PdfMetadata } {
  const info = (key: string) => {
    try {
      const v = doc.getMetaData(key)?.trim();
      return v ? v : undefined;
    } catch {
      return undefined;
    }
  };
  const infoTitle = info('info:Title');
  const title = usableTitle(infoTitle) ?? firstTitle;
  const metadata: PdfMetadata = {
    ...(title ? { title } : {}),
    ...optional('author', info('info:Author')),
    ...optional('subject', info('info:Subject')),
    ...optional('keywords', info('info:Keywords')),
    ...optional('creator', info('info:Creator')),
    ...optional('producer', info('info:Producer')),
    ...optional('creationDate', pdfDate(info('info:CreationDate'))),
    ...optional('modificationDate', pdfDate(info('info:ModDate'))),
    ...optional('language', languageOf(doc)),
    numPages,
    totalPages,
    ocrPages: work.filter((w) => w.text.source === 'ocr').length,
    failedPages: work.filter((w) => w.error || w.needsOcr).length,
  };
  return { title, metadata };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

/** Producers often leave the file name or "untitled" as the title; those say nothing. */
function usableTitle(title: string | undefined): string | undefined {
  if (!title) return undefined;
  if (/^(untitled|microsoft word - .*|.*\.(docx?|pdf|tex|indd|pptx?|xlsx?))$/i.test(title)) return undefined;
  return title;
}

/** `D:20200330120000+09'00'` → ISO 8601. */
function pdfDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^D?:?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(value);
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz, tzh, tzm] = m;
  const zone = !tz || tz === 'Z' || tz === 'z' ? 'Z' : `${tz}${tzh ?? '00'}:${tzm ?? '00'}`;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`;
  return Number.isNaN(Date.parse(iso)) ? undefined : iso;
}

function languageOf(doc: mupdf.Document): string | undefined {
  try {
    return doc.asPDF()?.getLanguage() ?? undefined;
  } catch {
    return undefined;
  }
}

function clamp01(v: number): number {
  return Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
