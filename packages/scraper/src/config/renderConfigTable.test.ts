import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from './envSchema.js';
import { CONFIG_TABLE_BEGIN, CONFIG_TABLE_END, renderConfigTable, withConfigTable } from './renderConfigTable.js';

const DOC = fileURLToPath(new URL('../../../../docs/self-hosting.md', import.meta.url));

describe('the configuration table', () => {
  it('has one row per variable with its type, default and meaning', () => {
    const rows = renderConfigTable().split('\n').slice(2);
    expect(rows).toHaveLength(Object.keys(ENV_VARIABLES).length);
    expect(rows[0]).toBe(
      '| `PORT` | integer 0-65535 | `3002` | TCP port (0 picks a free one; the startup log line shows it). | http |',
    );
    expect(rows.find((row) => row.startsWith('| `LOG_LEVEL`'))).toContain('fatal / error / warn');
    expect(rows.find((row) => row.startsWith('| `SCRAPE_ALLOW_PRIVATE_URLS`'))).toContain('| boolean | `0` |');
  });

  // After changing a variable: `pnpm run docs:config`.
  it('in docs/self-hosting.md is the one the schema renders', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(doc).toContain(CONFIG_TABLE_BEGIN);
    expect(doc).toContain(CONFIG_TABLE_END);
    expect(doc).toBe(withConfigTable(doc));
  });

  it('notices a changed row', () => {
    const doc = readFileSync(DOC, 'utf8');
    const drifted = doc.replace('| `PORT` | integer 0-65535 | `3002` |', '| `PORT` | integer 0-65535 | `8080` |');
    expect(drifted).not.toBe(doc);
    expect(withConfigTable(drifted)).toBe(doc);
  });
});
