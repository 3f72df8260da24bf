import { parseDocument } from 'htmlparser2';
import { readZipPart } from './checkZipBounds.js';
import { escapeHtml } from './convertSpreadsheet.js';
import { uploadErrors } from './uploadErrors.js';

/** Slides converted; a deck past this is refused rather than turned into a huge page. */
export const MAX_SLIDES = 2_000;

/** An element or text node of htmlparser2's DOM (domhandler), the few fields read here. */
interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
  data?: string;
}

/**
 * PPTX → HTML, parsing the OOXML package ourselves (fflate for the zip, htmlparser2 in XML mode): slides in the
 * order of `presentation.xml`'s slide list, each a section with its title as a heading, its text boxes as
 * paragraphs, bulleted body text as lists and tables as tables, shapes read top to bottom, left to right.
 */
export function convertPptx(bytes: Uint8Array): { html: string; slides: number } {
  let slidePaths: string[];
  let parts: Map<string, Uint8Array>;
  try {
    const head = readZipPart(bytes, ['ppt/presentation.xml', 'ppt/_rels/presentation.xml.rels']);
    const presentation = head.get('ppt/presentation.xml');
    const rels = head.get('ppt/_rels/presentation.xml.rels');
    if (!presentation || !rels) throw new Error('ppt/presentation.xml or its relationships are missing');
    const targets = new Map<string, string>();
    for (const rel of findAll(parse(rels), 'Relationship')) {
      const a = attrs(rel);
      if (a.Id && a.Target) targets.set(a.Id, resolveTarget(a.Target));
    }
    slidePaths = findAll(parse(presentation), 'p:sldId')
      .map((id) => targets.get(attrs(id)['r:id'] ?? ''))
      .filter((p): p is string => typeof p === 'string');
    if (slidePaths.length > MAX_SLIDES) throw uploadErrors.tooComplex('PPTX', `more than ${MAX_SLIDES} slides`);
    parts = readZipPart(bytes, slidePaths);
  } catch (error) {
    if ((error as { name?: string }).name === 'ScrapeError') throw error;
    throw uploadErrors.unreadable('PPTX', (error as Error).message);
  }
  const sections = slidePaths.map((path, i) => {
    const xml = parts.get(path);
    return xml ? slideHtml(parse(xml), i + 1) : `<section><h2>Slide ${i + 1}</h2></section>`;
  });
  return { html: `<html><body>${sections.join('\n')}</body></html>`, slides: slidePaths.length };
}

interface Block {
  y: number;
  x: number;
  order: number;
  html: string;
}

function slideHtml(doc: Node[], number: number): string {
  const tree = findAll(doc, 'p:spTree')[0];
  let title = '';
  const blocks: Block[] = [];
  let order = 0;
  const visit = (nodes: Node[]) => {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === 'p:grpSp') visit(childrenOf(node));
      else if (tag === 'p:sp') {
        const shape = textShapeOf(node);
        if (!shape) continue;
        if (shape.isTitle && !title) {
          title = shape.paragraphs.map((p) => p.text.trim()).join(' ');
          continue;
        }
        blocks.push({ ...positionOf(node), order: order++, html: textShapeHtml(shape) });
      } else if (tag === 'p:graphicFrame') {
        const table = findAll(childrenOf(node), 'a:tbl')[0];
        if (table) blocks.push({ ...positionOf(node), order: order++, html: tableHtml(table) });
      }
    }
  };
  if (tree) visit(childrenOf(tree));
  // Shapes are stored in z-order; people read top to bottom, then left to right. Unpositioned ones keep their place.
  blocks.sort((a, b) => a.y - b.y || a.x - b.x || a.order - b.order);
  return `<section><h2>${escapeHtml(title || `Slide ${number}`)}</h2>${blocks.map((b) => b.html).join('')}</section>`;
}

/** A text shape's non-empty paragraphs and its placeholder type (`body`, `title`, ...; undefined: no placeholder). */
interface TextShape {
  paragraphs: Paragraph[];
  phType: string | undefined;
  isTitle: boolean;
}

