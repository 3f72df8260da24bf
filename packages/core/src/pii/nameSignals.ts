// Word lists and tests shared by the person, place and organisation detectors: the general signals of
// English text that mark a capitalised word as a name (titles, introductions, surname shapes) or as not one.
import type { Gazetteers } from './loadGazetteers.js';
import { MONTH_NAMES } from './personLabels.js';
import type { Token } from './tokenizeText.js';

/** Honorifics before a name ("Mr. Smith", "Dr Jones"). */
export const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'professor',
  'sir',
  'dame',
  'madam',
  'madame',
  'mister',
  'lady',
  'lord',
  'herr',
  'frau',
  'monsieur',
  'mme',
  'mlle',
  'señor',
  'señora',
  'sr',
  'sra',
  'srta',
  'signor',
  'signora',
  'rev',
  'reverend',
  'fr',
  'father',
  'sister',
  'brother',
  'capt',
  'captain',
  'col',
  'colonel',
  'gen',
  'general',
  'lt',
  'sgt',
  'officer',
  'judge',
  'senator',
  'sen',
  'rep',
  'gov',
  'governor',
  'president',
  'mayor',
  // (offices and ranks that are no first names; "Dean", "Bishop", "Pastor" are names too and stay out)
  'councillor',
  'councilor',
  'alderman',
  'chancellor',
  'minister',
  'ambassador',
  'commissioner',
  'rabbi',
  'imam',
  'sheriff',
  'inspector',
  'detective',
  'sergeant',
  'constable',
  'congressman',
  'congresswoman',
  'coach',
  'uncle',
  'aunt',
  'auntie',
  'grandma',
  'grandpa',
  'grandad',
  'granddad',
  'granny',
]);

/** Lowercase particles that may sit inside a name ("Ludwig van Beethoven", "Paseo del Mar"). */
export const NAME_PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'da',
  'das',
  'do',
  'dos',
  'del',
  'della',
  'dei',
  'degli',
  'di',
  'du',
  'la',
  'le',
  'bin',
  'binti',
  'ibn',
  'al',
  'el',
  'ten',
  'ter',
  'y',
  'zu',
  'af',
  'av',
]);

/** Irish particles written with a capital inside a name ("Ó Súilleabháin", "Ní Bhriain", "Nic Giolla"). */
export const CAPITAL_PARTICLES = new Set(['ó', 'ní', 'nic', 'uí', 'ua']);

/**
 * Capitalised words that are never a person on their own although name lists contain some of them
 * (months and weekdays double as first names: "June", "April"); they break a name run.
 */
export const NOT_NAME_WORDS = new Set([
  ...MONTH_NAMES,
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'christmas',
  'easter',
  'god',
  'lord',
  'jesus',
  'i',
  'im',
  'ok',
  'okay',
  'hi',
  'hello',
  'hey',
  // (greetings that are no dictionary word: "Hiya Fenella" is a greeting and a name, not a name of two words)
  'hiya',
  'howdy',
  'dear',
  'thanks',
  'yes',
  'no',
  'bot',
  'user',
  'admin',
  'email',
  'e-mail',
  'phone',
  'mobile',
  'fax',
  'desk',
  'address',
  'name',
  'website',
  'date',
  'tel',
  'street',
  'road',
  'avenue',
  'suite',
  'apt',
  'internet',
  'web',
  'online',
  'app',
  'api',
  'faq',
  'home',
  'menu',
  'login',
  'sign',
  'search',
  'share',
  'tweet',
  'like',
  'north',
  'south',
  'east',
  'west',
  'northern',
  'southern',
  'eastern',
  'western',
  'central',
  'new',
  'old',
  'saint',
  'st',
]);

/** Words after a name that show it is a person ("Smith said", "Anna's"). */
export const PERSON_FOLLOW = new RegExp(
  String.raw`^(?:'s\b|’s\b|,? (?:who|whose)\b|, (?:the|a|an|aged?|\d{1,3},)\s|\s+\(\d{1,3}\)` +
    String.raw`|\s+(?:said|says|wrote|writes|told|asked|replied|explained|added|noted|smiled|laughed|is a|was a` +
    String.raw`|and (?:his|her)\b))`,
  'i',
);

