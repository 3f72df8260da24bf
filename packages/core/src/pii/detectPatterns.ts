// Pattern + validator detectors (mode `fast` runs only these). Each finds candidates of one entity type.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { PiiCandidate, PiiEntity, PiiMode } from './piiTypes.js';
import {
  hasCardIssuerPrefix,
  hasEmailShape,
  isIpv4,
  isIpv6,
  isPlausibleSsn,
  isValidIban,
  passesLuhn,
} from './validators.js';
import { trimTrailing } from '../text/trailingRun.js';
import { findJwts, findPrivateKeys } from './findJwtsAndKeys.js';

/** How far back (chars) a context word such as "phone" or "born" may stand from the value it qualifies. */
const CONTEXT_WINDOW = 48;
/** Wider window for labels of identity numbers ("driver's license number is ..."). */
const ID_CONTEXT_WINDOW = 40;
/** Phone numbers: national significant numbers are 7-15 digits (E.164 allows 15). */
const PHONE_MIN_DIGITS = 7;
const PHONE_MAX_DIGITS = 15;

const PHONE_CONTEXT = new RegExp(
  String.raw`\b(?:phone|tel|telephone|mobile|mob|cell|cellphone|fax|desk|call|calls|calling|text|sms|whatsapp` +
    String.raw`|contact|reach|dial|number|hotline|answering|messages?)\b|☎|📞`,
  'i',
);
const CARD_CONTEXT = /\b(?:card|cc|credit|debit|visa|mastercard|amex|maestro|discover|jcb|diners|payment|pan)\b/i;
const ACCOUNT_CONTEXT =
  /\b(?:account|acct|a\/c|routing|aba|sort code|bsb|swift|bic|bank)\b[^\n]{0,24}?(?:no\.?|number|#|:)?\s*$/i;
const SSN_CONTEXT = /\b(?:ssn|social security|social insurance|sin|tin|taxpayer)\b/i;
const DOB_CONTEXT =
  /\b(?:born|birth|birthday|dob|d\.o\.b\.?|b\.|birthdate|date of birth|geboren|né|née|nacido|nata|nato)\b/i;
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|' +
  'oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

export type PatternText = string;

/** All pattern detectors that the chosen entity set asks for. */
export function detectPatterns(text: PatternText, entities: ReadonlySet<PiiEntity>, mode: PiiMode): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  if (entities.has('EMAIL')) detectEmails(text, out);
  if (entities.has('URL_CREDENTIALS')) detectUrlCredentials(text, out);
  if (entities.has('SECRET')) detectSecrets(text, out);
  if (entities.has('FINANCIAL')) detectFinancial(text, out, mode);
  if (entities.has('ID')) detectIds(text, out, mode);
  if (entities.has('IP')) detectIps(text, out);
  if (entities.has('PHONE')) detectPhones(text, out, mode);
  if (entities.has('DATE_OF_BIRTH')) detectBirthDates(text, out, mode);
  return out;
}

function push(out: PiiCandidate[], type: PiiEntity, start: number, end: number, score: number): void {
  if (end > start) out.push({ type, start, end, score });
}

function before(text: string, start: number, window = CONTEXT_WINDOW): string {
  return text.slice(Math.max(0, start - window), start);
}

