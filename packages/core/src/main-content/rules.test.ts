import { describe, expect, it } from 'vitest';
import { extractMainContent, type TraceEvent } from './extractMainContent.js';
import { MAIN_CONTENT_RULES } from './rules.js';
import { para, page, text } from './testPages.fixture.js';

const STAGE_ORDER = ['classify', 'root', 'prune'];

const withCaption = (): Document =>
  page(
    `<main><article><h1>Harbour walls</h1>${para('The harbour', 3)}<figure><img src="/a.jpg">` +
      `<figcaption>Photo: the east wall at dawn</figcaption></figure>${para('The repairs', 2)}</article></main>`,
  );

describe('MAIN_CONTENT_RULES', () => {
  it('names each rule once, in stage order, with a reason', () => {
    const ids = MAIN_CONTENT_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const stages = MAIN_CONTENT_RULES.map((r) => STAGE_ORDER.indexOf(r.stage));
    expect(stages).toEqual([...stages].sort((a, b) => a - b));
    for (const r of MAIN_CONTENT_RULES) expect(r.why.length).toBeGreaterThan(5);
    // passes are prune rules: the earlier stages read their switches inside their own walks
    for (const r of MAIN_CONTENT_RULES) if (r.apply !== undefined) expect(r.stage).toBe('prune');
  });

  it('runs a pass by its registry id, and disabledRules switches it off', () => {
    expect(text(extractMainContent(withCaption()))).not.toContain('the east wall at dawn');
    const off = extractMainContent(withCaption(), { disabledRules: new Set(['figure-captions']) });
    expect(text(off)).toContain('the east wall at dawn');
  });

  it('reports each decision as an event naming its stage and rule id, the same lines trace receives', () => {
    const events: TraceEvent[] = [];
    const lines: string[] = [];
    extractMainContent(withCaption(), { trace: lines, onTrace: (e) => events.push(e) });
    expect(events.map((e) => e.message)).toEqual(lines);
    expect(events).toContainEqual({ stage: 'prune', rule: 'figure-captions', message: 'drop 1 figure captions' });
    expect(events.some((e) => e.stage === 'root' && e.message.startsWith('root '))).toBe(true);
    const known = new Set([
      ...MAIN_CONTENT_RULES.map((r) => r.id),
      ...[
        'dominance',
        'chrome-tag',
        'chrome-class',
        'read-hidden',
        'intro-header',
        'buy-button',
        'fallback-whole-page',
      ],
    ]);
    for (const e of events) expect(known).toContain(e.rule);
  });

  it('gives the same element with and without a trace', () => {
    const plain = extractMainContent(withCaption(), { copy: true }).outerHTML;
    expect(extractMainContent(withCaption(), { copy: true, onTrace: () => {} }).outerHTML).toBe(plain);
  });
});
