#!/usr/bin/env node
// Writes the configuration table of docs/self-hosting.md (between its config-table markers) from the one schema,
// packages/scraper/src/config/envSchema.ts. Run after changing a variable: `pnpm run docs:config` (it builds the
// scraper first). packages/scraper/src/config/renderConfigTable.test.ts fails while the two differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { withConfigTable } = await import(`${root}packages/scraper/dist/config/index.js`);
const docPath = `${root}docs/self-hosting.md`;
const before = readFileSync(docPath, 'utf8');
const after = withConfigTable(before);
if (after === before) {
  console.log('docs/self-hosting.md: the configuration table is up to date');
} else {
  writeFileSync(docPath, after);
  console.log('docs/self-hosting.md: configuration table rewritten from envSchema.ts');
}
