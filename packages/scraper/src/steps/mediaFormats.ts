import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isScrapeError } from '../errors.js';
import { findMedia, mediaKindOf, type MediaCandidate } from '../media/findMedia.js';
import { FfmpegFailure, runFfmpeg } from '../media/runFfmpeg.js';
import type { PipelineDeps } from '../pipelineDeps.js';
import type { Source } from '../source.js';
import { defaultArtifactUrl, type ArtifactUrl } from './publishArtifacts.js';
import type { ScrapePlan } from './plan.js';

/** Spec §8: signed URLs of `audio` and `video` live one hour. */
export const MEDIA_TTL_MS = 60 * 60 * 1000;
/**
 * Largest media file downloaded or written by ffmpeg (held in memory and stored): minutes of HD video, hours of speech.
 */
export const MAX_MEDIA_BYTES = 50 * 1024 * 1024;
/** Media URLs tried per format before giving up: a page's first sources are its real ones; the rest are fallbacks. */
const MAX_ATTEMPTS = 3;
/** MP3 bit rate: transparent for speech and fine for music at a size that suits a 1-hour link. */
const MP3_BITRATE = '128k';
/**
 * Demuxers ffmpeg may use on a downloaded file: real media containers only. Playlists (HLS, concat, ...) would make
 * ffmpeg open further URLs or local files on its own, outside the SSRF guard; with only the `file` protocol allowed
 * they cannot either.
 */
const INPUT_FORMATS = 'mp3,wav,ogg,flac,aac,mov,mp4,matroska,webm,avi,flv,mpegts,mpeg,asf,amr,caf,aiff,w64';
/** Video types returned as downloaded; anything else is remuxed into MP4 (streams copied, not re-encoded). */
const PLAYABLE_VIDEO = new Set(['video/mp4', 'video/webm']);

export interface MediaFields {
  audio?: string | null;
  video?: string | null;
  warning?: string;
}

/**
 * Step 6c. `audio`: the page's first usable media (audio first, a video's sound track next) downloaded through the
 * SSRF-guarded HTTP engine and transcoded to MP3 with ffmpeg. `video`: the page's first video as is (MP4/WebM) or
 * remuxed into MP4. Both become artifacts behind 1-hour URLs; a page without media gets null and a warning.
 */
