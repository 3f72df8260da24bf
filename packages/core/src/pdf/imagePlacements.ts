// Where a page draws its images, read from a display list through a small device that only tracks clips and image
// placements. MuPDF's own route (structured text with `preserve-images`) also turns every shading into an image,
// rendering it to a pixmap first: on pages with gradients in DeviceN colours (PostScript tint functions per pixel)
// that rendering cost more than all the text extraction. Gradients are backgrounds and rules, not pictures, so they
// are left out here. (mupdf.js 1.28.1 wraps the images it hands to a device without keeping them; the pnpm patch in
// patches/mupdf@1.28.1.patch adds the missing keep, so dropping our wrappers is safe.)
import * as mupdf from 'mupdf';

type Box = [number, number, number, number];

/** The unit square under `m`, as an axis-aligned box. */
function unitBox(m: mupdf.Matrix): Box {
  const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]];
  const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

const intersect = (a: Box, b: readonly number[]): Box => [
  Math.max(a[0], b[0]),
  Math.max(a[1], b[1]),
  Math.min(a[2], b[2]),
  Math.min(a[3], b[3]),
];

/**
 * Visible image boxes (in the list's coordinates, clipped like MuPDF's text device clips them) of `list`, whose
 * page box is `bounds`.
 */
export function imagePlacements(list: mupdf.DisplayList, bounds: readonly number[]): Box[] {
  const boxes: Box[] = [];
  // The clip stack: each entry is the visible area; masks and groups open a level that popClip/endGroup close.
  const stack: Box[] = [[bounds[0], bounds[1], bounds[2], bounds[3]]];
  const push = (r: readonly number[]) => stack.push(intersect(stack[stack.length - 1], r));
  const pop = () => {
    if (stack.length > 1) stack.pop();
  };
  const place = (image: mupdf.Image, ctm: mupdf.Matrix) => {
    image.destroy();
    const r = intersect(stack[stack.length - 1], unitBox(ctm));
    if (r[2] > r[0] && r[3] > r[1]) boxes.push(r);
  };
  const device = new mupdf.Device({
    fillImage: (image, ctm) => place(image, ctm),
    fillImageMask: (image, ctm, colorspace) => {
      colorspace.destroy();
      place(image, ctm);
    },
    clipPath: (path, _evenOdd, ctm) => {
      push(path.getBounds(null as unknown as mupdf.StrokeState, ctm));
      path.destroy();
    },
    clipStrokePath: (path, stroke, ctm) => {
      push(path.getBounds(stroke, ctm));
      path.destroy();
      stroke.destroy();
    },
    clipText: (text, ctm) => {
      push(text.getBounds(null as unknown as mupdf.StrokeState, ctm));
      text.destroy();
    },
    clipStrokeText: (text, stroke, ctm) => {
      push(text.getBounds(stroke, ctm));
      text.destroy();
      stroke.destroy();
    },
    clipImageMask: (image, ctm) => {
      push(unitBox(ctm));
      image.destroy();
    },
    popClip: pop,
    beginMask: (area, _luminosity, colorspace) => {
      colorspace.destroy();
      push(area);
    },
    beginGroup: (area, colorspace) => {
      colorspace?.destroy();
      push(area);
    },
    endGroup: pop,
  });
  try {
    list.run(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  return boxes;
}
