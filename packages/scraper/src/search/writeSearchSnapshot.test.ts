import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type MiniSearch from 'minisearch';
import { afterEach, describe, expect, it } from 'vitest';
import { openMiniSearch, type StoredPage } from './createLocalSearchIndex.js';
import { SnapshotStaleError, writeSearchSnapshot } from './writeSearchSnapshot.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'search-snapshot-'));
  dirs.push(dir);
  return dir;
}

const words = ['tide', 'ferry', 'harbour', 'crane', 'lock', 'weir', 'salmon', 'quay', 'buoy', 'pilot', 'dredge'];

function buildIndex(pages: number): MiniSearch<StoredPage> {
  const index = openMiniSearch();
  for (let i = 0; i < pages; i++) {
    const text = Array.from({ length: 60 }, (_, j) => `${words[(i * 7 + j * 3) % words.length]}${(i + j) % 40}`);
    index.add({
      id: `https://a.test/${i}`,
      title: `${words[i % words.length]} page ${i}`,
      description: i === 3 ? 'quotes "index":[] and \\u2028 escapes' : '',
      text: text.join(' '),
      head: `Head ${i} "index":[]`,
    });
  }
  // A discarded page leaves dirt behind, which the snapshot keeps as it is.
  index.discard('https://a.test/5');
  return index;
}

describe('writeSearchSnapshot', () => {
  it('writes the bytes JSON.stringify gives, and the file reloads with the same search results', async () => {
    const index = buildIndex(400);
    const path = join(tempDir(), 'nested', 'index.json');
    await writeSearchSnapshot(index, path);
    const raw = readFileSync(path, 'utf8');
    expect(raw).toBe(JSON.stringify(index));
    const loaded = openMiniSearch(raw);
    expect(loaded.documentCount).toBe(399);
    for (const query of ['tide3', 'ferry page', 'salm', 'quotes']) {
      // Sorted: pages of equal score come in either order.
      const hits = (i: MiniSearch<StoredPage>) =>
        i
          .search(query)
          .map((h) => `${h.score.toFixed(9)} ${h.id} ${h.title}`)
          .sort();
      expect(hits(loaded)).toEqual(hits(index));
      expect(hits(index).length).toBeGreaterThan(0);
    }
  });

  it('drops a save the index changed under, leaving the previous snapshot and no temporary file', async () => {
    const dir = tempDir();
    const path = join(dir, 'index.json');
    writeFileSync(path, 'previous');
    let checks = 0;
    const save = writeSearchSnapshot(buildIndex(50), path, () => checks++ > 0);
    await expect(save).rejects.toBeInstanceOf(SnapshotStaleError);
    expect(readFileSync(path, 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['index.json']);
  });

  it('does not start when the index is vacuuming', async () => {
    const index = buildIndex(40);
    const vacuum = index.vacuum();
    const path = join(tempDir(), 'index.json');
    await expect(writeSearchSnapshot(index, path)).rejects.toBeInstanceOf(SnapshotStaleError);
    await vacuum;
    await writeSearchSnapshot(index, path);
    expect(existsSync(path)).toBe(true);
  });
});
