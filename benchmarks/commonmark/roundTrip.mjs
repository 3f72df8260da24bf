// The CommonMark round trip: each spec example's HTML → our markdown → commonmark.js → HTML, compared in canonical
// form (see normalizeHtml.mjs) with the example's HTML.
import { createRequire } from 'node:module';
import * as commonmark from 'commonmark';
import { canonicalHtml } from './normalizeHtml.mjs';

const require = createRequire(import.meta.url);

/** The spec writes tabs as → in its examples; its own test runner substitutes them the same way. */
const TAB_ARROW = /→/g;

export function specExamples() {
  return require('commonmark-spec').tests.map((t) => ({ ...t, html: t.html.replace(TAB_ARROW, '\t') }));
}

export function roundTrip(examples, toMarkdown) {
  const reader = new commonmark.Parser();
  const writer = new commonmark.HtmlRenderer();
  const results = [];
  for (const ex of examples) {
    let markdown;
    let error = null;
    try {
      markdown = toMarkdown(ex.html);
    } catch (e) {
      markdown = '';
      error = e;
    }
    const rendered = writer.render(reader.parse(markdown));
    const semantic = !error && canonicalHtml(rendered) === canonicalHtml(ex.html);
    const strict =
      !error && canonicalHtml(rendered, { semantic: false }) === canonicalHtml(ex.html, { semantic: false });
    results.push({ example: ex, markdown, rendered, semantic, strict, error });
  }
  return results;
}

export function summarize(results) {
  const total = results.length;
  const semantic = results.filter((r) => r.semantic).length;
  const strict = results.filter((r) => r.strict).length;
  const failingSections = new Map();
  for (const r of results) {
    if (!r.semantic) failingSections.set(r.example.section, (failingSections.get(r.example.section) ?? 0) + 1);
  }
  return {
    total,
    semantic,
    strict,
    semanticRate: (100 * semantic) / total,
    strictRate: (100 * strict) / total,
    failingSections: [...failingSections.entries()].sort((a, b) => b[1] - a[1]),
  };
}
