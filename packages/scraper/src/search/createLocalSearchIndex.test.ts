import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalSearchIndex, MAX_INDEXED_PAGES } from './createLocalSearchIndex.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('createLocalSearchIndex', () => {
  it('ranks title matches first, matches prefixes, replaces a re-scraped page and filters with keep', () => {
    const index = createLocalSearchIndex();
    index.add({ url: 'https://a.test/1', title: 'Ferry timetable', text: 'Boats leave at noon.' });
    index.add({ url: 'https://a.test/2', title: 'Harbour news', text: 'The ferry was late twice this week.' });
    index.add({ url: 'https://b.test/3', title: 'Cranes', text: 'Nothing about boats.' });
    expect(index.search('ferry', 10).map((h) => h.url)).toEqual(['https://a.test/1', 'https://a.test/2']);
    expect(index.search('ferr', 10).map((h) => h.url)).toEqual(['https://a.test/1', 'https://a.test/2']);
    expect(index.search('ferry', 10, (url) => url !== 'https://a.test/1').map((h) => h.url)).toEqual([
      'https://a.test/2',
    ]);
    expect(index.search('late', 10)[0].description).toContain('The ferry was late twice');
    index.add({ url: 'https://a.test/2', title: 'Harbour news', text: 'Nothing to report.' });
    expect(index.size()).toBe(3);
    expect(index.search('late', 10)).toEqual([]);
  });

  it('saves a snapshot on close and loads it back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-index-'));
    dirs.push(dir);
    const path = join(dir, 'search', 'index.json');
    const first = createLocalSearchIndex({ path });
    first.add({ url: 'https://a.test/1', title: 'Tide tables', text: 'High water at six.' });
    await first.close();
    expect(JSON.parse(readFileSync(path, 'utf8')).documentCount).toBe(1);
    const second = createLocalSearchIndex({ path });
    expect(second.search('tide', 5).map((h) => h.url)).toEqual(['https://a.test/1']);
    await second.close();
  });

  it('indexes after the caller returns, and a search right after an add already finds the page', async () => {
    const index = createLocalSearchIndex();
    index.add({ url: 'https://a.test/1', title: 'Lock keepers', text: 'The lock opens at dawn.' });
    expect(index.search('dawn', 5).map((h) => h.url)).toEqual(['https://a.test/1']);
    index.add({ url: 'https://a.test/2', title: 'Weirs', text: 'Water over the weir.' });
    index.add({ url: 'https://a.test/2', title: 'Weirs', text: 'Salmon jump the weir.' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(index.search('water', 5)).toEqual([]);
    expect(index.search('salmon', 5).map((h) => h.url)).toEqual(['https://a.test/2']);
    expect(index.size()).toBe(2);
    await index.close();
  });

  it('keeps at most MAX_INDEXED_PAGES, dropping the oldest', () => {
    const index = createLocalSearchIndex();
    for (let i = 0; i <= MAX_INDEXED_PAGES; i++)
      index.add({ url: `https://a.test/${i}`, title: `Page ${i}`, text: 'word' });
    expect(index.size()).toBe(MAX_INDEXED_PAGES);
    expect(index.search('page', 1, (url) => url === 'https://a.test/0')).toEqual([]);
  });

  it('counts an unchanged re-scrape as recent (it is evicted last) and still finds a changed one by its new text', () => {
    const index = createLocalSearchIndex();
    for (let i = 0; i < MAX_INDEXED_PAGES; i++)
      index.add({ url: `https://a.test/${i}`, title: `Page ${i}`, text: 'word' });
    index.add({ url: 'https://a.test/0', title: 'Page 0', text: 'word' });
    index.add({ url: 'https://a.test/1', title: 'Page 1', text: 'changed wording' });
    index.add({ url: 'https://a.test/new', title: 'Page new', text: 'word' });
    expect(index.size()).toBe(MAX_INDEXED_PAGES);
    const found = (url: string) => index.search('page', 1, (u) => u === url).length;
    expect(found('https://a.test/0')).toBe(1);
    expect(found('https://a.test/2')).toBe(0);
    expect(index.search('changed', 5).map((h) => h.url)).toEqual(['https://a.test/1']);
  });

  it('close() during a running save leaves a complete file with every page, one save at a time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-index-'));
    dirs.push(dir);
    const path = join(dir, 'index.json');
    const index = createLocalSearchIndex({ path });
    for (let i = 0; i < 500; i++)
      index.add({ url: `https://a.test/${i}`, title: `Page ${i}`, text: `word${i} shared text ${i * 7}` });
    // The first close starts a save and returns while it awaits the disk; the page added meanwhile changes the
    // index under it, so that save is dropped and the second close writes everything.
    const first = index.close();
    index.add({ url: 'https://a.test/late', title: 'Late page', text: 'arrived during the save' });
    await index.close();
    await first;
    expect(readdirSync(dir)).toEqual(['index.json']);
    expect(JSON.parse(readFileSync(path, 'utf8')).documentCount).toBe(501);
    const reloaded = createLocalSearchIndex({ path });
    expect(reloaded.search('arrived', 5).map((h) => h.url)).toEqual(['https://a.test/late']);
    expect(reloaded.search('word321', 5)[0].url).toBe('https://a.test/321');
    await reloaded.close();
  });
});
