import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_AGE_MS, judgeCopy, LOCKDOWN_MAX_AGE_MS, planCache } from './planCache.js';

const DAY = 86_400_000;

describe('planCache: reading', () => {
  it('defaults to fresh-or-fetch within 2 days, writing allowed', () => {
    const plan = planCache({});
    expect(plan).toMatchObject({
      read: 'fresh-or-fetch',
      maxAgeMs: DEFAULT_MAX_AGE_MS,
      minAgeMs: 0,
      missCode: null,
      writeCache: true,
      writeHistory: true,
      writeArtifacts: true,
    });
    expect(DEFAULT_MAX_AGE_MS).toBe(172_800_000);
  });

  it('maxAge 0 bypasses the read but still writes', () => {
    expect(planCache({ maxAge: 0 })).toMatchObject({ read: 'bypass', writeCache: true });
  });

  it('minAge makes the read cache-only with SCRAPE_NO_CACHED_DATA and no maxAge bound', () => {
    const plan = planCache({ minAge: 5 * DAY });
    expect(plan).toMatchObject({
      read: 'cache-only',
      minAgeMs: 5 * DAY,
      maxAgeMs: null,
      missCode: 'SCRAPE_NO_CACHED_DATA',
      writeCache: false,
    });
  });

  it('lockdown is cache-only with a 2-year default maxAge, the lockdown miss code and no writes of any kind', () => {
    const plan = planCache({ lockdown: true });
    expect(plan).toMatchObject({
      read: 'cache-only',
      maxAgeMs: LOCKDOWN_MAX_AGE_MS,
      missCode: 'SCRAPE_LOCKDOWN_CACHE_MISS',
      writeCache: false,
      writeHistory: false,
      writeArtifacts: false,
      noWriteReason: 'lockdown',
    });
    expect(LOCKDOWN_MAX_AGE_MS).toBe(730 * DAY);
    expect(planCache({ lockdown: true, maxAge: DAY }).maxAgeMs).toBe(DAY);
    expect(planCache({ lockdown: true, maxAge: 0 }).read).toBe('cache-only');
    expect(planCache({ lockdown: true, minAge: 1 }).missCode).toBe('SCRAPE_LOCKDOWN_CACHE_MISS');
  });
});

describe('planCache: writing', () => {
  it.each([
    [{ storeInCache: false }, 'storeInCache'],
    [{ zeroDataRetention: true }, 'zeroDataRetention'],
    [{ headers: { cookie: 'a=b' } }, 'headers'],
    [{ actions: [{ type: 'wait', milliseconds: 10 }] }, 'actions'],
    [{ profile: { name: 'p' } }, 'profile'],
  ] as const)('%j writes nothing anywhere', (request, reason) => {
    expect(planCache(request)).toMatchObject({
      read: 'fresh-or-fetch',
      writeCache: false,
      writeHistory: false,
      writeArtifacts: false,
      noWriteReason: reason,
    });
  });

  it('empty headers and actions do not count as sensitive', () => {
    expect(planCache({ headers: {}, actions: [] }).writeCache).toBe(true);
  });
});

describe('judgeCopy', () => {
  const now = 1_000 * DAY;
  it('accepts copies up to maxAge inclusive and rejects older ones', () => {
    const plan = planCache({ maxAge: DAY });
    expect(judgeCopy(plan, now - DAY, now)).toBe('usable');
    expect(judgeCopy(plan, now - DAY - 1, now)).toBe('too-old');
  });

  it('minAge demands at least that age; minAge 1 accepts any copy at all, however old or new', () => {
    expect(judgeCopy(planCache({ minAge: DAY }), now - DAY + 1, now)).toBe('too-young');
    expect(judgeCopy(planCache({ minAge: DAY }), now - DAY, now)).toBe('usable');
    expect(judgeCopy(planCache({ minAge: 1 }), now - 500 * DAY, now)).toBe('usable');
    expect(judgeCopy(planCache({ minAge: 1 }), now - 1, now)).toBe('usable');
    expect(judgeCopy(planCache({ minAge: 1 }), now, now)).toBe('usable');
    expect(judgeCopy(planCache({ minAge: 2 }), now - 1, now)).toBe('too-young');
  });

  it('lockdown accepts a copy 700 days old but not 731', () => {
    const plan = planCache({ lockdown: true });
    expect(judgeCopy(plan, now - 700 * DAY, now)).toBe('usable');
    expect(judgeCopy(plan, now - 731 * DAY, now)).toBe('too-old');
  });
});
