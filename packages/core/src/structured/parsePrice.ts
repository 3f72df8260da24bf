import type { Price } from './structuredTypes.js';

/**
 * Symbols that name exactly one currency. A bare `$` (or `kr`, `¥` in some markets) names several, so it states
 * no currency: the price keeps its amount and display text and leaves `currency` out.
 */
const UNAMBIGUOUS_SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['S$', 'SGD'],
  ['R$', 'BRL'],
  ['MX$', 'MXN'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['₽', 'RUB'],
  ['₺', 'TRY'],
  ['₪', 'ILS'],
  ['₫', 'VND'],
  ['฿', 'THB'],
  ['₱', 'PHP'],
  ['₴', 'UAH'],
  ['zł', 'PLN'],
  ['Kč', 'CZK'],
];
/** Symbols that show a price but leave its currency open. */
const AMBIGUOUS_SYMBOLS = ['$', '¥', '￥', 'kr', 'Fr.'];

let knownCodes: ReadonlySet<string> | undefined;
function isCurrencyCode(code: string): boolean {
  knownCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCodes.has(code);
}

/** `usd`, `USD`, `€` → the ISO 4217 code; anything else (including `$`) → undefined. */
export function normalizeCurrency(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  const upper = trimmed.toUpperCase();
  if (/^[A-Z]{3}$/.test(upper) && isCurrencyCode(upper)) return upper;
  for (const [symbol, code] of UNAMBIGUOUS_SYMBOLS) if (trimmed === symbol) return code;
  return undefined;
}

/** A number from a machine value: 19.99, "19.99", "1,299.00", "1.299,00". */
export function parseAmount(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /\d[\d\s.,'\u00a0\u202f]*/.exec(value);
  if (!match) return undefined;
  return numberFromDigits(match[0].replace(/[\s'\u00a0\u202f]+/g, '').replace(/[.,]$/, ''));
}

/**
 * Which of `.` and `,` is the decimal mark: the last one when both appear; alone, a mark followed by exactly three
 * digits groups thousands.
 */
function numberFromDigits(digits: string): number | undefined {
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    normalized = digits.split(group).join('').replace(decimal, '.');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const mark = lastComma >= 0 ? ',' : '.';
    const parts = digits.split(mark);
    const thousands = parts.length > 2 || (mark === ',' && parts[1]!.length === 3);
    normalized = thousands ? parts.join('') : parts.join('.');
  } else {
    normalized = digits;
  }
  const n = Number(normalized);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A price as a page shows it ("$1,299.99", "12,50 €", "CHF 8.90", "USD 19"): the amount, the currency when the
 * text names exactly one, and the text itself as `formatted`. Text with no digits, or several prices, gives undefined.
 */
export function parsePriceText(text: string, statedCurrency?: string): Price | undefined {
  const display = text.replace(/\s+/g, ' ').trim();
  if (display === '' || display.length > MAX_PRICE_TEXT) return undefined;
  const amount = parseAmount(display);
  if (amount === undefined) return undefined;
  const currency = statedCurrency ?? currencyInText(display);
  const price: Price = { amount };
  if (currency) price.currency = currency;
  price.formatted = display;
  return price;
}

/** Longer than this is a sentence that mentions a price, not a price. */
const MAX_PRICE_TEXT = 40;

function currencyInText(text: string): string | undefined {
  for (const [symbol, code] of UNAMBIGUOUS_SYMBOLS) if (text.includes(symbol)) return code;
  const code = /(?:^|[^A-Za-z])([A-Z]{3})(?:$|[^A-Za-z])/.exec(text)?.[1];
  return code && isCurrencyCode(code) ? code : undefined;
}

/** Whether a short text is a price and nothing else: a number with an optional currency mark before or after. */
export function isPriceText(text: string): boolean {
  // Cheap rejections first: this runs on every short text of a page.
  if (text.length > MAX_PRICE_TEXT * 4 || !/\d/.test(text)) return false;
  const t = text.replace(/\s+/g, ' ').trim();
  if (t === '' || t.length > MAX_PRICE_TEXT) return false;
  return PRICE_ONLY.test(t) && /[.,]\d{2}$|\D/.test(t);
}

/** A number with an optional currency mark before or after, and nothing else. */
const PRICE_ONLY = (() => {
  const marks = [...UNAMBIGUOUS_SYMBOLS.map(([s]) => s), ...AMBIGUOUS_SYMBOLS].map(escapeRegExp).join('|');
  const mark = `(?:${marks}|[A-Z]{3})`;
  const number = String.raw`\d{1,6}(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?`;
  return new RegExp(`^(?:${mark}\\s?${number}|${number}\\s?${mark}|${number})$`);
})();

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A price from schema.org values (amount + currency code), formatted the way an en-US shop would show it. */
export function priceFromValues(amountValue: unknown, currencyValue: unknown): Price | undefined {
  const amount = parseAmount(amountValue);
  if (amount === undefined) return undefined;
  const currency = normalizeCurrency(currencyValue);
  const price: Price = { amount };
  if (currency) price.currency = currency;
  price.formatted = formatPrice(amount, currency);
  return price;
}

export function formatPrice(amount: number, currency: string | undefined): string {
  if (!currency) return amount.toFixed(Number.isInteger(amount) ? 0 : 2);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}
