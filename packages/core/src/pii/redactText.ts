// The synchronous heart of redactPII: detect, resolve overlaps, replace.
import { applyRedactions, mergeCandidates } from './applyRedactions.js';
import { detectAddresses } from './detectAddresses.js';
import { detectOrganizations } from './detectOrganizations.js';
import { detectPatterns } from './detectPatterns.js';
import { detectPersons } from './detectPersons.js';
import { detectPlaces } from './detectPlaces.js';
import { blankUrls, findMarkdownStructure, insideAny } from './findMarkdownStructure.js';
import type { Gazetteers } from './loadGazetteers.js';
import type { PiiCandidate, PiiEntity, RedactPIIResult, ResolvedRedactPIIOptions } from './piiTypes.js';
import { tokenizeText } from './tokenizeText.js';

/** Pattern types that may be redacted inside a URL: a URL carrying them carries PII. */
const URL_SAFE_TYPES = new Set<PiiEntity>(['EMAIL', 'URL_CREDENTIALS', 'SECRET', 'IP']);
const NER_TYPES: readonly PiiEntity[] = ['PERSON', 'LOCATION', 'ADDRESS', 'ORGANIZATION'];

/** Whether these options need the name and place lists (every mode but `fast`, for the entity types that use them). */
export function needsGazetteers(options: ResolvedRedactPIIOptions): boolean {
  return options.mode !== 'fast' && NER_TYPES.some((t) => options.entities.has(t));
}

export function redactText(text: string, options: ResolvedRedactPIIOptions, g: Gazetteers | undefined): RedactPIIResult {
  if (text.length === 0) return { text, entities: [], counts: {} };
  const structure = findMarkdownStructure(text);
  const candidates: PiiCandidate[] = [];
  for (const c of detectPatterns(text, options.entities, options.mode)) {
    if (!insideAny(structure.urlRanges, c.start) || URL_SAFE_TYPES.has(c.type) || (c.type === 'PHONE' && /tel:\+?[\d(]?$/i.test(text.slice(Math.max(0, c.start - 6), c.start)))) {
      candidates.push(c);
    }
  }
  if (g && needsGazetteers(options)) {
    const prose = blankUrls(text, structure.urlRanges);
    const tokens = tokenizeText(prose);
    const { entities, mode } = options;
    if (entities.has('ADDRESS')) candidates.push(...detectAddresses(prose, tokens, g, mode));
    if (entities.has('PERSON')) candidates.push(...detectPersons(prose, tokens, g, mode));
    if (entities.has('LOCATION')) candidates.push(...detectPlaces(prose, tokens, g, mode));
    if (entities.has('ORGANIZATION')) candidates.push(...detectOrganizations(prose, tokens, g, mode));
  }
  const spans = mergeCandidates(candidates.filter((c) => options.entities.has(c.type)));
  const counts: RedactPIIResult['counts'] = {};
  for (const s of spans) counts[s.type] = (counts[s.type] ?? 0) + 1;
  return { text: applyRedactions(text, spans, options.replaceStyle, structure.protectedOffsets), entities: spans, counts };
}
