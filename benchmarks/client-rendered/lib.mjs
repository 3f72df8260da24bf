// The client-rendered check the acquire step runs on every HTTP-engine page (scraper's `judgeClientRendered`), over
// the WCXB pages: how often it would send a page to the browser, whether those pages really lack their content in
// the HTML, and what it costs per page.
import { performance } from 'node:perf_hooks';
import { judgeClientRendered } from '../../packages/scraper/dist/internal.js';
import { listWcxbPages, readWcxbHtml, readWcxbTruth } from '../wcxb.mjs';

/** A page "has its content in the HTML" when this share of its ground-truth words appears in the HTML's text. */
const CONTENT_PRESENT_RECALL = 0.5;
/** Timing repeats per page, so sub-millisecond checks are measurable. */
const REPEATS = 5;

export const listPages = listWcxbPages;

const tokens = (text) => text.toLowerCase().match(/\w+/g) ?? [];

/** Share of the ground truth's words found in the HTML's visible text (a crude tag strip is enough here). */
function contentRecall(html, truth) {
  const want = tokens(truth);
  if (want.length === 0) return null;
  const have = new Map();
  const text = html.replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]+>/g, ' ');
  for (const t of tokens(text)) have.set(t, (have.get(t) ?? 0) + 1);
  let hit = 0;
  for (const t of want) {
    const n = have.get(t) ?? 0;
    if (n > 0) {
      hit++;
      have.set(t, n - 1);
    }
  }
  return hit / want.length;
}

export function run(ids) {
  const rows = [];
  for (const id of ids) {
    const html = readWcxbHtml(id);
    const truth = readWcxbTruth(id)?.ground_truth?.main_content ?? '';
    // As the acquire step: the whole decoded body (the judge scans at most its own limit).
    const verdict = judgeClientRendered(html);
    const started = performance.now();
    for (let i = 0; i < REPEATS; i++) judgeClientRendered(html);
    const ms = (performance.now() - started) / REPEATS;
    const recall = contentRecall(html, truth);
    // Pages with an empty ground truth (nothing to extract) count neither way.
    const present = recall === null ? null : recall >= CONTENT_PRESENT_RECALL;
    rows.push({ id, bytes: html.length, ms, flagged: verdict.clientRendered, reason: verdict.reason, present });
  }
  return summarize(rows);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function summarize(rows) {
  const times = rows.map((r) => r.ms).sort((a, b) => a - b);
  const flagged = rows.filter((r) => r.flagged);
  const falsePositives = flagged.filter((r) => r.present === true);
  const missing = rows.filter((r) => r.present === false);
  const caught = missing.filter((r) => r.flagged);
  const reasons = {};
  for (const r of flagged) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
  return {
    pages: rows.length,
    flagged: flagged.length,
    reasons,
    falsePositives: falsePositives.length,
    falsePositiveIds: falsePositives.slice(0, 10).map((r) => r.id),
    contentMissingInHtml: missing.length,
    contentMissingCaught: caught.length,
    msMedian: +percentile(times, 0.5).toFixed(3),
    msP95: +percentile(times, 0.95).toFixed(3),
    msMax: +times[times.length - 1].toFixed(3),
    emptyTruth: rows.filter((r) => r.present === null).length,
    emptyTruthFlagged: rows.filter((r) => r.present === null && r.flagged).length,
    largestKb: Math.round(Math.max(...rows.map((r) => r.bytes)) / 1024),
  };
}

export function print(s) {
  console.log(
    '| pages | sent to browser | of which content was already in the HTML | pages whose HTML lacks the content | of those sent to browser | median ms | p95 ms | max ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${s.pages} | ${s.flagged} | ${s.falsePositives} | ${s.contentMissingInHtml} | ${s.contentMissingCaught} | ${s.msMedian} | ${s.msP95} | ${s.msMax} |`,
  );
  console.log(
    `reasons: ${JSON.stringify(s.reasons)}; false positives: ${s.falsePositiveIds.join(', ') || 'none'}; ${s.emptyTruth} pages with empty ground truth (${s.emptyTruthFlagged} sent to browser); largest page ${s.largestKb} KB`,
  );
}
