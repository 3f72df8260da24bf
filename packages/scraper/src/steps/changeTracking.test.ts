// The changeTracking format (spec §2.9) through createScraper, on both homes, with a clock the tests move.
import { beforeEach, describe, expect, it } from 'vitest';
import { article, testedHomes, useFixture, useHomePerTest } from '../../test/cacheHomes.js';
import { ScrapeError } from '../errors.js';
import { rejectionOf } from '@scrape/test-support';

const MINUTE = 60_000;
const START = Date.UTC(2026, 6, 1);

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ScrapeError);

const { homes } = await testedHomes('changeTracking');

const env = useFixture();

let n = 0;

describe.each(homes)('changeTracking on the %s home', (_name, makeHome) => {
  const t = useHomePerTest(makeHome, START);
  let path: string;
  beforeEach(() => {
    path = `/tracked-${++n}`;
    env.site.set(path, { body: article('Tide tables', 'High tide is at 06:10.', 'Low tide is at 12:25.') });
  });

  /** A fresh fetch each time (maxAge 0) one minute after the last, so every scrape is compared with the one before. */
  const track = async (extra: Record<string, unknown> = {}, context?: { team?: string }) => {
    t.clock.advance(MINUTE);
    const format = { type: 'changeTracking', modes: ['git-diff'], ...((extra.format as object) ?? {}) };
    const { format: _f, ...rest } = extra;
    return t.scraper.scrape({ url: env.site.url(path), formats: ['markdown', format], maxAge: 0, ...rest }, context);
  };

  it('new → same → changed (with a unified diff) → removed → new again', async () => {
    const first = await track();
    expect(first.changeTracking).toEqual({
      previousScrapeAt: null,
      changeStatus: 'new',
      visibility: 'visible',
      diff: null,
    });

    const second = await track();
    expect(second.changeTracking).toMatchObject({
      previousScrapeAt: new Date(START + MINUTE).toISOString(),
      changeStatus: 'same',
    });

    env.site.set(path, { body: article('Tide tables', 'High tide is at 06:40.', 'Low tide is at 12:25.') });
    const third = await track();
    const changed = third.changeTracking as { changeStatus: string; diff: string; previousScrapeAt: string };
    expect(changed.changeStatus).toBe('changed');
    expect(changed.previousScrapeAt).toBe(new Date(START + 2 * MINUTE).toISOString());
    expect(changed.diff).toMatch(/^--- previous\n\+\+\+ current\n@@ /);
    expect(changed.diff).toMatch(/^-High tide is at 06:10\..*$/m);
    expect(changed.diff).toMatch(/^\+High tide is at 06:40\..*$/m);
    expect(changed.diff).toMatch(/^ Low tide is at 12:25\..*$/m);

    env.site.set(path, { status: 404, body: article('Missing', 'No such page.') });
    expect((await track()).changeTracking).toMatchObject({ changeStatus: 'removed' });
    expect((await track()).changeTracking).toMatchObject({ changeStatus: 'same' }); // still gone
    env.site.set(path, { body: article('Tide tables', 'Tides are back.') });
    expect((await track()).changeTracking).toMatchObject({ changeStatus: 'new' });
  });

  it('reordering paragraphs is a change (text compared in order, not as a bag of characters)', async () => {
    await track();
    env.site.set(path, { body: article('Tide tables', 'Low tide is at 12:25.', 'High tide is at 06:10.') });
    expect((await track()).changeTracking).toMatchObject({ changeStatus: 'changed' });
  });

  it('without git-diff mode there is no diff field', async () => {
    const doc = await track({ format: { modes: [] } });
    expect(doc.changeTracking).toEqual({ previousScrapeAt: null, changeStatus: 'new', visibility: 'visible' });
  });

  it('histories are separate per tag and per team', async () => {
    await track();
    expect((await track({ format: { tag: 'hourly' } })).changeTracking).toMatchObject({ changeStatus: 'new' });
    expect((await track({ format: { tag: 'hourly' } })).changeTracking).toMatchObject({ changeStatus: 'same' });
    expect((await track({}, { team: 'team-b' })).changeTracking).toMatchObject({
      changeStatus: 'new',
      previousScrapeAt: null,
    });
    // The default team's untagged history kept its own previous scrape (the very first one).
    expect((await track()).changeTracking).toMatchObject({
      changeStatus: 'same',
      previousScrapeAt: new Date(START + MINUTE).toISOString(),
    });
  });

  it.each([
    ['zeroDataRetention', { zeroDataRetention: true }],
    ['storeInCache: false', { storeInCache: false }],
    ['headers', { headers: { 'x-token': 'a' } }],
  ])('%s: compared but not recorded', async (_label, options) => {
    expect((await track(options)).changeTracking).toMatchObject({ changeStatus: 'new' });
    // Nothing was recorded, so the next ordinary scrape is still the first one seen.
    expect((await track()).changeTracking).toMatchObject({ changeStatus: 'new' });
    expect((await track(options)).changeTracking).toMatchObject({ changeStatus: 'same' });
  });

  it('never replayed from the cache: without maxAge 0 a changed page says changed; a new tag starts its own history', async () => {
    const plain = (extra: Record<string, unknown> = {}) => {
      t.clock.advance(MINUTE);
      return t.scraper.scrape({ url: env.site.url(path), formats: ['markdown', { type: 'changeTracking', ...extra }] });
    };
    const first = await plain();
    expect(first.changeTracking).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
    // A plain scrape fills the page cache; change tracking must not be answered from it.
    await t.scraper.scrape({ url: env.site.url(path), formats: ['markdown'] });
    env.site.set(path, { body: article('Tide tables', 'High tide moved to 07:00.') });
    const second = await plain();
    expect(second.metadata.cacheState).toBe('miss');
    expect(second.changeTracking).toMatchObject({
      changeStatus: 'changed',
      previousScrapeAt: new Date(START + MINUTE).toISOString(),
    });
    expect(second.markdown).toContain('07:00');
    expect((await plain()).changeTracking).toMatchObject({
      changeStatus: 'same',
      previousScrapeAt: new Date(START + 2 * MINUTE).toISOString(),
    });
    const tagged = await plain({ tag: 'morning' });
    expect(tagged.changeTracking).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
    expect((await plain({ tag: 'morning' })).changeTracking).toMatchObject({ changeStatus: 'same' });
  });

  it('a lockdown hit (cache only, the client asked for it) is compared but records nothing', async () => {
    await track();
    env.site.set(path, { body: article('Tide tables', 'High tide moved to 07:00.') });
    const fetched = await track();
    expect(fetched.changeTracking).toMatchObject({ changeStatus: 'changed' });
    t.clock.advance(MINUTE);
    const locked = await t.scraper.scrape({
      url: env.site.url(path),
      formats: ['markdown', { type: 'changeTracking' }],
      lockdown: true,
    });
    expect(locked.metadata.cacheState).toBe('hit');
    // Answered as the scrape that fetched the stored copy was.
    expect(locked.changeTracking).toMatchObject({ changeStatus: 'changed' });
    expect((await track()).changeTracking).toMatchObject({
      changeStatus: 'same',
      previousScrapeAt: new Date(START + 2 * MINUTE).toISOString(),
    });
  });

  it('json mode without an LLM server is a 400 naming SCRAPE_LLM_BASE_URL, before any request', async () => {
    const before = env.site.hits(path);
    const error = await failure(
      t.scraper.scrape({
        url: env.site.url(path),
        formats: ['markdown', { type: 'changeTracking', modes: ['json'], prompt: 'tide times' }],
      }),
    );
    expect(error).toMatchObject({ status: 400, code: 'SCRAPE_LLM_NOT_CONFIGURED' });
    expect(error.error).toMatch(/SCRAPE_LLM_BASE_URL/);
    expect(env.site.hits(path)).toBe(before);
  });

  it('changeTracking without markdown is a clear 400', async () => {
    const error = await failure(t.scraper.scrape({ url: env.site.url(path), formats: ['changeTracking'] }));
    expect(error).toMatchObject({ status: 400, error: "The 'changeTracking' format requires the 'markdown' format" });
  });

  it('history survives a restart of the scraper on the same home', async () => {
    await track();
    await t.scraper.close();
    t.scraper = t.home.scraper();
    expect((await track()).changeTracking).toMatchObject({
      changeStatus: 'same',
      previousScrapeAt: new Date(START + MINUTE).toISOString(),
    });
  });
});
