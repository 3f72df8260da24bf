// What a page draws besides text (image XObjects, shadings), read from its resource dictionaries before MuPDF runs
// the page: extractPageText asks MuPDF for image blocks, or reads them from a display list, only where they exist.
import type { Page, PDFObject, PDFPage } from 'mupdf';

/** How deep into form XObjects, and how many XObjects, we look for images. */
const MAX_RESOURCE_DEPTH = 2;
const MAX_XOBJECTS = 64;

/** What a page's resources draw: bit 1, image XObjects; bit 2, shadings (the `sh` operator or shading patterns). */
export const DRAWS_IMAGES = 1;
export const DRAWS_SHADINGS = 2;

/**
 * What a page draws, directly or through forms (MAX_RESOURCE_DEPTH deep); non-PDF pages are assumed to draw both.
 * Pages usually share one resource dictionary: the answer is cached by its object number.
 */
export function pageDraws(page: Page, cache?: Map<number, number>): number {
  if (!('getObject' in page)) return DRAWS_IMAGES | DRAWS_SHADINGS;
  try {
    const resources = (page as PDFPage).getObject().getInheritable('Resources');
    const key = resources.isIndirect() ? resources.asIndirect() : 0;
    const known = key ? cache?.get(key) : undefined;
    if (known !== undefined) return known;
    const found = draws(resources, 0);
    if (key) cache?.set(key, found);
    return found;
  } catch {
    return DRAWS_IMAGES | DRAWS_SHADINGS;
  }
}

function draws(resources: PDFObject, depth: number): number {
  if (!resources || resources.isNull()) return 0;
  let found = 0;
  const shadings = resources.get('Shading');
  // (PDFObject.length counts arrays only: a dictionary's entries are counted by visiting them.)
  if (shadings?.isDictionary())
    shadings.forEach(() => {
      found |= DRAWS_SHADINGS;
    });
  const patterns = resources.get('Pattern');
  if (patterns?.isDictionary())
    patterns.forEach((value) => {
      const type = value.resolve().get('PatternType');
      if (type.isNumber() && type.asNumber() === 2) found |= DRAWS_SHADINGS;
    });
  const xobjects = resources.get('XObject');
  if (!xobjects?.isDictionary()) return found;
  let seen = 0;
  xobjects.forEach((value) => {
    if (found === (DRAWS_IMAGES | DRAWS_SHADINGS) || ++seen > MAX_XOBJECTS) return;
    const x = value.resolve();
    const subtype = x.get('Subtype');
    if (subtype.isName() && subtype.asName() === 'Image') found |= DRAWS_IMAGES;
    else if (depth < MAX_RESOURCE_DEPTH && subtype.isName() && subtype.asName() === 'Form')
      found |= draws(x.get('Resources'), depth + 1);
  });
  // Pages with more XObjects than we look at are assumed to have images.
  return seen > MAX_XOBJECTS ? found | DRAWS_IMAGES : found;
}
