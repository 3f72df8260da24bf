import { describe, expect, it } from 'vitest';
import { detectFurniture } from './detectFurniture.js';
import type { Segment } from './extractPageText.js';
import { boxSegment, textPage } from './pageText.fixture.js';

const seg = (text: string, x0: number, y0: number, size = 10, width = text.length * size * 0.5): Segment =>
  boxSegment(text, x0, y0, x0 + width, size);
const page = textPage;
const body = (from: number, lines: number) =>
  Array.from({ length: lines }, (_, i) => seg(`Body line ${i} of the letter text runs on and on.`, 60, from + i * 13));

describe('detectFurniture on a single page', () => {
  it('drops a larger letterhead with a stamp beside it, a two-row footer close to the body and a page number', () => {
    const head = seg('Bellweather Mutual', 60, 36, 12);
    const stamp = seg('RECEIVED 12 MAR 2024', 420, 37, 8);
    const foot1 = seg('Bellweather Mutual · Registered in England No. 5747129', 60, 772, 11);
    const foot2 = seg('Tel 020 7946 0000 · www.example.org', 60, 785, 7.5);
    const num = seg('Page 1 of 1', 280, 806, 9);
    const lines = body(150, 20);
    const marks = detectFurniture([page([head, stamp, ...lines, foot1, foot2, num])], 10)[0];
    expect(marks.get(head)).toBe('page_header');
    expect(marks.get(stamp)).toBe('page_header');
    expect(marks.get(foot1)).toBe('page_footer');
    expect(marks.get(foot2)).toBe('page_footer');
    expect(marks.get(num)).toBe('page_number');
    for (const l of lines) expect(marks.has(l)).toBe(false);
  });

  it('keeps a large title and rows that run on with the body at normal spacing', () => {
    const title = seg('Annual Report', 60, 50, 20);
    const lines = body(90, 50);
    const marks = detectFurniture([page([title, ...lines])], 10)[0];
    expect(marks.size).toBe(0);
  });

  it('allows for OCR measuring a scanned title a little small, but not a running head at the body size', () => {
    // A 1.27× title that OCR measured 1.2× (half-point rounding, pixel boxes), a wide gap below it.
    const ocr = (s: Segment): Segment => ({ ...s, source: 'ocr', confidence: 0.95 });
    const title = ocr(seg('Notice to Residents', 60, 50, 12));
    const head = ocr(seg('Acme Ltd - Internal', 60, 50, 10.5));
    const lines = body(90, 40).map(ocr);
    expect(detectFurniture([page([title, ...lines])], 10)[0].has(title)).toBe(false);
    expect(detectFurniture([page([head, ...lines])], 10)[0].get(head)).toBe('page_header');
    // Sizes a text layer gives are exact: there a line 1.2× the body is still no title.
    const native = seg('Notice to Residents', 60, 50, 12);
    expect(detectFurniture([page([native, ...lines])], 10)[0].get(native)).toBe('page_header');
  });

  it('a page number right under the body counts without a wide gap', () => {
    const lines = body(80, 55);
    const num = seg('7', 290, 80 + 55 * 13 + 4, 9);
    const marks = detectFurniture([page([...lines, num])], 10)[0];
    expect(marks.get(num)).toBe('page_number');
  });
  it('keeps a two-line paragraph at the top of the text area; drops a stamp off to the right below the head', () => {
    const wide = 'An opening paragraph whose first line runs the whole width of the text area';
    const intro = [seg(wide, 60, 60, 10, 470), seg('and ends on the second line.', 60, 73)];
    const head = seg('Calder Engineering GmbH', 60, 30, 10);
    const stamp = seg('ENTWURF 12.03.2024', 400, 75, 12);
    const table = body(110, 20);
    const plain = detectFurniture([page([...intro, ...table])], 10)[0];
    for (const l of intro) expect(plain.has(l)).toBe(false);
    const lines = body(130, 20);
    const marks = detectFurniture([page([head, stamp, ...lines])], 10)[0];
    expect(marks.get(head)).toBe('page_header');
    expect(marks.get(stamp)).toBe('page_header');
    for (const l of lines) expect(marks.has(l)).toBe(false);
    // The same stamp twice the body size is still a stamp; a large title at the left stays.
    const big = seg('ENTWURF 12.03.2024', 400, 75, 20);
    const title = seg('Annual Report', 60, 75, 20);
    expect(detectFurniture([page([head, big, ...lines])], 10)[0].get(big)).toBe('page_header');
    expect(detectFurniture([page([head, title, ...lines])], 10)[0].has(title)).toBe(false);
  });

  it('drops a stamp off to the right just above the body (under a head or alone), not a legend at the foot', () => {
    const head = seg('Calder Engineering GmbH', 60, 30, 10);
    // Box bottom at 110.8, body from 115: 0.35 of a line of space, far less than a running head keeps.
    const stamp = seg('RECEIVED 04.04.2024', 400, 94, 14);
    const lines = body(115, 20);
    const marks = detectFurniture([page([head, stamp, ...lines])], 10)[0];
    expect(marks.get(head)).toBe('page_header');
    expect(marks.get(stamp)).toBe('page_header');
    for (const l of lines) expect(marks.has(l)).toBe(false);
    // With the head taken by repetition or absent, the stamp is the outermost row.
    const alone = detectFurniture([page([stamp, ...lines])], 10)[0];
    expect(alone.get(stamp)).toBe('page_header');
    for (const l of lines) expect(alone.has(l)).toBe(false);
    // The first body line starting at the left margin, as close above the body, stays.
    const first = seg('Dear Ms Carter,', 60, 100, 10);
    expect(detectFurniture([page([first, ...lines])], 10)[0].has(first)).toBe(false);
    // At the foot, a short row off to the right just under the body is a legend, not a footer.
    const legend = seg('* provisional figures', 400, 470 + 20 * 13 + 3, 9);
    expect(detectFurniture([page([...body(470, 20), legend])], 10)[0].has(legend)).toBe(false);
  });

  it("keeps a letter's right-aligned date set like the body; drops stamps marked apart from it", () => {
    const head = seg('Calder Engineering GmbH', 60, 30, 10);
    const lines = body(115, 20);
    const at = (text: string, extra: Partial<Segment> = {}) => ({ ...seg(text, 400, 100, 10), ...extra });
    // Dates and place-and-date lines in the body's face and size: content, just above the body or 3 lines above it.
    for (const text of ['12 March 2024', 'Berlin, den 12. März 2024', '2024-03-12', 'NY, March 12, 2024']) {
      for (const date of [at(text), { ...at(text), y0: 76, y1: 88 }]) {
        expect(detectFurniture([page([head, date, ...lines])], 10)[0].has(date)).toBe(false);
        expect(detectFurniture([page([date, ...lines])], 10)[0].has(date)).toBe(false);
      }
    }
    // Stamps: bold, in capitals, a typewriter face, another size, tilted (a box much taller than its font).
    const stamps = [
      at('Received 12.03.2024', { bold: true }),
      at('PAID 17.09.2024'),
      at('Ref. 2024/0173', { mono: true }),
      at('Eingegangen 04.04.2024', { size: 8, y1: 100 + 9.6 }),
      at('Received 12.03.2024', { y0: 90, y1: 112 }),
    ];
    for (const stamp of stamps) {
      expect(detectFurniture([page([head, stamp, ...lines])], 10)[0].get(stamp)).toBe('page_header');
      expect(detectFurniture([page([stamp, ...lines])], 10)[0].get(stamp)).toBe('page_header');
    }
  });

  it('keeps a one-line paragraph at the top of the page: a sentence across the text area is no running head', () => {
    const intro = seg('The figures below were collected by the regional offices during the last two years.', 60, 60);
    const lines = body(110, 20);
    const marks = detectFurniture([page([intro, ...lines])], 10)[0];
    expect(marks.has(intro)).toBe(false);
  });
});
