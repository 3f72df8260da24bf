// Checksums and numbering rules that turn "looks like a number" into "is this kind of number".

/** Luhn (mod 10) over the digits of `value`; card numbers carry it, random digit runs pass 1 time in 10. */
export function passesLuhn(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 2) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Leading digits of a card number read as numbers, for the issuer (IIN) range tests. */
interface CardPrefix {
  n: number;
  p2: number;
  p3: number;
  p4: number;
  p6: number;
}

/** Card issuer prefixes (IIN ranges) with their lengths; a Luhn-valid run outside them needs card context. */
export function hasCardIssuerPrefix(digits: string): boolean {
  const p: CardPrefix = {
    n: digits.length,
    p2: Number(digits.slice(0, 2)),
    p3: Number(digits.slice(0, 3)),
    p4: Number(digits.slice(0, 4)),
    p6: Number(digits.slice(0, 6)),
  };
  if (digits[0] === '4') return p.n === 13 || p.n === 16 || p.n === 19; // Visa
  return globalIssuerLength(p) ?? regionalIssuerLength(p) ?? false;
}

/** Mastercard, Amex, Diners and Discover: whether the length fits, or undefined when the prefix is none of theirs. */
function globalIssuerLength({ n, p2, p3, p4, p6 }: CardPrefix): boolean | undefined {
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16; // Mastercard
  if (p2 === 34 || p2 === 37) return n === 15; // Amex
  // Diners
  if ((p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38 || p2 === 39 || p3 === 309) return n >= 14 && n <= 19;
  // Discover
  if (p4 === 6011 || p2 === 65 || (p3 >= 644 && p3 <= 649) || (p6 >= 622126 && p6 <= 622925)) return n >= 16 && n <= 19;
  return undefined;
}

/** JCB, UnionPay, Maestro and Mir: whether the length fits, or undefined when the prefix is none of theirs. */
function regionalIssuerLength({ n, p2, p4 }: CardPrefix): boolean | undefined {
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 && n <= 19; // JCB
  if (p4 === 2131 || p4 === 1800) return n === 15; // JCB (old 15-digit)
  if (p2 === 62) return n >= 16 && n <= 19; // UnionPay
  if (p2 === 50 || (p2 >= 56 && p2 <= 69)) return n >= 12 && n <= 19; // Maestro
  if (p4 === 2200 || p4 === 2201 || p4 === 2202 || p4 === 2203 || p4 === 2204) return n === 16; // Mir
  return undefined;
}

const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** ISO 13616 IBAN: known country length and the mod-97 check (remainder 1). Spaces are ignored. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined ? iban.length !== expected : iban.length < 15 || iban.length > 34) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const chunk = code >= 65 ? String(code - 55) : ch;
    for (const digit of chunk) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

/** US SSN numbering rules: area not 000, 666 or 900-999; group not 00; serial not 0000. */
export function isPlausibleSsn(area: string, group: string, serial: string): boolean {
  const a = Number(area);
  if (a === 0 || a === 666 || a >= 900) return false;
  if (Number(group) === 0 || Number(serial) === 0) return false;
  // Numbers the SSA never issued and that appear in examples: 078-05-1120 (the wallet card) and 123-45-6789.
  const whole = area + group + serial;
  return whole !== '078051120' && whole !== '123456789';
}

/** Dotted-quad IPv4 with every octet 0-255 and no leading zeros beyond a single 0. */
export function isIpv4(value: string): boolean {
  const parts = value.split('.');
  if (parts.length !== 4) return false;
  return parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** IPv6 in any RFC 4291 text form, judged by the WHATWG URL parser (pure, present in every runtime). */
export function isIpv6(value: string): boolean {
  if (!value.includes(':') || (value.match(/:/g) ?? []).length < 2) return false;
  if (!/^[0-9A-Fa-f:.]+$/.test(value)) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** RFC 5321 shape limits the regex cannot express: local part ≤ 64, labels ≤ 63, no empty or hyphen-edged label. */
export function hasEmailShape(local: string, domain: string): boolean {
  if (local.length === 0 || local.length > 64 || domain.length > 253) return false;
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((l) => l.length > 0 && l.length <= 63 && !l.startsWith('-') && !l.endsWith('-'));
}
