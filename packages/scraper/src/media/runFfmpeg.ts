import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { errors } from '../errors.js';

/** Debian's `ffmpeg` package (scripts/setup.sh), found on PATH; the `ffmpegPath` option (SCRAPE_FFMPEG_PATH) wins. */
export const DEFAULT_FFMPEG = 'ffmpeg';
/** ffmpeg runs at once per process: each one keeps a core busy, more would only slow the page scrapes beside them. */
export const MAX_FFMPEG_RUNS = Math.max(1, availableParallelism() - 1);
const limit = pLimit(MAX_FFMPEG_RUNS);
/** Kept: the last part of ffmpeg's stderr, enough to say why a file would not convert. */
const STDERR_TAIL_CHARS = 2_000;

/**
 * Runs ffmpeg with `args` (queued behind MAX_FFMPEG_RUNS others) until it exits or `signal` aborts (then it is
 * killed). A missing binary is a clear 503 naming ffmpeg; a non-zero exit rejects with ffmpeg's own last words.
 */
export function runFfmpeg(
  args: string[],
  signal: AbortSignal,
  format: 'audio' | 'video',
  ffmpegPath?: string,
): Promise<void> {
  return limit(() => spawnFfmpeg(args, signal, format, ffmpegPath || DEFAULT_FFMPEG));
}

function spawnFfmpeg(
  args: string[],
  signal: AbortSignal,
  format: 'audio' | 'video',
  ffmpegPath: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    const onAbort = () => child.kill('SIGKILL');
    signal.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error: NodeJS.ErrnoException) => {
      signal.removeEventListener('abort', onAbort);
      reject(error.code === 'ENOENT' ? ffmpegMissing(format) : error);
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) return reject(signal.reason);
      if (code === 0) resolve();
      else reject(new FfmpegFailure(stderr.trim() || `ffmpeg exited with code ${code}`));
    });
  });
}

/** ffmpeg ran and refused the input (not media, unsupported codec...). */
export class FfmpegFailure extends Error {
  override name = 'FfmpegFailure';
}

export function ffmpegMissing(format: 'audio' | 'video') {
  return errors.unavailable(
    `Service Unavailable: the ${format} format needs ffmpeg, which is not installed on this server`,
    {
      dependency: 'ffmpeg',
      hint: "install Debian's ffmpeg package (scripts/setup.sh) or set SCRAPE_FFMPEG_PATH",
    },
  );
}
