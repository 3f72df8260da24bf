/**
 * Main language per country, for an Accept-Language that matches `location.country` when the request names no
 * `languages` (spec §2.4: "language of the location"). Countries not listed get English.
 */
const COUNTRY_LANGUAGE: Record<string, string> = {
  US: 'en',
  GB: 'en',
  AU: 'en',
  CA: 'en',
  NZ: 'en',
  IE: 'en',
  IN: 'en',
  SG: 'en',
  ZA: 'en',
  NG: 'en',
  PH: 'en',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  FR: 'fr',
  BE: 'fr',
  LU: 'fr',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CO: 'es',
  CL: 'es',
  PE: 'es',
  IT: 'it',
  PT: 'pt',
  BR: 'pt',
  NL: 'nl',
  SE: 'sv',
  NO: 'nb',
  DK: 'da',
  FI: 'fi',
  PL: 'pl',
  CZ: 'cs',
  SK: 'sk',
  HU: 'hu',
  RO: 'ro',
  BG: 'bg',
  GR: 'el',
  TR: 'tr',
  RU: 'ru',
  UA: 'uk',
  IL: 'he',
  SA: 'ar',
  AE: 'ar',
  EG: 'ar',
  IR: 'fa',
  PK: 'ur',
  BD: 'bn',
  TH: 'th',
  VN: 'vi',
  ID: 'id',
  MY: 'ms',
  CN: 'zh',
  TW: 'zh',
  HK: 'zh',
  JP: 'ja',
  KR: 'ko',
};

/** `languages` in priority order with decreasing q-values; otherwise the country's language. */
export function acceptLanguageFor(location: { country: string; languages?: readonly string[] }): string {
  const languages =
    location.languages && location.languages.length > 0 ? location.languages : [defaultLocale(location.country)];
  const list = [...languages];
  const primary = list[0].split('-')[0];
  if (primary !== list[0] && !list.includes(primary)) list.push(primary);
  return list.map((lang, i) => (i === 0 ? lang : `${lang};q=${Math.max(0.1, 1 - i * 0.1).toFixed(1)}`)).join(',');
}

function defaultLocale(country: string): string {
  // Own keys only: the country is request input.
  return `${(Object.hasOwn(COUNTRY_LANGUAGE, country) ? COUNTRY_LANGUAGE[country] : undefined) ?? 'en'}-${country}`;
}
