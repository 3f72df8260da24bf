// Product cards and purchase panels show a price; several passes tell product text from other text by it.

/** A price: a currency sign or an ISO currency code before a number ("EUR 163.12", "USD25"), or a decimal amount
 *  before a currency name. */
export const PRICE_TEXT = new RegExp(
  String.raw`[$€£¥₹]\s?\d|\b(usd|eur|gbp|chf|cad|aud|nzd|sek|nok|dkk|pln|czk|huf|aed|sgd|hkd|inr|jpy)\s?\d` +
    String.raw`|\d[.,]\d{2}\s?(€|£|\b(eur|usd|gbp|kr|zł)\b)`,
  'i',
);