export async function renderMedia<T extends { warning?: string }>(
  plan: ScrapePlan,
  source: Source,
  deps: PipelineDeps,
  signal: AbortSignal,
  rendered: T,
  artifactUrl: ArtifactUrl = defaultArtifactUrl,
): Promise<T & MediaFields> {
  const wantAudio = plan.formats.has('audio');
  const wantVideo = plan.formats.has('video');
  if (!wantAudio && !wantVideo) return rendered;
  const candidates = findMedia(source);
  const fields: T & MediaFields = { ...rendered };
  const warnings: string[] = rendered.warning ? [rendered.warning] : [];
  const publish = async (bytes: Uint8Array, mimeType: string): Promise<string> => {
    const store = plan.artifacts === 'store' ? deps.artifacts : undefined;
    if (!store) return `data:${mimeType};base64,${Buffer.from(bytes).toString('base64')}`;
    const { id, expiresAt } = await store.putArtifact({ bytes, mimeType, ttlMs: MEDIA_TTL_MS });
    return artifactUrl({ id, mimeType, expiresAt });
  };
  const downloads = new Map<string, Promise<Downloaded | string>>();
  const download = (candidate: MediaCandidate) => {
    let pending = downloads.get(candidate.url);
    if (!pending) {
      pending = fetchMedia(plan, source, candidate, deps, signal);
      downloads.set(candidate.url, pending);
    }
    return pending;
  };

  if (wantAudio) {
    // Audio elements first, then a video's sound track (a talk or a clip is still something to listen to).
    const order = [...candidates.filter((c) => c.kind === 'audio'), ...candidates.filter((c) => c.kind === 'video')];
    fields.audio = await firstUsable(order, warnings, 'audio', async (candidate) => {
      const got = await download(candidate);
      if (typeof got === 'string') return got;
      const mp3 = await convert(
        got.bytes,
        ['-vn', '-map', '0:a:0', '-c:a', 'libmp3lame', '-b:a', MP3_BITRATE, '-f', 'mp3'],
        'mp3',
        signal,
        'audio',
        deps.ffmpegPath,
      );
      if (typeof mp3 === 'string') return mp3;
      return publish(mp3, 'audio/mpeg');
    });
  }
  if (wantVideo) {
    fields.video = await firstUsable(
      candidates.filter((c) => c.kind === 'video'),
      warnings,
      'video',
      async (candidate) => {
        const got = await download(candidate);
        if (typeof got === 'string') return got;
        if (PLAYABLE_VIDEO.has(got.mimeType)) return publish(got.bytes, got.mimeType);
        const mp4 = await convert(
          got.bytes,
          ['-map', '0', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4'],
          'mp4',
          signal,
          'video',
          deps.ffmpegPath,
        );
        if (typeof mp4 === 'string') return mp4;
        return publish(mp4, 'video/mp4');
      },
    );
  }
  if (warnings.length > 0) fields.warning = warnings.join(' ');
  return fields;
}

interface Downloaded {
  bytes: Uint8Array;
  mimeType: string;
}

/** Tries candidates in order; each answers a URL or a reason (string starting with the URL) it could not be used. */
async function firstUsable(
  candidates: MediaCandidate[],
  warnings: string[],
  format: 'audio' | 'video',
  use: (candidate: MediaCandidate) => Promise<string>,
): Promise<string | null> {
  if (candidates.length === 0) {
    warnings.push(`${format}: no ${format === 'audio' ? 'audio or video' : 'video'} found on the page.`);
    return null;
  }
  const reasons: string[] = [];
  for (const candidate of candidates.slice(0, MAX_ATTEMPTS)) {
    const result = await use(candidate);
    if (!result.startsWith('!')) return result;
    reasons.push(`${candidate.url}: ${result.slice(1)}`);
  }
  warnings.push(`${format}: no usable media (${reasons.join('; ')}).`);
  return null;
}

/** The candidate's bytes, or `!reason`. The scraped URL itself needs no second download. */
async function fetchMedia(
  plan: ScrapePlan,
  source: Source,
  candidate: MediaCandidate,
  deps: PipelineDeps,
  signal: AbortSignal,
): Promise<Downloaded | string> {
  if (candidate.from === 'self') {
    if (source.body.byteLength > MAX_MEDIA_BYTES) return `!larger than ${MAX_MEDIA_BYTES} bytes`;
    return { bytes: source.body, mimeType: baseType(source.contentType) };
  }
  let media: Source;
  try {
    // The HTTP engine: the same SSRF guard, redirect bounds, proxy-free direct fetch and body cap as the page.
    media = await deps.engines.fetch.acquire({ ...plan, url: new URL(candidate.url) }, signal);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (isScrapeError(error)) return `!${error.error}`;
    throw error;
  }
  if (media.status < 200 || media.status >= 300) return `!HTTP ${media.status}`;
  if (media.body.byteLength === 0) return '!empty response';
  if (media.body.byteLength > MAX_MEDIA_BYTES) return `!larger than ${MAX_MEDIA_BYTES} bytes`;
  const type = baseType(media.contentType);
  // A server that calls it HTML is serving a page (an embed player or an error page), not the media.
  if (/html/.test(type)) return `!not a media file (${type})`;
  const mimeType = mediaKindOf(type)
    ? type
    : candidate.type && mediaKindOf(candidate.type)
      ? baseType(candidate.type)
      : type || 'application/octet-stream';
  return { bytes: media.body, mimeType };
}

/** ffmpeg from bytes to bytes through a private temp directory (containers like MP4 need a seekable input). */
async function convert(
  bytes: Uint8Array,
  outputArgs: string[],
  ext: string,
  signal: AbortSignal,
  format: 'audio' | 'video',
  ffmpegPath: string | undefined,
): Promise<Uint8Array | string> {
  const dir = await mkdtemp(join(tmpdir(), 'scrape-media-'));
  try {
    const input = join(dir, 'input');
    const output = join(dir, `output.${ext}`);
    await writeFile(input, bytes);
    try {
      await runFfmpeg(
        [
          '-protocol_whitelist',
          'file',
          '-format_whitelist',
          INPUT_FORMATS,
          '-i',
          input,
          ...outputArgs,
          '-fs',
          String(MAX_MEDIA_BYTES),
          '-y',
          output,
        ],
        signal,
        format,
        ffmpegPath,
      );
    } catch (error) {
      if (error instanceof FfmpegFailure) return `!ffmpeg could not convert it (${error.message.split('\n').pop()})`;
      throw error;
    }
    return new Uint8Array(await readFile(output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function baseType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}
