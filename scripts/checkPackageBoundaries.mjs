#!/usr/bin/env node
// Package boundaries that Biome's noRestrictedImports cannot see: a relative import that leaves its package
// (`../../other-package/src/x.js`). Biome matches the specifier text, not the resolved path, so `../../x` means a
// different folder from every depth; this script resolves each relative specifier against the importing file and
// fails when it lands outside the importing package. Siblings are imported by package name only
// (`@scrape/cache`), which Biome's per-package rules in biome.json then check (core imports no sibling, etc.).
//
// Run: node scripts/checkPackageBoundaries.mjs   (part of `pnpm run lint`)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// Known crossings that are test scaffolding, not production code, kept until the shared test helpers move into
// @scrape/test-support (issue 27, "Test helpers shared"). Each is reported as a warning with its count, so the list
// only shrinks: delete an entry when its last user is gone (an unused entry is reported too).
const knownCrossings = [
  {
    from: /^packages\/[a-z-]+\/vitest\.config\.ts$/,
    to: 'packages/test-support/src/retryReporter.ts',
    why: 'vitest configs load before any build; the reporter is not yet a test-support export every package depends on',
  },
  {
    from: /^packages\/[a-z-]+\/vitest\.config\.ts$/,
    to: 'packages/test-support/src/hangWatchdog.ts',
    why: 'vitest configs load before any build; the reporter is not yet a test-support export every package depends on',
  },
  {
    from: /^packages\/http\/test\//,
    to: 'packages/scraper/test/',
    why: "the PDF fixtures live in scraper's test folder (they build PDFs with the scraper's own code)",
  },
];

// import/export … from '…', import('…'), import '…'. Bounded character classes, one line at a time: linear.
const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"\n]{1,300})['"]/g;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'packages'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(?:ts|mts|mjs|js)$/.test(file) && !file.includes('/dist/') && !file.includes('/node_modules/'));

const errors = [];
const warnings = [];
const usedCrossings = new Set();
for (const file of files) {
  const packageDir = file.split('/').slice(0, 2).join('/');
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // deleted in the work tree but still in the index
  }
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(specifierPattern)) {
      const specifier = match[1];
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (target === packageDir || target.startsWith(`${packageDir}/`)) continue;
      const where = `${file}:${index + 1}`;
      const targetTs = target.replace(/\.js$/, '.ts');
      const known = knownCrossings.find((crossing) => crossing.from.test(file) && targetTs.startsWith(crossing.to));
      if (known) {
        usedCrossings.add(known);
        warnings.push(`${where}: imports ${specifier} (outside ${packageDir}; known: ${known.why})`);
      } else {
        errors.push(
          `${where}: imports ${specifier}, which is outside ${packageDir}: import the sibling by its package name`,
        );
      }
    }
  });
}
for (const crossing of knownCrossings) {
  if (!usedCrossings.has(crossing))
    warnings.push(`scripts/checkPackageBoundaries.mjs: unused known crossing to ${crossing.to}: delete it`);
}

for (const warning of warnings) console.log(`warning  ${warning}`);
for (const error of errors) console.log(`error    ${error}`);
console.log(
  `package boundaries: ${files.length} files checked, ${errors.length} error(s), ${warnings.length} warning(s)`,
);
process.exitCode = errors.length > 0 ? 1 : 0;
