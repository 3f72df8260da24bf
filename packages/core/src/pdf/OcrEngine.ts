// The OCR seam: core renders pages to PNG and hands them to an engine the caller injects (core starts no workers).

export interface OcrWord {
  text: string;
  /** `[x0, y0, x1, y1]` in pixels of the recognised image, top-left origin. */
  bbox: [number, number, number, number];
  /** 0..1. */
  confidence: number;
}

export interface OcrLine {
  text: string;
  bbox: [number, number, number, number];
  /** 0..1. */
  confidence: number;
  words: OcrWord[];
}

export interface OcrPageResult {
  /** Lines in the engine's reading order; boxes in pixels of the input image. */
  lines: OcrLine[];
  /** Mean confidence over the page, 0..1 (null when the engine gives none). */
  confidence: number | null;
}

/** Why a page is read. */
export interface OcrRecognizeOptions {
  signal?: AbortSignal;
  /**
   * `'confirm'`: the page has a text layer of its own and the reading only checks it (the layer is kept when enough of
   * its words are read back) and adds what lies outside it; an engine may skip extra passes that only sharpen letters
   * (e.g. a second reading with a language-specific model). Should the check reject the layer, core asks again
   * without it. Default `'read'`: the reading is the page's text.
   */
  purpose?: 'read' | 'confirm';
  /**
   * Text in the language the image is most likely written in: for a region of a page that has a text layer, that
   * layer's text (a poster's few words are too few to name their language; the page around it names it). An engine
   * may choose its language model from it.
   */
  languageText?: string;
}

export interface OcrEngine {
  /** How many pages it recognises at once; parsePdf keeps that many renders in flight and no more. */
  readonly concurrency: number;
  /** Recognise one page image (PNG bytes). Must reject promptly when `signal` aborts. */
  recognize(png: Uint8Array, options?: OcrRecognizeOptions): Promise<OcrPageResult>;
}
