// Where a page draws images and shadings, read by running it through a tiny device: what MuPDF's structured text
// gives as image blocks with 'preserve-images', without MuPDF decoding every image and painting every shading into
// a pixmap (a page of gradients cost 2.5x its text extraction that way).
import * as mupdf from 'mupdf';

type Box = [number, number, number, number];
const INFINITE: Box = [-Infinity, -Infinity, Infinity, Infinity];
/** MuPDF skips images drawn at less than half opacity (watermarks, effects); so do we. */
const MIN_ALPHA = 0.5;

const f32 = Math.fround;
const intersect = (a: Box, b: Box): Box => [
  Math.max(a[0], b[0]),
  Math.max(a[1], b[1]),
  Math.min(a[2], b[2]),
  Math.min(a[3], b[3]),
];

/** The unit square through `m`, in single precision as MuPDF computes it. */
function unitBox(m: mupdf.Matrix): Box {
  const xs = [m[4], f32(m[0] + m[4]), f32(m[2] + m[4]), f32(f32(m[0] + m[2]) + m[4])];
  const ys = [m[5], f32(m[1] + m[5]), f32(m[3] + m[5]), f32(f32(m[1] + m[3]) + m[5])];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * Image and shading boxes in drawing order, each clipped to the clip in force, as MuPDF's structured-text JSON at
 * `scale` would write them ({x, y, w, h} truncated to integers after scaling, in single precision): the caller's
 * arithmetic on them stays what it was on the JSON.
 */
export function imageBoxes(page: mupdf.Page, scale: number): { x: number; y: number; w: number; h: number }[] {
  const clips: Box[] = [INFINITE];
  const top = () => clips[clips.length - 1];
  const push = (r: mupdf.Rect) => void clips.push(intersect(top(), r as Box));
  const pop = () => void (clips.length > 1 && clips.pop());
  const out: { x: number; y: number; w: number; h: number }[] = [];
  const add = (b: Box) =>
    out.push({
      x: Math.trunc(f32(b[0] * scale)),
      y: Math.trunc(f32(b[1] * scale)),
      w: Math.trunc(f32(f32(b[2] - b[0]) * scale)),
      h: Math.trunc(f32(f32(b[3] - b[1]) * scale)),
    });
  const device = new mupdf.Device({
    clipPath: (path, _evenOdd, ctm) => push(path.getBounds(null as unknown as mupdf.StrokeState, ctm)),
    clipStrokePath: (path, stroke, ctm) => push(path.getBounds(stroke, ctm)),
    clipText: (text, ctm) => push(text.getBounds(null as unknown as mupdf.StrokeState, ctm)),
    clipStrokeText: (text, stroke, ctm) => push(text.getBounds(stroke, ctm)),
    clipImageMask: (_image, ctm) => push(unitBox(ctm)),
    popClip: pop,
    beginMask: (area) => push(area),
    beginGroup: (area) => push(area),
    endGroup: pop,
    beginTile: (area) => {
      push(area);
      return 0;
    },
    endTile: pop,
    fillImage: (_image, ctm, alpha) => void (alpha >= MIN_ALPHA && add(intersect(top(), unitBox(ctm)))),
    fillImageMask: (_image, ctm, _cs, _color, alpha) =>
      void (alpha >= MIN_ALPHA && add(intersect(top(), unitBox(ctm)))),
    fillShade: (shade, _ctm, alpha) => void (alpha >= MIN_ALPHA && add(intersect(top(), shade.getBounds() as Box))),
  });
  try {
    page.run(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  return out;
}
