import { describe, expect, it } from 'vitest';
import {
  hasCardIssuerPrefix,
  hasEmailShape,
  isIpv4,
  isIpv6,
  isPlausibleSsn,
  isValidIban,
  passesLuhn,
} from './validators.js';

describe('validators', () => {
  it('Luhn accepts real test card numbers and rejects a changed digit', () => {
    expect(passesLuhn('4111 1111 1111 1111')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
  });

  it('knows issuer prefixes and lengths', () => {
    expect(hasCardIssuerPrefix('4111111111111111')).toBe(true);
    expect(hasCardIssuerPrefix('378282246310005')).toBe(true);
    expect(hasCardIssuerPrefix('9111111111111111')).toBe(false);
  });

  it('IBAN mod-97 and country length', () => {
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('GB83WEST12345698765432')).toBe(false); // check digits off by one
    expect(isValidIban('DE8937040044053201300')).toBe(false); // one digit short for DE
  });

  it('SSN area, group and serial rules', () => {
    expect(isPlausibleSsn('853', '37', '1694')).toBe(true);
    expect(isPlausibleSsn('000', '12', '3456')).toBe(false);
    expect(isPlausibleSsn('666', '12', '3456')).toBe(false);
    expect(isPlausibleSsn('912', '12', '3456')).toBe(false);
    expect(isPlausibleSsn('123', '00', '3456')).toBe(false);
    expect(isPlausibleSsn('123', '45', '0000')).toBe(false);
  });

  it('IP addresses', () => {
    expect(isIpv4('192.168.0.1')).toBe(true);
    expect(isIpv4('256.1.1.1')).toBe(false);
    expect(isIpv4('01.2.3.4')).toBe(false);
    expect(isIpv6('2001:db8::1')).toBe(true);
    expect(isIpv6('6e40:4041:c617:e898:c11:40d2:c669:2eb4')).toBe(true);
    expect(isIpv6('12:30')).toBe(false);
  });

  it('email shape limits', () => {
    expect(hasEmailShape('ann.lee', 'example.org')).toBe(true);
    expect(hasEmailShape('.ann', 'example.org')).toBe(false);
    expect(hasEmailShape('ann', '-bad.org')).toBe(false);
  });
});
