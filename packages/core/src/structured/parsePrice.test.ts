import { describe, expect, it } from 'vitest';
import { isPriceText, normalizeCurrency, parseAmount, parsePriceText, priceFromValues } from './parsePrice.js';

describe('parseAmount', () => {
  it.each([
    [19.99, 19.99],
    ['19.99', 19.99],
    ['1,299.00', 1299],
    ['1.299,00', 1299],
    ['12,50', 12.5],
    ['1,299', 1299],
    ['1 299,90', 1299.9],
    ["1'299.90", 1299.9],
    ['USD 7', 7],
  ])('%s → %s', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });
  it('no digits, negative or non-finite → undefined', () => {
    expect(parseAmount('free')).toBeUndefined();
    expect(parseAmount(-3)).toBeUndefined();
    expect(parseAmount(Number.NaN)).toBeUndefined();
  });
});

describe('currencies', () => {
  it('ISO codes in any case and unambiguous symbols; $ and kr name no single currency', () => {
    expect(normalizeCurrency('usd')).toBe('USD');
    expect(normalizeCurrency('€')).toBe('EUR');
    expect(normalizeCurrency('CA$')).toBe('CAD');
    expect(normalizeCurrency('$')).toBeUndefined();
    expect(normalizeCurrency('kr')).toBeUndefined();
    expect(normalizeCurrency('XYZ')).toBeUndefined();
  });
  it('parsePriceText keeps the shown text and finds the currency in it', () => {
    expect(parsePriceText('12,50 €')).toStrictEqual({ amount: 12.5, currency: 'EUR', formatted: '12,50 €' });
    expect(parsePriceText('CHF 8.90')).toStrictEqual({ amount: 8.9, currency: 'CHF', formatted: 'CHF 8.90' });
    expect(parsePriceText('$4')).toStrictEqual({ amount: 4, formatted: '$4' });
  });
  it('priceFromValues formats like an en-US shop', () => {
    expect(priceFromValues('1299', 'EUR')).toStrictEqual({ amount: 1299, currency: 'EUR', formatted: '€1,299.00' });
    expect(priceFromValues(1200, 'JPY')).toStrictEqual({ amount: 1200, currency: 'JPY', formatted: '¥1,200' });
    expect(priceFromValues('5.5', undefined)).toStrictEqual({ amount: 5.5, formatted: '5.50' });
  });
});

describe('isPriceText', () => {
  it.each(['£11.50', '12,50 €', '$3', 'EUR 9.00', '8.95'])('%s is a price', (t) => expect(isPriceText(t)).toBe(true));
  it.each(['2021', '410 kcal', 'Add to cart', 'Table for 4 at 8.30pm', ''])('%s is not', (t) =>
    expect(isPriceText(t)).toBe(false),
  );
});
