#!/usr/bin/env node
// scrape-md: try the HTML pipeline on a local file. Prints markdown (or the cleaned HTML) to stdout.
import { readFile, realpath } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isCoreError, processHtml } from '@scrape/core';

const USAGE = `Usage: scrape-md [options] <file | file:// URL>

Reads a local HTML file and prints its main content as markdown.

Options:
  --url <url>          page URL that relative links resolve against (default: the file's file:// URL)
  --html               print the cleaned HTML instead of markdown
  --all                keep the whole page (turn main-content extraction off)
  --include <selector> keep only elements matching this CSS selector (repeatable)
  --exclude <selector> remove elements matching this CSS selector (repeatable)
  -h, --help           show this help
`;

/** Exit codes: 0 ok, 1 the page could not be read or processed, 2 the command line was wrong. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Runs the command with `argv` (without node and script) and returns the exit code. */
export async function runScrapeMd(argv: string[], io: CliIo = processIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        html: { type: 'boolean', default: false },
        all: { type: 'boolean', default: false },
        include: { type: 'string', multiple: true },
        exclude: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.stderr(`scrape-md: ${(error as Error).message}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  if (positionals.length !== 1) {
    io.stderr(`scrape-md: expected exactly one file, got ${positionals.length}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  const target = positionals[0] as string;
  let path: string;
  try {
    path = toLocalPath(target);
  } catch (error) {
    io.stderr(`scrape-md: ${(error as Error).message}\n`);
    return EXIT_USAGE;
  }
  if (values.url !== undefined && !URL.canParse(values.url)) {
    io.stderr(`scrape-md: --url must be an absolute URL, got "${values.url}"\n`);
    return EXIT_USAGE;
  }

  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
    io.stderr(`scrape-md: cannot read ${path}: ${reason}\n`);
    return EXIT_FAILED;
  }

  try {
    const url = values.url ?? pathToFileURL(await realpath(path)).href;
    const result = processHtml(
      { body: bytes, url },
      {
        onlyMainContent: !values.all,
        includeTags: values.include,
        excludeTags: values.exclude,
        outputs: [values.html ? 'html' : 'markdown'],
      },
    );
    const out = values.html ? result.html : result.markdown;
    io.stdout(out.endsWith('\n') ? out : `${out}\n`);
    return EXIT_OK;
  } catch (error) {
    io.stderr(`scrape-md: ${isCoreError(error) ? error.message : String((error as Error)?.stack ?? error)}\n`);
    return isCoreError(error) && error.kind === 'invalid_selector' ? EXIT_USAGE : EXIT_FAILED;
  }
}

/** A path or file:// URL to a path; other URLs are refused (fetching pages is the service's job). */
function toLocalPath(target: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    const url = new URL(target);
    if (url.protocol !== 'file:') {
      throw new Error(
        `only local files are supported (got a ${url.protocol.slice(0, -1)} URL); save the page first or use the ` +
          `scrape service`,
      );
    }
    return fileURLToPath(url);
  }
  return resolvePath(target);
}

async function isMain(): Promise<boolean> {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return (await realpath(script)) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (await isMain()) process.exitCode = await runScrapeMd(process.argv.slice(2));