/** The text shape `p:sp` as read: undefined when it holds no text. */
function textShapeOf(node: Node): TextShape | undefined {
  const ph = findAll(childrenOf(node), 'p:ph')[0];
  const phType = ph ? (attrs(ph).type ?? 'body') : undefined;
  const paragraphs = findAll(childrenOf(node), 'a:p')
    .map((p) => paragraphOf(p))
    .filter((p) => p.text.trim() !== '');
  if (paragraphs.length === 0) return undefined;
  return { paragraphs, phType, isTitle: phType === 'title' || phType === 'ctrTitle' };
}

/** Paragraphs as `<p>` (a subtitle's in `<em>`), runs of bulleted ones as one `<ul>`. */
function textShapeHtml({ paragraphs, phType }: TextShape): string {
  const bulleted = (p: Paragraph) => p.bullet ?? (phType === 'body' || phType === 'obj');
  const html: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) html.push(`<ul>${list.join('')}</ul>`);
    list = [];
  };
  for (const p of paragraphs) {
    if (bulleted(p)) list.push(`<li>${escapeHtml(p.text.trim())}</li>`);
    else {
      flush();
      html.push(
        phType === 'subTitle' ? `<p><em>${escapeHtml(p.text.trim())}</em></p>` : `<p>${escapeHtml(p.text.trim())}</p>`,
      );
    }
  }
  flush();
  return html.join('');
}

interface Paragraph {
  text: string;
  /** true/false when the paragraph says (buChar/buAutoNum vs buNone); undefined: the placeholder decides. */
  bullet?: boolean;
}

function paragraphOf(p: Node): Paragraph {
  let text = '';
  let bullet: boolean | undefined;
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === 'a:t') text += textOf(node);
      else if (tag === 'a:br') text += ' ';
      else if (tag === 'a:buChar' || tag === 'a:buAutoNum') bullet = true;
      else if (tag === 'a:buNone') bullet = false;
      else if (tag) walk(childrenOf(node));
    }
  };
  walk(childrenOf(p));
  return { text, bullet };
}

function tableHtml(table: Node): string {
  const rows = findAll(childrenOf(table), 'a:tr').map((tr) =>
    findAll(childrenOf(tr), 'a:tc').map((tc) =>
      findAll(childrenOf(tc), 'a:p')
        .map((p) => paragraphOf(p).text.trim())
        .filter(Boolean)
        .join(' '),
    ),
  );
  if (rows.length === 0) return '';
  const [head, ...body] = rows;
  const row = (cells: string[], tag: string) =>
    `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  return `<table><thead>${row(head, 'th')}</thead><tbody>${body.map((r) => row(r, 'td')).join('')}</tbody></table>`;
}

function positionOf(shape: Node): { x: number; y: number } {
  const off = findAll(childrenOf(shape), 'a:off')[0];
  const a = off ? attrs(off) : {};
  const x = Number(a.x);
  const y = Number(a.y);
  return { x: Number.isFinite(x) ? x : 0, y: Number.isFinite(y) ? y : 0 };
}

function parse(xml: Uint8Array): Node[] {
  const text = Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength).toString('utf8');
  return parseDocument(text, { xmlMode: true, decodeEntities: true }).children as unknown as Node[];
}

/** The element's qualified name (`p:sp`); undefined for text, comments and processing instructions. */
function tagOf(node: Node): string | undefined {
  return node.type === 'tag' ? node.name : undefined;
}

function childrenOf(node: Node): Node[] {
  return node.children ?? [];
}

function attrs(node: Node): Record<string, string> {
  return node.attribs ?? {};
}

function textOf(node: Node): string {
  return childrenOf(node)
    .map((c) => (c.type === 'text' ? (c.data ?? '') : ''))
    .join('');
}

/** Every element named `tag` at any depth, in document order (not inside another match). */
function findAll(nodes: Node[], tag: string): Node[] {
  const found: Node[] = [];
  const walk = (list: Node[]) => {
    for (const node of list) {
      const t = tagOf(node);
      if (t === tag) found.push(node);
      else if (t || node.type === 'root') walk(childrenOf(node));
    }
  };
  walk(nodes);
  return found;
}

/** Relationship targets are relative to ppt/ (or absolute from the package root). */
function resolveTarget(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = ['ppt'];
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}
