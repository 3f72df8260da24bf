/**
 * Country → what a local visitor's browser looks like: locale, IANA timezone and a point near the capital for the
 * Geolocation API. Countries missing from the table fall back to English for that region, UTC and no geolocation.
 */
type Profile = readonly [locale: string, timezoneId: string, latitude: number, longitude: number];

const PROFILES: Record<string, Profile> = {
  US: ['en-US', 'America/New_York', 40.7128, -74.006],
  CA: ['en-CA', 'America/Toronto', 43.6532, -79.3832],
  MX: ['es-MX', 'America/Mexico_City', 19.4326, -99.1332],
  BR: ['pt-BR', 'America/Sao_Paulo', -23.5505, -46.6333],
  AR: ['es-AR', 'America/Argentina/Buenos_Aires', -34.6037, -58.3816],
  CL: ['es-CL', 'America/Santiago', -33.4489, -70.6693],
  CO: ['es-CO', 'America/Bogota', 4.711, -74.0721],
  PE: ['es-PE', 'America/Lima', -12.0464, -77.0428],
  GB: ['en-GB', 'Europe/London', 51.5074, -0.1278],
  IE: ['en-IE', 'Europe/Dublin', 53.3498, -6.2603],
  FR: ['fr-FR', 'Europe/Paris', 48.8566, 2.3522],
  DE: ['de-DE', 'Europe/Berlin', 52.52, 13.405],
  AT: ['de-AT', 'Europe/Vienna', 48.2082, 16.3738],
  CH: ['de-CH', 'Europe/Zurich', 47.3769, 8.5417],
  NL: ['nl-NL', 'Europe/Amsterdam', 52.3676, 4.9041],
  BE: ['nl-BE', 'Europe/Brussels', 50.8503, 4.3517],
  LU: ['fr-LU', 'Europe/Luxembourg', 49.6116, 6.1319],
  ES: ['es-ES', 'Europe/Madrid', 40.4168, -3.7038],
  PT: ['pt-PT', 'Europe/Lisbon', 38.7223, -9.1393],
  IT: ['it-IT', 'Europe/Rome', 41.9028, 12.4964],
  DK: ['da-DK', 'Europe/Copenhagen', 55.6761, 12.5683],
  SE: ['sv-SE', 'Europe/Stockholm', 59.3293, 18.0686],
  NO: ['nb-NO', 'Europe/Oslo', 59.9139, 10.7522],
  FI: ['fi-FI', 'Europe/Helsinki', 60.1699, 24.9384],
  PL: ['pl-PL', 'Europe/Warsaw', 52.2297, 21.0122],
  CZ: ['cs-CZ', 'Europe/Prague', 50.0755, 14.4378],
  HU: ['hu-HU', 'Europe/Budapest', 47.4979, 19.0402],
  RO: ['ro-RO', 'Europe/Bucharest', 44.4268, 26.1025],
  GR: ['el-GR', 'Europe/Athens', 37.9838, 23.7275],
  TR: ['tr-TR', 'Europe/Istanbul', 41.0082, 28.9784],
  UA: ['uk-UA', 'Europe/Kyiv', 50.4501, 30.5234],
  RU: ['ru-RU', 'Europe/Moscow', 55.7558, 37.6173],
  IL: ['he-IL', 'Asia/Jerusalem', 31.7683, 35.2137],
  AE: ['ar-AE', 'Asia/Dubai', 25.2048, 55.2708],
  SA: ['ar-SA', 'Asia/Riyadh', 24.7136, 46.6753],
  EG: ['ar-EG', 'Africa/Cairo', 30.0444, 31.2357],
  ZA: ['en-ZA', 'Africa/Johannesburg', -26.2041, 28.0473],
  NG: ['en-NG', 'Africa/Lagos', 6.5244, 3.3792],
  KE: ['en-KE', 'Africa/Nairobi', -1.2921, 36.8219],
  IN: ['en-IN', 'Asia/Kolkata', 28.6139, 77.209],
  PK: ['en-PK', 'Asia/Karachi', 24.8607, 67.0011],
  CN: ['zh-CN', 'Asia/Shanghai', 31.2304, 121.4737],
  HK: ['zh-HK', 'Asia/Hong_Kong', 22.3193, 114.1694],
  TW: ['zh-TW', 'Asia/Taipei', 25.033, 121.5654],
  JP: ['ja-JP', 'Asia/Tokyo', 35.6762, 139.6503],
  KR: ['ko-KR', 'Asia/Seoul', 37.5665, 126.978],
  SG: ['en-SG', 'Asia/Singapore', 1.3521, 103.8198],
  MY: ['ms-MY', 'Asia/Kuala_Lumpur', 3.139, 101.6869],
  TH: ['th-TH', 'Asia/Bangkok', 13.7563, 100.5018],
  VN: ['vi-VN', 'Asia/Ho_Chi_Minh', 10.8231, 106.6297],
  ID: ['id-ID', 'Asia/Jakarta', -6.2088, 106.8456],
  PH: ['en-PH', 'Asia/Manila', 14.5995, 120.9842],
  AU: ['en-AU', 'Australia/Sydney', -33.8688, 151.2093],
  NZ: ['en-NZ', 'Pacific/Auckland', -36.8485, 174.7633],
};

/** Weight step between successive Accept-Language entries (1, 0.9, 0.8, ...), never below this floor. */
const Q_STEP = 0.1;
const Q_FLOOR = 0.1;

export interface ResolvedLocation {
  /** BCP 47 locale: navigator.language, Intl defaults. */
  locale: string;
  timezoneId: string;
  geolocation?: { latitude: number; longitude: number; accuracy: number };
  /** Languages in priority order (navigator.languages). */
  languages: string[];
  acceptLanguage: string;
}

/** Builds an Accept-Language value with descending weights, adding the base language after a regional tag. */
export function toAcceptLanguage(languages: string[]): string {
  const ordered: string[] = [];
  for (const tag of languages) {
    if (!ordered.includes(tag)) ordered.push(tag);
    const base = tag.split('-')[0];
    // Browsers send "de-CH,de;q=0.9": servers that only know "de" still match.
    if (base !== tag && !languages.includes(base) && !ordered.includes(base)) ordered.push(base);
  }
  return ordered
    .map((tag, i) => (i === 0 ? tag : `${tag};q=${Math.max(Q_FLOOR, 1 - i * Q_STEP).toFixed(1)}`))
    .join(',');
}

export function resolveLocation(location: { country: string; languages?: string[] }): ResolvedLocation {
  const country = location.country.toUpperCase();
  // Own keys only: the country is caller input.
  const profile = Object.hasOwn(PROFILES, country) ? PROFILES[country] : undefined;
  const languages = location.languages?.filter((l) => typeof l === 'string' && l.length > 0) ?? [];
  const locale = languages[0] ?? profile?.[0] ?? `en-${country}`;
  const ordered = languages.length > 0 ? languages : [locale];
  return {
    locale,
    timezoneId: profile?.[1] ?? 'UTC',
    geolocation: profile ? { latitude: profile[2], longitude: profile[3], accuracy: 100 } : undefined,
    languages: ordered,
    acceptLanguage: toAcceptLanguage(ordered),
  };
}
