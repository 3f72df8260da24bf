// The messages between createPdfWorkerPool (main thread) and parsePdfWorker (worker thread).
import type { OcrPageResult, OcrRecognizeOptions, ParsePdfOptions, ParsePdfResult } from '@scrape/core';

export type ToWorker =
  | {
      type: 'parse';
      id: number;
      bytes: Uint8Array;
      options: ParsePdfOptions;
      deadline: number;
      ocrConcurrency: number | null;
      /** The parse asks for its page budget (`budget`) once the page count is known. */
      budgeted: boolean;
    }
  /**
   * `reason` is the DOMException name parsePdf reads: `TimeoutError` reports PDF_TIMEOUT, anything else PDF_ABORTED.
   */
  | { type: 'abort'; id: number; reason: 'TimeoutError' | 'AbortError' }
  | { type: 'ocr-result'; id: number; ocrId: number; result?: OcrPageResult; error?: string }
  /** How many of the asked pages are paid for (0 also when the budget failed: the pool keeps its error). */
  | { type: 'budget-result'; id: number; pages: number };

/** What a reading is for (see core's OcrEngine). */
type OcrPurpose = OcrRecognizeOptions['purpose'];

export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: ParsePdfResult }
  | { type: 'failed'; id: number; error: { name: string; kind?: string; message: string; details?: unknown } }
  /**
   * `languageText`: text in the image's likely language (its page's text layer); `purpose`: `'confirm'` when the
   * reading only checks a text layer. Both are passed on to the engine.
   */
  | { type: 'ocr'; id: number; ocrId: number; png: Uint8Array; languageText?: string; purpose?: OcrPurpose }
  | { type: 'ocr-cancel'; id: number; ocrId: number }
  /** The page count is known: asks the pool's pageBudget how many of `pages` may be parsed. */
  | { type: 'budget'; id: number; pages: number };
