import { mkdtemp, writeFile, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runScrapeMd } from './scrapeMd.js';

const PAGE = `<html><head><title>T</title></head><body>
  <nav><a href="/home">Home menu</a></nav>
  <article><h1>Hello</h1>
    <p>${'A paragraph of real article text that matters. '.repeat(3)}</p>
    <p>${'Another paragraph, just as real, about something else. '.repeat(3)}</p>
    <p>${'A third paragraph closes the story with a few remarks. '.repeat(3)} <a href="more.html">More</a></p>
  </article>
</body></html>`;

async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runScrapeMd(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('scrape-md', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scrape-md-'));
    file = join(dir, 'page.html');
    await writeFile(file, PAGE);
    await mkdir(join(dir, 'folder'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('prints the main content as markdown, links resolved against the file URL', async () => {
    const { code, stdout } = await run([file]);
    expect(code).toBe(EXIT_OK);
    expect(stdout).toContain('# Hello');
    expect(stdout).not.toContain('Home menu');
    expect(stdout).toContain(`[More](${pathToFileURL(join(dir, 'more.html')).href})`);
  });

  it('accepts a file:// URL, --url, --all and --html', async () => {
    const viaUrl = await run([pathToFileURL(file).href, '--url', 'https://example.com/a/page.html']);
    expect(viaUrl.stdout).toContain('[More](https://example.com/a/more.html)');
    expect((await run([file, '--all'])).stdout).toContain('Home menu');
    const html = await run([file, '--html']);
    expect(html.stdout).toContain('<h1>Hello</h1>');
    expect(html.stdout).not.toContain('# Hello');
  });

  it('applies --include and --exclude', async () => {
    const { stdout } = await run([file, '--include', 'article', '--exclude', 'h1']);
    expect(stdout).not.toContain('Hello');
    expect(stdout).toContain('A paragraph');
  });

  it('prints usage for --help and usage errors', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(EXIT_OK);
    expect(help.stdout).toContain('Usage: scrape-md');
    const none = await run([]);
    expect(none.code).toBe(EXIT_USAGE);
    expect(none.stderr).toContain('expected exactly one file');
    const unknown = await run([file, '--bogus']);
    expect(unknown.code).toBe(EXIT_USAGE);
    expect(unknown.stderr).toContain('Usage: scrape-md');
    expect((await run([file, '--url', 'not a url'])).stderr).toContain('--url must be an absolute URL');
    expect((await run([file, '--include', 'div['])).stderr).toContain('Invalid CSS selector in includeTags: "div["');
  });

  it('refuses remote URLs and reports unreadable files clearly', async () => {
    const remote = await run(['https://example.com/']);
    expect(remote.code).toBe(EXIT_USAGE);
    expect(remote.stderr).toContain('only local files are supported');
    const missing = await run([join(dir, 'missing.html')]);
    expect(missing.code).toBe(EXIT_FAILED);
    expect(missing.stderr).toContain('no such file');
    expect((await run([join(dir, 'folder')])).stderr).toContain('is a directory');
  });
});
