// Product cards and purchase panels show a price; several passes tell product text from other text by it.

/** A price: a currency sign before a number, or a decimal amount before a currency name. */
export const PRICE_TEXT = /[$€£¥₹]\s?\d|\d[.,]\d{2}\s?(€|£|\b(eur|usd|gbp|kr|zł)\b)/i;
