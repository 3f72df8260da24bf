// The libraries take typed options; only this config/ folder reads the environment (docs/self-hosting.md lists what
// it reads). A new `process.env` elsewhere fails here with its file and line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGES = fileURLToPath(new URL('../../../', import.meta.url));
const LIBRARIES = ['core', 'browser', 'cache', 'jobs', 'scraper'];
const CONFIG_DIR = join(PACKAGES, 'scraper', 'src', 'config');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|bench)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('environment access', () => {
  it('no library source outside scraper/src/config reads process.env', () => {
    const files = LIBRARIES.flatMap((name) => sourceFiles(join(PACKAGES, name, 'src')));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => !file.startsWith(CONFIG_DIR))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            /process\s*\.\s*env\b|process\[['"]env['"]\]/.test(line) ? [`${relative(PACKAGES, file)}:${i + 1}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });
});
