// linkedom as published, next to the copy we run: the installed package carries our patch (patches/), which speeds
// its parse up, so "bare parse" is measured twice: with the published code (the reference) and with ours.
// The published copy is rebuilt offline: the installed package copied to a temp folder with our patch reversed.
import { cpSync, existsSync, mkdirSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const here = dirname(fileURLToPath(import.meta.url));
const PATCH = join(here, '..', '..', 'patches', 'linkedom@0.18.15.patch');

/** Loads linkedom without our patch; returns its parseHTML, or null (with the reason) when that cannot be done. */
export async function loadStockLinkedom() {
  const require = createRequire(import.meta.url);
  const installed = dirname(realpathSync(require.resolve('linkedom/package.json')));
  const version = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version;
  if (!existsSync(PATCH) || version !== '0.18.15')
    return { parseHTML: null, reason: `no patch for linkedom ${version}` };
  // The copy links to this checkout's installed dependencies, so it is kept per patch and per checkout: a copy made
  // from another clone (since deleted) would point at folders that are gone.
  const tag = createHash('sha256').update(readFileSync(PATCH)).update(installed).digest('hex').slice(0, 12);
  const root = join(tmpdir(), `scrape-bench-linkedom-stock-${tag}`);
  const target = join(root, 'node_modules', 'linkedom');
  if (!existsSync(join(target, '.reversed'))) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(join(root, 'node_modules'), { recursive: true });
    cpSync(installed, target, { recursive: true, dereference: true });
    // Its dependencies are the installed ones (pnpm keeps them beside the package).
    const siblings = dirname(installed);
    for (const name of readdirSync(siblings)) {
      if (name === 'linkedom' || name.startsWith('.')) continue;
      const from = join(siblings, name);
      if (name.startsWith('@')) {
        mkdirSync(join(root, 'node_modules', name), { recursive: true });
        for (const sub of readdirSync(from))
          symlinkSync(realpathSync(join(from, sub)), join(root, 'node_modules', name, sub));
      } else symlinkSync(realpathSync(from), join(root, 'node_modules', name));
    }
    const reverse = spawnSync('patch', ['-R', '-p1', '-s', '-d', target, '-i', PATCH], { encoding: 'utf8' });
    if (reverse.status !== 0)
      return { parseHTML: null, reason: `patch -R failed: ${reverse.stderr || reverse.stdout}` };
    cpSync(PATCH, join(target, '.reversed'));
  }
  const module = await import(pathToFileURL(join(target, 'esm', 'index.js')).href);
  return { parseHTML: module.parseHTML, reason: null };
}
