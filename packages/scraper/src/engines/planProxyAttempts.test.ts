import { describe, expect, it } from 'vitest';
import { looksBlocked } from './looksBlocked.js';
import { parseProxyUrl, planProxyAttempts } from './planProxyAttempts.js';
import { scraperOptionsFromEnv } from '../config/scraperOptionsFromEnv.js';

const basic = { server: 'http://basic.proxy:3128' };
const enhanced = { server: 'http://enhanced.proxy:8080', username: 'u', password: 'p' };

describe('planProxyAttempts', () => {
  it('basic: one direct (or basic-proxy) attempt', () => {
    expect(planProxyAttempts('basic', {})).toEqual([{ tier: 'basic', proxy: undefined }]);
    expect(planProxyAttempts('basic', { basic, enhanced })).toEqual([{ tier: 'basic', proxy: basic }]);
  });

  it('auto: basic then enhanced when one is configured, basic only otherwise', () => {
    expect(planProxyAttempts('auto', { enhanced })).toEqual([
      { tier: 'basic', proxy: undefined },
      { tier: 'enhanced', proxy: enhanced },
    ]);
    expect(planProxyAttempts('auto', { basic })).toEqual([{ tier: 'basic', proxy: basic }]);
  });

  it('enhanced: the enhanced proxy, or a 400 naming SCRAPE_PROXY_ENHANCED', () => {
    expect(planProxyAttempts('enhanced', { enhanced })).toEqual([{ tier: 'enhanced', proxy: enhanced }]);
    expect(() => planProxyAttempts('enhanced', { basic })).toThrow(/SCRAPE_PROXY_ENHANCED/);
    let thrown: unknown;
    try {
      planProxyAttempts('enhanced', {});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ status: 400, code: 'SCRAPE_PROXY_NOT_CONFIGURED' });
  });

  it('parses proxy URLs from the environment, credentials decoded, and refuses other schemes', () => {
    expect(scraperOptionsFromEnv({ SCRAPE_PROXY_ENHANCED: 'http://us%40r:p%3Ass@10.0.0.5:8080' }).proxies).toEqual({
      enhanced: { server: 'http://10.0.0.5:8080', username: 'us@r', password: 'p:ss' },
    });
    expect(scraperOptionsFromEnv({}).proxies).toEqual({});
    expect(() => parseProxyUrl('socks5://h:1080', 'SCRAPE_PROXY_BASIC')).toThrow(
      /SCRAPE_PROXY_BASIC must be an http:\/\/ proxy URL/,
    );
    expect(() => parseProxyUrl('not a url', 'SCRAPE_PROXY_BASIC')).toThrow(/SCRAPE_PROXY_BASIC/);
  });
});

describe('looksBlocked', () => {
  const page = (status: number, body: string, contentType = 'text/html') => ({
    status,
    contentType,
    body: new TextEncoder().encode(body),
  });
  const big = `<html><head><title>News</title><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></head><body>${'<p>Real article text. </p>'.repeat(2_000)}</body></html>`;

  it('anti-bot statuses and challenge pages are blocks', () => {
    expect(looksBlocked(page(403, 'Forbidden'))).toBe(true);
    expect(looksBlocked(page(429, 'Too many'))).toBe(true);
    expect(looksBlocked(page(401, 'Auth'))).toBe(true);
    expect(looksBlocked(page(503, '<html><head><title>Just a moment...</title></head><body></body></html>'))).toBe(
      true,
    );
    expect(looksBlocked(page(200, '<html><head><title>Attention Required! | Cloudflare</title></head></html>'))).toBe(
      true,
    );
    expect(
      looksBlocked(page(200, '<html><body><script src="https://ct.captcha-delivery.com/c.js"></script></body></html>')),
    ).toBe(true);
  });

  it('ordinary pages are not, even when they load a bot-management script', () => {
    expect(looksBlocked(page(200, big))).toBe(false);
    expect(looksBlocked(page(404, '<html><body>Not found</body></html>'))).toBe(false);
    expect(looksBlocked(page(500, '<html><body>Server error</body></html>'))).toBe(false);
    expect(looksBlocked(page(200, '{"title":"Just a moment..."}', 'application/json'))).toBe(false);
  });
});
