// Scans that carry someone else's text layer (a scanner's OCR or handwriting recogniser draws it invisibly over the
// page image). Such a layer may be garbage; in `auto` the page is read again and the better reading kept.
import * as mupdf from 'mupdf';
import type { PageText, Segment } from './extractPageText.js';

/** A page image covering at least this share of the page makes it a scan. */
const SCAN_IMAGE_SHARE = 0.6;
/** The layer counts as hidden when at least this share of its glyphs is drawn invisibly (render mode 3). */
const HIDDEN_SHARE = 0.9;
/** Our reading wins when we are at least this sure of it... */
const MIN_OWN_CONFIDENCE = 0.75;
/** ...and at most this share of the layer's words appear in it (a layer that agrees with us is kept as it is). */
const MAX_AGREEMENT = 0.6;

/** True when the page is a scan (one large image) whose text is all drawn invisibly over it. */
export function hasHiddenLayerOverScan(page: mupdf.Page, text: PageText): boolean {
  const area = Math.max(1, text.width * text.height);
  const scan = text.images.some(([x0, y0, x1, y1]) => ((x1 - x0) * (y1 - y0)) / area >= SCAN_IMAGE_SHARE);
  if (!scan) return false;
  let hidden = 0;
  let shown = 0;
  const count = (t: mupdf.Text) => {
    let n = 0;
    t.walk({ showGlyph: () => void n++ });
    return n;
  };
  const device = new mupdf.Device({
    fillText: (t) => {
      shown += count(t);
    },
    strokeText: (t) => {
      shown += count(t);
    },
    clipText: (t) => {
      shown += count(t);
    },
    ignoreText: (t) => {
      hidden += count(t);
    },
  });
  try {
    page.run(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  return hidden > 0 && hidden >= (hidden + shown) * HIDDEN_SHARE;
}

/**
 * Words compared without their accents: a confirming reading may come from models that lack a language's letters
 * ("Bäckerei" read "Backerei") and still agrees with the layer.
 */
const words = (t: PageText) =>
  t.segments.flatMap(
    (s) =>
      s.text
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .match(/\p{L}{3,}/gu) ?? [],
  );

/** Whether our own reading of a page should replace its hidden text layer. */
export function preferOwnReading(layer: PageText, own: PageText, ownConfidence: number | null): boolean {
  if ((ownConfidence ?? 0) < MIN_OWN_CONFIDENCE) return false;
  const theirs = words(layer);
  if (theirs.length === 0) return true;
  const ours = new Set(words(own));
  const agree = theirs.filter((w) => ours.has(w)).length;
  return agree < theirs.length * MAX_AGREEMENT;
}

/** OCR lines read at least this surely are added to a kept text layer when no layer text lies under them. */
const MIN_EXTRA_CONFIDENCE = 0.6;

/**
 * The kept text layer plus the OCR segments that lie where the layer has no text (words drawn as pixels: a poster or
 * a logo on a text page), so `ocr` mode loses neither the layer's structure nor text in images.
 */
export function withWordsOutside(layer: PageText, own: PageText): PageText {
  const covered = (s: Segment) =>
    layer.segments.some((l) => !l.figure && s.x0 < l.x1 && s.x1 > l.x0 && s.y0 < l.y1 && s.y1 > l.y0);
  const extra = own.segments.filter(
    (s) => (s.confidence ?? 0) >= MIN_EXTRA_CONFIDENCE && (s.text.match(/\p{L}/gu)?.length ?? 0) >= 2 && !covered(s),
  );
  if (extra.length === 0) return layer;
  const chars = extra.reduce((n, s) => n + s.text.replace(/\s+/g, '').length, 0);
  return { ...layer, segments: [...layer.segments, ...extra], charCount: layer.charCount + chars };
}
