#!/usr/bin/env node
// Rewrites regex literals on lines over 120 columns as `new RegExp(String.raw`…` + String.raw`…`, flags)` with the
// same source text, cut at alternation and group boundaries, then checks that every file's patterns are unchanged.
// The source text is what regexSafety.reviewed.json keys its verdicts on, so the audit's verdicts still apply.
//
// Run: node scripts/splitLongRegexes.mjs [files...]   (default: every tracked .ts/.mjs/.js file), then
//      pnpm run format
// It skips (and names) a pattern with a backtick or `${` (a raw template cannot hold them: build that one by hand),
// and names a literal inside a function: hoist it to a module constant so it is not rebuilt per call.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';

const MAX_LINE = 120;
/** Characters of pattern per part: with indentation and `String.raw`` +` a part stays under MAX_LINE. */
const MAX_PART = 96;
/** A part shorter than this is not worth its own line. */
const MIN_PART = 40;

/**
 * Where a pattern may be cut (before index i), best first: `|` at group depth d ranks 2d, an opening `(` at depth d
 * ranks 2d + 1, any other place 100. An escape (`\x`) is never cut, so no part ends in a lone backslash.
 */
function cutRanks(source) {
  const ranks = new Map();
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    ranks.set(i, 100);
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') inClass = true;
    else if (c === '(') ranks.set(i, 2 * depth++ + 1);
    else if (c === ')') depth--;
    else if (c === '|') ranks.set(i, 2 * depth);
  }
  return ranks;
}

export function splitPattern(source) {
  const ranks = cutRanks(source);
  const parts = [];
  let start = 0;
  while (source.length - start > MAX_PART) {
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (let i = start + MIN_PART; i <= start + MAX_PART; i++) {
      const rank = ranks.get(i);
      if (rank !== undefined && rank <= bestRank) {
        best = i;
        bestRank = rank;
      }
    }
    parts.push(source.slice(start, best));
    start = best;
  }
  parts.push(source.slice(start));
  return parts;
}

/** Every pattern of a file, as `source\0flags`, from literals and from `new RegExp(String.raw… + …, 'flags')`. */
function patternsOf(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const raw = (e) => {
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = raw(e.left);
      const right = raw(e.right);
      return left === null || right === null ? null : left + right;
    }
    if (ts.isTaggedTemplateExpression(e) && e.tag.getText(sf) === 'String.raw') {
      return ts.isNoSubstitutionTemplateLiteral(e.template) ? e.template.rawText : null;
    }
    return null;
  };
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(sf);
      const end = literal.lastIndexOf('/');
      found.push(`${literal.slice(1, end)}\0${literal.slice(end + 1)}`);
    } else if (ts.isNewExpression(node) && node.expression.getText(sf) === 'RegExp' && node.arguments?.length) {
      const source = raw(node.arguments[0]);
      const flags = node.arguments[1];
      if (source !== null) found.push(`${source}\0${flags && ts.isStringLiteral(flags) ? flags.text : ''}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found.sort();
}

function rewrite(file) {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = text.split('\n');
  const edits = [];
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(sf);
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      // Only patterns that are themselves long: a short one on a long line moves with the formatter.
      if (lines[line].length > MAX_LINE && literal.length > 60) {
        const end = literal.lastIndexOf('/');
        const source = literal.slice(1, end);
        const flags = literal.slice(end + 1);
        const where = `${file}:${line + 1}`;
        if (source.includes('`') || source.includes('${')) {
          console.log(`skipped (backtick or \${: build it by hand): ${where}`);
          return;
        }
        for (let up = node.parent; up; up = up.parent) {
          if (ts.isFunctionLike(up)) {
            console.log(`inside a function (hoist it to a module constant): ${where}`);
            break;
          }
        }
        const parts = splitPattern(source).map((part) => `String.raw\`${part}\``);
        edits.push([
          node.getStart(sf),
          node.getEnd(),
          `new RegExp(${parts.join(' + ')}${flags ? `, '${flags}'` : ''})`,
        ]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (edits.length === 0) return 0;
  let next = text;
  for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0])) {
    next = next.slice(0, start) + replacement + next.slice(end);
  }
  if (JSON.stringify(patternsOf(file, text)) !== JSON.stringify(patternsOf(file, next))) {
    throw new Error(`${file}: the rewritten patterns differ from the original ones; nothing written`);
  }
  writeFileSync(file, next);
  return edits.length;
}

const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : execFileSync('git', ['ls-files', '*.ts', '*.mjs', '*.js'], { encoding: 'utf8' }).split('\n').filter(Boolean);
let total = 0;
for (const file of files) total += rewrite(file);
console.log(`${total} regex literal(s) rewritten; now run: pnpm run format`);