// Scanning from each "@" outwards: a regex that starts at every character would try 64 local-part characters each time.
const EMAIL_LOCAL_CHAR = /[\p{L}\p{N}._%+'-]/u;
const EMAIL_DOMAIN_RE = /(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,24}(?![\p{L}\p{N}-])/uy;
function detectEmails(text: string, out: PiiCandidate[]): void {
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start < 64 && EMAIL_LOCAL_CHAR.test(text[start - 1])) start--;
    // Quotes and dots may not open the local part ("'ann@x.org'" is quoted, not part of the address).
    while (start < at && /['.]/.test(text[start])) start++;
    if (start === at) continue;
    // "https://bob:s3cr3t@host" is a URL's user and password, not an email address.
    if (/\/\/[^\s\/@]*:$/.test(text.slice(Math.max(0, start - 80), start))) continue;
    EMAIL_DOMAIN_RE.lastIndex = at + 1;
    const m = EMAIL_DOMAIN_RE.exec(text);
    if (m && hasEmailShape(text.slice(start, at), m[0])) push(out, 'EMAIL', start, at + 1 + m[0].length, 0.95);
  }
}

// scheme://user:password@host — the userinfo is the secret; the host stays readable.
const URL_CRED_RE = /\b[a-z][a-z0-9+.-]{1,15}:\/\/([^\s:@/?#\[\]()<>"']+):([^\s@/?#<>"']*)@/gi;
function detectUrlCredentials(text: string, out: PiiCandidate[]): void {
  for (const m of text.matchAll(URL_CRED_RE)) {
    const userStart = m.index! + m[0].indexOf('//') + 2;
    push(out, 'URL_CREDENTIALS', userStart, m.index! + m[0].length - 1, 0.99);
  }
}

/** Token formats that announce themselves (vendor prefixes; JWT and PEM in findJwtsAndKeys). */
const SECRET_RES: RegExp[] = [
  /\bsk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{20,}/g,
  /\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{30,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{40,}/g,
  /\bglpat-[A-Za-z0-9_-]{20,}/g,
  /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g,
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\bhf_[A-Za-z0-9]{30,}/g,
  /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g,
];
// `password: hunter2`, `api_key="..."`, `token=...`, `Authorization: Bearer ...`: the value after the label.
// (A raw template cannot hold a backtick: BACKTICK puts it into the quote classes.)
const BACKTICK = '`';
const SECRET_LABEL_RE = new RegExp(
  String.raw`\b(?:pass(?:word|wd|phrase)?|pwd|secret|client[_ -]?secret|api[_ -]?key|apikey|access[_ -]?key` +
    String.raw`|secret[_ -]?key|private[_ -]?key|auth[_ -]?token|access[_ -]?token|refresh[_ -]?token|token|bearer` +
    String.raw`|authorization)\b["']?\s*(?:[:=]|is|:=|=>)\s*(?:bearer\s+)?["'${BACKTICK}]?([^\s"'${BACKTICK},;]{4,200})`,
  'gi',
);
function detectSecrets(text: string, out: PiiCandidate[]): void {
  for (const re of SECRET_RES)
    for (const m of text.matchAll(re)) push(out, 'SECRET', m.index!, m.index! + m[0].length, 0.99);
  // JWTs and PEM keys are scanned, not matched: their regexes were quadratic on page text (see findJwtsAndKeys).
  for (const [start, end] of [...findJwts(text), ...findPrivateKeys(text)]) push(out, 'SECRET', start, end, 0.99);
  for (const m of text.matchAll(SECRET_LABEL_RE)) {
    // Sentence punctuation after the value is not part of it.
    const value = trimTrailing(m[1], '.,;:!?)]');
    if (value.length < 4) continue;
    // "the password is incorrect": after "is", only a value that looks generated (digits, symbols, mixed case) counts.
    if (/\bis$/i.test(m[0].slice(0, m[0].length - m[1].length).trim()) && !/[\d\W_]|[a-z][A-Z]/.test(value)) continue;
    if (/^(?:required|optional|null|none|undefined|string|true|false|\*+|x+|<[^>]*>|\$\{?\w+\}?|\{\{.*)$/i.test(value))
      continue;
    const start = m.index! + m[0].length - m[1].length;
    push(out, 'SECRET', start, start + value.length, 0.97);
  }
  // Query parameters that carry credentials in a URL (`?token=...&api_key=...`).
  for (const m of text.matchAll(
    /[?&](?:access_token|token|api_key|apikey|key|secret|password|pwd|sig|signature|auth)=([^&#\s)"']{6,})/gi,
  )) {
    const start = m.index! + m[0].length - m[1].length;
    push(out, 'SECRET', start, start + m[1].length, 0.9);
  }
}

const CARD_RE = /(?<![\d-])(?:\d[ -]?){11,18}\d(?![\d-])/g;
const IBAN_RE = /\b[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]{4}){2,7}(?: ?[A-Za-z0-9]{1,4})?\b/g;
function detectFinancial(text: string, out: PiiCandidate[], mode: PiiMode): void {
  for (const m of text.matchAll(CARD_RE)) {
    const raw = m[0];
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 12 || digits.length > 19 || !passesLuhn(digits)) continue;
    // Separators must group like a card (4-4-4-4, 4-6-5), not like a phone or a date.
    if (/[ -]/.test(raw) && !/^\d{4}(?:[ -]\d{4}){2,3}(?:[ -]\d{1,3})?$|^\d{4}[ -]\d{6}[ -]\d{4,5}$/.test(raw))
      continue;
    const context = CARD_CONTEXT.test(before(text, m.index!));
    if (hasCardIssuerPrefix(digits) || context) push(out, 'FINANCIAL', m.index!, m.index! + raw.length, 0.96);
  }
  for (const m of text.matchAll(IBAN_RE)) {
    if (isValidIban(m[0])) push(out, 'FINANCIAL', m.index!, m.index! + m[0].length, 0.98);
  }
  // Bank account / routing numbers only exist in context: "account number 12345678".
  for (const m of text.matchAll(/(?<![\w-])\d(?:[\d -]{4,20})\d(?![\w-])/g)) {
    const digits = m[0].replace(/\D/g, '').length;
    if (digits < 6 || digits > 18) continue;
    const ctx = before(text, m.index!, mode === 'aggressive' ? 48 : 32);
    if (ACCOUNT_CONTEXT.test(ctx) || (mode === 'aggressive' && /\b(?:account|iban|bank)\b/i.test(ctx))) {
      push(out, 'FINANCIAL', m.index!, m.index! + m[0].length, 0.9);
    }
  }
}

const SSN_RE = /(?<![\d-])(\d{3})([- ]?)(\d{2})\2(\d{4})(?![\d-])/g;
const ID_LABEL_RE = new RegExp(
  String.raw`\b(?:driver'?s?'?\s+licen[cs]e|driving\s+licen[cs]e|licen[cs]e\s+(?:no|number|#)` +
    String.raw`|dl\s*(?:no|number|#)|passport|national\s+(?:id|identity|insurance)` +
    String.raw`|identity\s+(?:card|number|no)|id\s+(?:card|number|no)|personal\s+(?:id|number|code)` +
    String.raw`|citizen\s+(?:id|number)|nin|nino|personnummer|cpr|bsn|dni|nie|nif|pesel|codice fiscale|medicare` +
    String.raw`|health\s+(?:card|insurance)\s+(?:no|number)|tax\s+(?:id|number)|social\s+security|ssn|sin|tin` +
    String.raw`|ein)\b`,
  'gi',
);
function detectIds(text: string, out: PiiCandidate[], mode: PiiMode): void {
  for (const m of text.matchAll(SSN_RE)) {
    if (!isPlausibleSsn(m[1], m[3], m[4])) continue;
    // Dashed 3-2-4 is the SSN's own shape; undashed nine digits need "SSN" nearby.
    if (m[2] === '-' || SSN_CONTEXT.test(before(text, m.index!)))
      push(out, 'ID', m.index!, m.index! + m[0].length, 0.95);
  }
  // UK National Insurance number.
  for (const m of text.matchAll(
    /\b(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/g,
  )) {
    push(out, 'ID', m.index!, m.index! + m[0].length, 0.9);
  }
  // Labelled identity numbers: the first token with four or more digits within a few words after the label.
  for (const m of text.matchAll(ID_LABEL_RE)) {
    const from = m.index! + m[0].length;
    const tail = text.slice(from, from + ID_CONTEXT_WINDOW + (mode === 'aggressive' ? 20 : 0));
    for (const v of tail.matchAll(/(?<![\w-])[A-Z0-9][A-Z0-9-]{3,19}[0-9A-Z](?![\w-])/gi)) {
      if (/\n/.test(tail.slice(0, v.index))) break;
      if ((v[0].match(/\d/g) ?? []).length < 4) continue;
      push(out, 'ID', from + v.index!, from + v.index! + v[0].length, 0.93);
      break;
    }
  }
}

const IPV4_RE = /(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w]|\.\d)/g;
const IPV6_RE = /(?<![\w:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{0,4}|(?:\d{1,3}\.){3}\d{1,3})(?![\w:])/g;
function detectIps(text: string, out: PiiCandidate[]): void {
  for (const m of text.matchAll(IPV4_RE)) if (isIpv4(m[0])) push(out, 'IP', m.index!, m.index! + m[0].length, 0.95);
  for (const m of text.matchAll(IPV6_RE)) {
    // "12:30:45" is a time; an address needs hex letters, "::", or more than three groups.
    if (/^\d{1,2}:\d{2}(?::\d{2})?$/.test(m[0])) continue;
    if (!/[a-f]|::/i.test(m[0]) && m[0].split(':').length < 5) continue;
    if (isIpv6(m[0])) push(out, 'IP', m.index!, m.index! + m[0].length, 0.95);
  }
}

// Linear on any input: a number may not start right after a bracket (so a run such as "(1-(1-(1-" is tried from its
// first character only, not from each), and its body is at most 40 characters (15 digits with their separators).
const PHONE_RE = new RegExp(
  String.raw`(?<![\w+\-\/.,()])(?:\+ ?)?\(?\d(?:[\d().\-]| (?=[\d(])){0,40}\d\)?` +
    String.raw`(?: ?(?:x|ext\.?|#) ?\d{1,6})?(?![\w\-\/]|[.,]\d)`,
  'gi',
);
function detectPhones(text: string, out: PiiCandidate[], mode: PiiMode): void {
  for (const m of text.matchAll(PHONE_RE)) {
    const raw = m[0];
    const main = raw.replace(/ ?(?:x|ext\.?|#) ?\d{1,6}$/i, '');
    const digits = main.replace(/\D/g, '');
    if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) continue;
    if (!balancedParens(main)) continue;
    if (looksLikeNonPhoneNumber(main)) continue;
    const hasContext =
      PHONE_CONTEXT.test(before(text, m.index!)) ||
      /^\s*\((?:mobile|cell|fax|home|work)\)/i.test(text.slice(m.index! + raw.length, m.index! + raw.length + 10));
    let ok = false;
    if (main.startsWith('+')) {
      const parsed = parsePhoneNumberFromString(main.replace(/\(0\)/, ''));
      ok = !!parsed && parsed.isPossible();
    } else if (hasContext) {
      ok = true;
    } else {
      ok = phoneShaped(main, digits, mode);
    }
    if (ok) push(out, 'PHONE', m.index!, m.index! + raw.length, hasContext ? 0.9 : 0.8);
  }
}

function balancedParens(s: string): boolean {
  let depth = 0;
  for (const ch of s) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** Dates, times, ISBN-like runs, version numbers and grouped thousands look like digits with separators too. */
function looksLikeNonPhoneNumber(s: string): boolean {
  if (/^\d{4}[-.]\d{1,2}[-.]\d{1,2}(?!\d)/.test(s)) return true; // ISO date (and date + hour)
  if (/^\d{3}-\d{2}-\d{4}$/.test(s)) return true; // SSN shape, never a phone format
  if (/^\d{1,2}[-.]\d{1,2}[-.]\d{4}$/.test(s)) return true; // d.m.yyyy
  if (/^(?:19|20)\d{2}\s*[-–]\s*(?:19|20)\d{2}$/.test(s)) return true; // year range
  if (/^\d{1,3}(?:,\d{3})+$/.test(s)) return true;
  if (/^\d+(?:\.\d+){1,2}$/.test(s) && !/^\d{2,4}\.\d{2,4}\.\d{2,4}$/.test(s)) return true; // decimals, versions
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(s)) return true; // IPv4
  return false;
}

/** Without a context word, a number must be shaped like a phone number: grouped, with an area code or trunk prefix. */
function phoneShaped(s: string, digits: string, mode: PiiMode): boolean {
  const groups = s.split(/[ .\-()]+/).filter(Boolean);
  if (/^\(\d{2,5}\)/.test(s)) return digits.length >= 8; // (602)272-9781
  if (groups.length === 1)
    return mode === 'aggressive' && digits.length >= 10 && digits.length <= 11 && !/^(?:19|20)\d{6}$/.test(digits);
  // Grouped thousands ("1 000 000") are counts, not numbers to call.
  if (/^\d{1,3}(?: \d{3})+$/.test(s) && digits.length < 9) return false;
  if (groups.length >= 2 && digits.length >= 9) return true;
  if (digits.startsWith('0') && digits.length >= 8) return true;
  return mode === 'aggressive' && groups.length >= 2 && digits.length >= 7;
}

const DATE_RES: RegExp[] = [
  /\b\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})\b/g,
  /\b(?:19|20)\d{2}[./-]\d{1,2}[./-]\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?\b/g,
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\.?\\s+(?:of\\s+)?${MONTH}\\.?,?\\s+\\d{4}\\b`, 'gi'),
  new RegExp(`\\b${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`, 'gi'),
];
function detectBirthDates(text: string, out: PiiCandidate[], mode: PiiMode): void {
  for (const re of DATE_RES) {
    for (const m of text.matchAll(re)) {
      // The birth word must be in the same sentence: "born on 2/8/1935. The shop opened on 3/4/1990" has one birth
      // date.
      const ctx =
        before(text, m.index!, mode === 'aggressive' ? 64 : 40)
          .split(/[.!?]\s|\n/)
          .pop() ?? '';
      if (DOB_CONTEXT.test(ctx)) push(out, 'DATE_OF_BIRTH', m.index!, m.index! + m[0].length, 0.92);
    }
  }
}