/** Words before a place ("from Tunisia", "in Oslo", "visit Rome"). */
export const PLACE_INTRO = new RegExp(
  String.raw`\b(?:in|from|to|at|near|into|visit|visiting|visited|towards|toward|via|born in|based in|live in` +
    String.raw`|lives in|living in|moved to|moving to|travel(?:l?ing)? to|flew to|fly to|arrived in|arrived at` +
    String.raw`|located in|headquartered in|capital of)\s*$`,
  'i',
);

/**
 * Surname and given-name endings common across European languages: evidence for a capitalised word not in the lists.
 */
export const NAME_SHAPE = new RegExp(
  String.raw`(?:ová|ova|ský|ská|ski|ska|cki|cka|dzki|wicz|vich|vych|ovich|evich|ovna|evna|enko|chuk|escu|eanu` +
    String.raw`|oğlu|sson|sen|dóttir|dottir|ić|vić|šić|ini|elli|etti|ucci|eau|eault|ault|ier|ez|es|az|ssen|mann` +
    String.raw`|stein|berg|feld|baum|ides|opoulos|akis|oulis|aki|iya|ishvili|shvili|adze|idze|yan|ian|uly|kyzy` +
    String.raw`|ev|ov|in|ko|ak|ek|ik|ák|ek|ás|ós|ós|ö|ő|ű|ay|oy)$`,
);

/** Nationality-like adjectives ("Russian", "Polish", "Japanese"): "I am Polish" is not a name. */
export const DEMONYM_SHAPE = /(?:ian|ean|ish|ese|ic|i|an|ch|ss|ek|ot)$/;

/**
 * Letters outside ASCII in a capitalised word not in the English lists ("Szöllösy", "Björgvinsdóttir"): a foreign
 * proper noun.
 */
export function hasForeignLetters(word: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: non-ASCII is a foreign letter
  return /[^\x00-\x7F]/.test(word) && /\p{L}/u.test(word);
}

export function isCommonWord(lower: string, g: Gazetteers): boolean {
  return g.commonWords.has(lower) || NOT_NAME_WORDS.has(lower);
}

/** `isCommonWord` for a token, computed once per token (the detectors ask about the same words many times). */
export function tokenIsCommon(t: Token, g: Gazetteers): boolean {
  t.common ??= isCommonWord(t.lower, g);
  return t.common;
}

export function isFirstName(lower: string, g: Gazetteers): boolean {
  return g.firstNames.has(lower);
}

export function isNameWord(lower: string, g: Gazetteers): boolean {
  return g.firstNames.has(lower) || g.lastNames.has(lower) || g.extraNames.has(lower);
}

/** In faker's curated per-locale lists (stronger than the big humannames list, which also holds brand-like words). */
export function isCoreNameWord(lower: string, g: Gazetteers): boolean {
  return g.firstNames.has(lower) || g.lastNames.has(lower);
}

/** A single capital letter, optionally followed by a period ("J", "J."), handled by the caller. */
export function isInitial(t: Token): boolean {
  return t.kind === 'word' && t.text.length === 1 && t.cap;
}

/** Text before `start` on the same line (no further than `window` characters). */
export function lineBefore(text: string, start: number, window = 40): string {
  const from = Math.max(0, start - window);
  const slice = text.slice(from, start);
  const nl = slice.lastIndexOf('\n');
  return nl >= 0 ? slice.slice(nl + 1) : slice;
}

