// Lines that start with what looks like a list marker inside running text (Chromium prints a full-width justified
// line, then the marker-like line): a typed `*` after an unfinished sentence, or a number past a list's first, stay
// in the paragraph; real lists stay lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a4, type ChromiumPrinter, chromiumPrinter } from './chromiumPdf.fixture.js';
import { parsePdf } from './parsePdf.js';

let printer: ChromiumPrinter;
beforeAll(async () => {
  printer = await chromiumPrinter();
});
afterAll(async () => {
  await printer?.close();
});

const FULL =
  'The surveyors walked along the northern boundary of the old estate and measured every field they found, so';
/** A paragraph whose first line is justified to the full measure and whose second line starts with `start`. */
const para = (first: string, start: string) =>
  `<p><span style="display:block;text-align:justify;text-align-last:justify">${first}</span>${start}</p>`;

describe('list-like markers in prose', () => {
  it('keeps a typed star and a second number in the paragraph they continue', async () => {
    const pdf = await printer.print(
      a4(
        para(FULL, '* 3 gives the total of the long fields on the hill.') +
          para(FULL.replace(/, so$/, '.'), '2. The next step counted the short fields by the river.'),
      ),
    );
    const md = (await parsePdf(pdf)).markdown;
    expect(md).toContain('found, so * 3 gives the total');
    expect(md).toContain('found. 2. The next step');
    expect(md).not.toMatch(/^\s*[-*] 3 gives/m);
    expect(md).not.toMatch(/^2\. The next/m);
  });

  it('keeps real lists: a first item after a paragraph, bullets after a full stop', async () => {
    const pdf = await printer.print(
      a4(
        para(FULL.replace(/, so$/, '.'), '1. Walk the northern boundary of the estate.') +
          '<p>2. Measure every field along the way.</p>' +
          para(FULL.replace(/, so$/, ':'), '• the long fields on the hill') +
          '<p>• the short fields by the river</p>',
      ),
    );
    const md = (await parsePdf(pdf)).markdown;
    expect(md).toMatch(/^1\. Walk the northern boundary/m);
    expect(md).toMatch(/^2\. Measure every field/m);
    expect(md).toMatch(/^- the long fields on the hill/m);
  });
});
