import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './isPublicAddress.js';
import { parseIpAddress, formatIpBytes } from './parseIpAddress.js';

describe('isPublicAddress', () => {
  it.each([
    // IPv4 special-purpose ranges, with both edges where it matters
    '0.0.0.0',
    '0.255.255.255',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '169.254.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    'fec0::1',
    '100::1',
    '2001:db8::1',
    '2001::1',
    '3fff::1',
    // IPv6 forms that carry a private IPv4
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:127.0.0.1]',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::8.8.8.8',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::',
    // not addresses at all
    'localhost',
    'example.com',
    '',
    '1.2.3',
    '2130706433',
    '0177.0.0.1',
    '0x7f.0.0.1',
    '1.2.3.256',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '126.255.255.255',
    '128.0.0.1',
    '169.253.255.255',
    '169.255.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.0.1.1',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.255',
    '93.184.215.14',
    '2606:4700:4700::1111',
    '[2606:4700:4700::1111]',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('parseIpAddress', () => {
  it.each([
    ['::1', '0:0:0:0:0:0:0:1'],
    ['::ffff:127.0.0.1', '0:0:0:0:0:ffff:7f00:1'],
    ['1:2::7:8', '1:2:0:0:0:0:7:8'],
    ['fe80::1%lo', 'fe80:0:0:0:0:0:0:1'],
    ['2001:db8:0:0:0:0:2:1', '2001:db8:0:0:0:0:2:1'],
    ['::', '0:0:0:0:0:0:0:0'],
    ['1::', '1:0:0:0:0:0:0:0'],
    ['::1.2.3.4', '0:0:0:0:0:0:102:304'],
    ['10.1.2.3', '10.1.2.3'],
  ])('%s → %s', (input, expected) => {
    expect(formatIpBytes(parseIpAddress(input)!)).toBe(expected);
  });
});

describe('legacy IPv4 spellings reach the guard as dotted quads', () => {
  // The WHATWG URL parser (used for every request and redirect) normalises them before a host is resolved.
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://0xa9fea9fe/', '169.254.169.254'],
    ['http://127.1/', '127.0.0.1'],
  ])('%s → %s', (url, host) => {
    expect(new URL(url).hostname).toBe(host);
    expect(isPublicAddress(new URL(url).hostname)).toBe(false);
  });
});
