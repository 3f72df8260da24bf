import { unzipSync } from 'fflate';
import { uploadErrors } from './uploadErrors.js';

/** An OOXML package larger than this once inflated is refused before any library inflates it (zip bombs). */
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
/** Real documents have dozens to a few thousand parts. */
export const MAX_ZIP_ENTRIES = 10_000;
/** Deflate tops out near 1:1032; real XML compresses 5–20×. A part claiming more than this is a bomb. */
const MAX_RATIO = 200;

/**
 * Reads the zip's central directory only (fflate's filter sees each entry's sizes and we inflate none) and refuses
 * packages whose declared sizes are too large, too many or implausibly compressed. The libraries that then read the
 * package check each part's CRC and size, so a lying directory fails there.
 */
export function checkZipBounds(bytes: Uint8Array, type: string): void {
  let entries = 0;
  let inflated = 0;
  let problem: string | undefined;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries++;
        inflated += file.originalSize;
        if (entries > MAX_ZIP_ENTRIES) problem ??= `more than ${MAX_ZIP_ENTRIES} parts`;
        if (inflated > MAX_INFLATED_BYTES) problem ??= `more than ${MAX_INFLATED_BYTES} bytes once decompressed`;
        if (file.size > 0 && file.originalSize / file.size > MAX_RATIO && file.originalSize > 1024 * 1024) {
          problem ??= `the part ${file.name} decompresses ${Math.round(file.originalSize / file.size)} times its size`;
        }
        return false;
      },
    });
  } catch (error) {
    throw uploadErrors.unreadable(type, `not a valid zip package (${(error as Error).message})`);
  }
  if (problem) throw uploadErrors.tooComplex(type, problem);
}

/** One part of the package, inflated (only that part), or undefined when absent. */
export function readZipPart(bytes: Uint8Array, names: readonly string[]): Map<string, Uint8Array> {
  const wanted = new Set(names);
  const parts = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
  return new Map(Object.entries(parts));
}
