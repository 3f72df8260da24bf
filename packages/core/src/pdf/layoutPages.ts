// Layout step of parsePdf.ts, after every page is read (and OCRed): running heads and feet across the document
// (detectFurniture), figures from merged image boxes, then per page the reading order (orderReading) and the blocks of
// each leaf (buildBlocks), and the headings of the whole document (classifyHeadings). assemblePdf.ts renders the result.
import { buildBlocks, joinColumnBreaks, type LayoutBlock } from './buildBlocks.js';
import { bodyFontSize, classifyHeadings, type Heading } from './classifyHeadings.js';
import { detectFurniture, type FurnitureType } from './detectFurniture.js';
import type { PageText, Segment } from './extractPageText.js';
import { joinDropCaps } from './joinDropCaps.js';
import { proseInMono } from './monoProse.js';
import { orderReading } from './orderReading.js';
import type { PageWork } from './pageWork.js';
import type { InkOf } from './textInk.js';

/** Images (after merging touching pieces) smaller than this share of the page are icons and logos, not figures. */
const MIN_FIGURE_AREA = 0.015;
/** Image pieces closer than this (points) belong to one figure. */
const FIGURE_GAP = 8;
/** Images covering more than this share of the page are backgrounds or scans, not figures. */
const MAX_FIGURE_AREA = 0.6;

export interface PageLayout {
  text: PageText;
  blocks: LayoutBlock[];
  furniture: { seg: Segment; type: FurnitureType }[];
}

export function layoutPages(
  work: PageWork[],
  inkOf?: InkOf,
): { pages: PageLayout[]; headings: Map<LayoutBlock, Heading> } {
  const texts = work.map((w) => w.text);
  proseInMono(texts);
  const segSize = segmentBodySize(texts);
  const furniture = detectFurniture(texts, segSize, inkOf);
  const pages = texts.map((text, i) => {
    const marks = furniture[i];
    const figures: Segment[] = mergeBoxes(text.images)
      .filter(([x0, y0, x1, y1]) => {
        const area = ((x1 - x0) * (y1 - y0)) / Math.max(1, text.width * text.height);
        return area >= MIN_FIGURE_AREA && area <= MAX_FIGURE_AREA;
      })
      // (The fields in the order extractPageText's segments have them: one object shape for the page's layout.)
      .map(([x0, y0, x1, y1]) => ({
        text: '',
        x0,
        y0,
        x1,
        y1,
        size: 0,
        bold: false,
        italic: false,
        mono: false,
        source: 'native_text',
        confidence: null,
        rotated: undefined,
        trailingSpace: undefined,
        links: undefined,
        parts: undefined,
        textX0: undefined,
        figure: true,
      }));
    // Labels inside a figure (axis ticks, diagram text) are part of the figure, not of the text flow.
    // (Text OCR read from an image is what the image says, and stays.)
    const inFigure = (s: Segment) =>
      s.source !== 'ocr' &&
      figures.some((f) => s.x0 >= f.x0 - 1 && s.x1 <= f.x1 + 1 && s.y0 >= f.y0 - 1 && s.y1 <= f.y1 + 1);
    const body = joinDropCaps(
      text.segments.filter((s) => !marks.has(s) && !s.rotated && !inFigure(s)),
      segSize,
    );
    const leaves = orderReading([...body, ...figures], segSize);
    const blocks = joinColumnBreaks(leaves.map((leaf) => buildBlocks(leaf, segSize)));
    return { text, blocks, furniture: [...marks].map(([seg, type]) => ({ seg, type })) };
  });
  const bodySize = bodyFontSize(pages.flatMap((p) => p.blocks)) || segSize;
  return {
    pages,
    headings: classifyHeadings(
      pages.map((p) => p.blocks),
      bodySize,
    ),
  };
}

/** Figures drawn as many overlapping image pieces are one figure. */
export function mergeBoxes(boxes: [number, number, number, number][]): [number, number, number, number][] {
  const out = boxes.map((b) => [...b] as [number, number, number, number]);
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++)
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i];
        const b = out[j];
        if (
          a[0] <= b[2] + FIGURE_GAP &&
          b[0] <= a[2] + FIGURE_GAP &&
          a[1] <= b[3] + FIGURE_GAP &&
          b[1] <= a[3] + FIGURE_GAP
        ) {
          out[i] = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
          out.splice(j, 1);
          merged = true;
          break;
        }
      }
  }
  return out;
}

/** The font size carrying most characters, before blocks exist (gutter and gap thresholds scale with it). */
function segmentBodySize(pages: PageText[]): number {
  const weight = new Map<number, number>();
  for (const p of pages) for (const s of p.segments) weight.set(s.size, (weight.get(s.size) ?? 0) + s.text.length);
  let size = 10;
  let best = -1;
  for (const [s, n] of weight) if (n > best && s > 0) [best, size] = [n, s];
  return size;
}
