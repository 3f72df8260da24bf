// The synchronous heart of redactPII: detect, resolve overlaps, replace.
import { applyRedactions, mergeCandidates } from './applyRedactions.js';
import { detectAddresses } from './detectAddresses.js';
import { detectOrganizations } from './detectOrganizations.js';
import { detectPatterns } from './detectPatterns.js';
import { detectPersons } from './detectPersons.js';
import { lowercaseNamePairs } from './personPairs.js';
import { caseView } from './caseView.js';
import { detectPlaces } from './detectPlaces.js';
import { blankUrls, findMarkdownStructure, insideAny } from './findMarkdownStructure.js';
import type { Gazetteers } from './loadGazetteers.js';
import type { PiiCandidate, PiiEntity, RedactPIIResult, ResolvedRedactPIIOptions } from './piiTypes.js';
import { mapToSource, plainTextView, type PlainTextView } from './plainTextView.js';
import { tokenizeText } from './tokenizeText.js';

/** Pattern types that may be redacted inside a URL: a URL carrying them carries PII. */
const URL_SAFE_TYPES = new Set<PiiEntity>(['EMAIL', 'URL_CREDENTIALS', 'SECRET', 'IP']);
const NER_TYPES: readonly PiiEntity[] = ['PERSON', 'LOCATION', 'ADDRESS', 'ORGANIZATION'];

/** Whether these options need the name and place lists (every mode but `fast`, for the entity types that use them). */
export function needsGazetteers(options: ResolvedRedactPIIOptions): boolean {
  return options.mode !== 'fast' && NER_TYPES.some((t) => options.entities.has(t));
}

/**
 * Whether a pattern finding may be redacted where it stands: outside links always; inside a URL only the types a URL
 * may carry as PII, and a phone number right after `tel:` (the link's target is the number itself).
 */
function patternAllowedAt(text: string, urlRanges: Array<[number, number]>, c: PiiCandidate): boolean {
  return (
    !insideAny(urlRanges, c.start) ||
    URL_SAFE_TYPES.has(c.type) ||
    (c.type === 'PHONE' && /tel:\+?[\d(]?$/i.test(text.slice(Math.max(0, c.start - 6), c.start)))
  );
}

/** Names, addresses, places and organisations in the plain-text view `blanked` (URLs blanked out), in view offsets. */
function detectNamedEntities(blanked: string, options: ResolvedRedactPIIOptions, g: Gazetteers): PiiCandidate[] {
  // Text in ALL CAPS or all lowercase: detectors read it with the capitals a name would have (same length).
  const blankedTokens = tokenizeText(blanked);
  const cased = caseView(blanked, blankedTokens, g);
  const prose = cased?.text ?? blanked;
  const tokens = cased ? tokenizeText(prose) : blankedTokens;
  const { entities, mode } = options;
  const found: PiiCandidate[] = [];
  if (cased?.lowercase && entities.has('PERSON')) {
    found.push(...detectPersons(blanked, blankedTokens, g, mode));
    // (round 19: "tane and mereana are coming": a pair whose unlisted half the case view leaves lowercase)
    found.push(...lowercaseNamePairs(blankedTokens, g));
  }
  if (entities.has('ADDRESS')) found.push(...detectAddresses(prose, tokens, g, mode, !!cased));
  if (entities.has('PERSON')) found.push(...detectPersons(prose, tokens, g, mode));
  if (entities.has('LOCATION')) found.push(...detectPlaces(prose, tokens, g, mode));
  if (entities.has('ORGANIZATION')) found.push(...detectOrganizations(prose, tokens, g, mode));
  return found;
}

export function redactText(
  text: string,
  options: ResolvedRedactPIIOptions,
  g: Gazetteers | undefined,
): RedactPIIResult {
  if (text.length === 0) return { text, entities: [], counts: {} };
  const structure = findMarkdownStructure(text);
  // Detect on what a reader sees (breaks restored, escapes gone), then map every finding back onto the markdown.
  const view = plainTextView(text);
  for (const k of view.syntaxOffsets) structure.protectedOffsets.add(k);
  const toSource = (c: PiiCandidate): PiiCandidate => {
    if (!view.changed) return c;
    const [start, end] = mapToSource(view, c.start, c.end);
    return { ...c, start, end };
  };
  const candidates: PiiCandidate[] = [];
  for (const found of detectPatterns(view.text, options.entities, options.mode)) {
    const c = toSource(found);
    if (patternAllowedAt(text, structure.urlRanges, c)) candidates.push(c);
  }
  if (g && needsGazetteers(options)) {
    const blanked = blankUrls(view.text, viewRanges(view, structure.urlRanges));
    for (const c of detectNamedEntities(blanked, options, g)) candidates.push(toSource(c));
  }
  const spans = mergeCandidates(candidates.filter((c) => options.entities.has(c.type)));
  const counts: RedactPIIResult['counts'] = {};
  for (const s of spans) counts[s.type] = (counts[s.type] ?? 0) + 1;
  return {
    text: applyRedactions(text, spans, options.replaceStyle, structure.protectedOffsets),
    entities: spans,
    counts,
  };
}

/** Markdown URL ranges as ranges of the view (the view only drops characters, so order is kept). */
function viewRanges(view: PlainTextView, ranges: Array<[number, number]>): Array<[number, number]> {
  if (!view.changed || ranges.length === 0) return ranges;
  const out: Array<[number, number]> = [];
  let v = 0;
  const n = view.text.length;
  for (const [s, e] of ranges) {
    while (v < n && view.sourceStart[v] < s) v++;
    const start = v;
    while (v < n && view.sourceStart[v] < e) v++;
    if (v > start) out.push([start, v]);
  }
  return out;
}
