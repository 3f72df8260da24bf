// Person cues from the shape of a sentence rather than from its words (issue 26, round 9): the slot after a
// quotation that names its speaker, an age set off by commas beside a name, and the nouns before "name:" that say
// the name is a thing's. All token tests (no regex).
import type { Token } from './tokenizeText.js';

const CLOSING_QUOTES = new Set(['"', '”', '»']);
const QUOTE_ENDS = new Set([',', '!', '?']);

/** A closing quotation mark at `k` with a comma, "!" or "?" right before it (the end of a quoted sentence). */
function quotationClosesAt(tokens: Token[], k: number): boolean {
  const quote = tokens[k];
  const mark = tokens[k - 1];
  return (
    quote?.kind === 'punct' &&
    CLOSING_QUOTES.has(quote.text) &&
    quote.gapBefore === '' &&
    mark !== undefined &&
    QUOTE_ENDS.has(mark.text) &&
    !quote.lineStart
  );
}

/** The token after `last` ends the attribution: a period, comma, "!" or the end of the line or text. */
function attributionEnds(tokens: Token[], at: number): boolean {
  const t = tokens[at];
  return t === undefined || t.lineStart || (t.kind === 'punct' && (t.text === '.' || t.text === ',' || t.text === '!'));
}

/**
 * '"Too late," Halloran muttered.', '"Go on," urged Priyamvada.': right after a quoted sentence, a capitalised run
 * and one lowercase word ('direct'), or one lowercase word and the run ('inverted'), then the clause ends. That slot
 * names who spoke, whatever the verb ("muttered", "noted", "urged" ...); a thing there has an article ('the website
 * noted'). Companies speak too ('"Update now," Microsoft added.'), mostly in the direct order: the caller weighs it.
 */
export function quotationSpeaker(tokens: Token[], first: Token, last: Token): 'direct' | 'inverted' | undefined {
  const prev = tokens[first.index - 1];
  const next = tokens[last.index + 1];
  if (quotationClosesAt(tokens, first.index - 1) && prev?.gapBefore === '') {
    const verb = next?.kind === 'word' && !next.cap && !next.lineStart && next.gapBefore === ' ';
    return verb && attributionEnds(tokens, last.index + 2) ? 'direct' : undefined;
  }
  const inverted =
    prev?.kind === 'word' &&
    !prev.cap &&
    !first.lineStart &&
    quotationClosesAt(tokens, prev.index - 1) &&
    attributionEnds(tokens, last.index + 1);
  return inverted ? 'inverted' : undefined;
}

/** A whole number a person's age could be (1 to 119), written as digits. */
function ageNumber(t: Token | undefined): boolean {
  if (t?.kind !== 'number' || !/^\d{1,3}$/.test(t.text)) return false;
  const n = Number(t.text);
  return n >= 1 && n < 120;
}
const LIST_WORDS = new Set(['and', 'or', 'nor', '&']);

/**
 * "Brooks, 52, coaches the under-tens", "Aged 47, Desislava opened ...": an age set off by commas right after the
 * run and a lowercase word going on (not a list: "Apples, 12, and Pears, 8, were"), or "aged N," right before it.
 */
export function ageBeside(tokens: Token[], first: Token, last: Token): boolean {
  const before = tokens[first.index - 1];
  if (before?.text === ',' && ageNumber(tokens[first.index - 2]) && tokens[first.index - 3]?.lower === 'aged')
    return true;
  if (LIST_WORDS.has(before?.lower ?? '')) return false;
  const [comma, age, comma2, word] = [1, 2, 3, 4].map((k) => tokens[last.index + k]);
  return (
    comma?.text === ',' &&
    comma.gapBefore === '' &&
    ageNumber(age) &&
    comma2?.text === ',' &&
    word?.kind === 'word' &&
    !word.cap &&
    !LIST_WORDS.has(word.lower)
  );
}

/** Nouns whose "name" is a thing's, not a person's: "Product name: Galaxy Note", "the file name is Notes". */
const THING_NAME_HEADS = new Set([
  'product',
  'file',
  'domain',
  'brand',
  'company',
  'business',
  'project',
  'app',
  'model',
  'trade',
  'event',
  'course',
  'team',
  'plan',
  'package',
  'field',
  'variable',
  'network',
  'device',
  'venue',
  'store',
  'shop',
  'street',
  'place',
  'host',
  'server',
  'font',
  'folder',
  'item',
  'category',
  'organisation',
  'organization',
  'site',
  'website',
  'channel',
  'group',
  'account',
]);

/**
 * The run follows "<thing> name:" or "<thing> name is" ("Product name: Galaxy Note"): the name is a thing's. Looks
 * back over "name" and ":" / "is" from `first`.
 */
export function afterThingName(tokens: Token[], first: Token): boolean {
  const sep = tokens[first.index - 1];
  if (sep?.text !== ':' && sep?.lower !== 'is') return false;
  if (tokens[first.index - 2]?.lower !== 'name') return false;
  return THING_NAME_HEADS.has(tokens[first.index - 3]?.lower ?? '');
}