/** Nouns for relatives and close people: "my son Tobiah", "her grandmother Wilhelmina" name the person after them. */
export const KINSHIP_NOUNS = [
  'son',
  'daughter',
  'brother',
  'sister',
  'mother',
  'father',
  'mom',
  'mum',
  'mommy',
  'mummy',
  'dad',
  'daddy',
  'aunt',
  'auntie',
  'uncle',
  'cousin',
  'nephew',
  'niece',
  'wife',
  'husband',
  'partner',
  'spouse',
  'fiance',
  'fiancé',
  'fiancee',
  'fiancée',
  'grandmother',
  'grandfather',
  'grandma',
  'grandpa',
  'granny',
  'grandad',
  'granddad',
  'grandson',
  'granddaughter',
  'grandchild',
  'stepson',
  'stepdaughter',
  'stepmother',
  'stepfather',
  'boyfriend',
  'girlfriend',
  'friend',
  'colleague',
  'coworker',
  'co-worker',
  'boss',
  'manager',
  'neighbour',
  'neighbor',
  'roommate',
  'flatmate',
  'classmate',
  'child',
  'kid',
  'baby',
  'twin',
  'sibling',
  'in-law',
  'mother-in-law',
  'father-in-law',
  'sister-in-law',
  'brother-in-law',
];
const KINSHIP_MODIFIERS = [
  'late',
  'little',
  'older',
  'younger',
  'big',
  'baby',
  'eldest',
  'oldest',
  'youngest',
  'dear',
  'best',
  'new',
  'old',
  'twin',
  'great',
];
/** "my son", "her late grandmother", "our neighbour", "his best friend" at the end of the text before a name. */
export const KINSHIP_INTRO = new RegExp(
  `\\b(?:my|his|her|their|our|your|whose)\\s+(?:(?:${KINSHIP_MODIFIERS.join('|')})\\s+)?` +
    `(?:${KINSHIP_NOUNS.join('|')})s?,?\\s*$`,
  'i',
);
const KINSHIP_SET = new Set(KINSHIP_NOUNS);
/** Whether `before` (the text before a name) ends in a kinship phrase; a set lookup first, the regex only on a hit. */
export function endsWithKinship(before: string): boolean {
  const m = /([\p{L}-]+),?\s*$/u.exec(before.slice(-24));
  if (!m) return false;
  const w = m[1].toLowerCase();
  return (
    (KINSHIP_SET.has(w) || (w.endsWith('s') && KINSHIP_SET.has(w.slice(0, -1)))) &&
    KINSHIP_INTRO.test(before.slice(-60))
  );
}
/** Reporting words after which the next capitalised word is the speaker: "says Thandeka", "warned Ingrid". */
const REPORTING_WORDS = new Set(
  (
    'says said writes wrote asks asked adds added explains explained recalls recalled replies replied answers ' +
    'answered insists insisted argues argued warns warned admits admitted claims claimed whispers whispered by'
  ).split(' '),
);
const SUBJECT_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'we', 'they', 'it']);
/** The word before `first` on its line is a reporting word, or the two words are "according to". A token test. */
export function afterReportingWord(tokens: Token[], first: Token): boolean {
  const prev = tokens[first.index - 1];
  if (first.lineStart || prev?.kind !== 'word') return false;
  // (after a subject pronoun the verb is not inverted and the word after it is its object: "She asked Google")
  if (REPORTING_WORDS.has(prev.lower)) return !SUBJECT_PRONOUNS.has(tokens[first.index - 2]?.lower ?? '');
  return prev.lower === 'to' && tokens[first.index - 2]?.lower === 'according';
}
/** Nouns a surname may modify: "the Okonkwo novel", "the Pastorelli estate". */
export const SURNAME_MODIFIED = new RegExp(
  String.raw`^ (?:novel|novels|book|books|film|films|album|biography|memoir|paintings?|portrait|play|plays` +
    String.raw`|song|songs|theorem|method|estate|family|household|case|administration|era|report|letters|papers` +
    String.raw`|archive|collection|lab|laboratory|lectures|trial|affair|siblings|brothers|sisters|twins|thriller` +
    String.raw`|thrillers|trilogy|saga)\b`,
  'i',
);

/** Words that end the name of a venue or an organisation: "Riverside Country Club" names no place or person. */
export const FACILITY_WORDS = new Set([
  'club',
  'hotel',
  'inn',
  'motel',
  'resort',
  'restaurant',
  'cafe',
  'café',
  'bar',
  'pub',
  'tavern',
  'bistro',
  'school',
  'college',
  'academy',
  'hospital',
  'clinic',
  'church',
  'chapel',
  'cathedral',
  'mosque',
  'synagogue',
  'temple',
  'stadium',
  'arena',
  'centre',
  'center',
  'museum',
  'gallery',
  'library',
  'theatre',
  'theater',
  'cinema',
  'bank',
  'airport',
  'mall',
  'company',
  'inc',
  'ltd',
  'llc',
  'plc',
  'gmbh',
  'corp',
  'corporation',
  'association',
  'society',
  'league',
  'foundation',
  'institute',
  'industries',
  'group',
  'partners',
  'studios',
  'records',
  'press',
  'times',
  'herald',
  'gazette',
  'tribune',
  'fc',
  'united',
  'rovers',
]);
