import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { extractMainContent } from './extractMainContent.js';
import { pageBody } from './pageBody.js';

const story = 'The harbour reopened on Monday after three weeks of repairs to the old sea wall and its gates. ';
const headOnly = `<!doctype html><html><head><title>Harbour</title><meta charset="utf-8">
  <div class="story"><h1>The harbour reopens</h1><p>${story.repeat(4)}</p><p>${story.repeat(3)}</p></div>
  </head></html>`;
const parse = (html: string): Document => (parseHTML(html) as unknown as { document: Document }).document;

describe('a page without a <body> tag', () => {
  it('is parsed by linkedom into <head>, leaving the body empty', () => {
    const document = parse(headOnly);
    expect((document.body.textContent ?? '').trim()).toBe('');
    expect(document.head.querySelector('p')).not.toBeNull();
  });

  it('still gives its text: the content is read where a browser files it', () => {
    const el = extractMainContent(parse(headOnly));
    expect(el.textContent).toContain('The harbour reopened on Monday');
    expect(el.textContent).not.toContain('Harbour\n');
  });

  it('in copy mode leaves the document as it was', () => {
    const document = parse(headOnly);
    const el = extractMainContent(document, { copy: true });
    expect(el.textContent).toContain('three weeks of repairs');
    expect(document.head.querySelector('p')).not.toBeNull();
    expect((document.body.textContent ?? '').trim()).toBe('');
  });

  it('leaves a page with a body, or with only head matter, alone', () => {
    const withBody = parse(`<html><head><title>T</title></head><body><p>${story}</p></body></html>`);
    expect(pageBody(withBody, false)).toBe(withBody.body);
    const empty = parse('<html><head><title>T</title><style>p{}</style></head></html>');
    expect(pageBody(empty, false)).toBe(empty.body);
    expect(empty.head.querySelector('style')).not.toBeNull();
  });
});
