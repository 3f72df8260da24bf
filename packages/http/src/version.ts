import { readFileSync } from 'node:fs';

/**
 * The package version, read once from package.json (one directory above both `src/` and `dist/`), so /health
 * reports what is actually installed rather than a constant someone forgot to bump.
 */
export const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
})();
