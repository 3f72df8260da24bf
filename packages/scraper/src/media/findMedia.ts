import { decodeHtml, parseHtml } from '@scrape/core/internal';
import type { Source } from '../source.js';

/** A media URL the page offers, with what the page says about it. */
export interface MediaCandidate {
  url: string;
  kind: 'audio' | 'video';
  /** Where it was found: `self` (the scraped URL is the media), `element` (<audio>/<video>/<source>), `og`. */
  from: 'self' | 'element' | 'og';
  /** The declared MIME type (`type=` / `og:*:type`), when given. */
  type?: string;
}

/** Media types that are files a player can fetch (`og:video` often names an HTML embed player instead). */
const MEDIA_TYPE = /^(audio|video)\/|^application\/(ogg|octet-stream|vnd\.apple\.mpegurl|x-mpegurl|dash\+xml)/i;
/** Extensions that name a media file when no type is given. */
const AUDIO_EXT = /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac|weba)(\?|#|$)/i;
const VIDEO_EXT = /\.(mp4|m4v|webm|ogv|mov|mkv)(\?|#|$)/i;

/** Whether a Content-Type names audio or video bytes. */
export function mediaKindOf(contentType: string): 'audio' | 'video' | undefined {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type.startsWith('audio/') || type === 'application/ogg') return 'audio';
  if (type.startsWith('video/')) return 'video';
  return undefined;
}

/**
 * The page's media in document order: the Source itself when it is audio or video, else `<audio>`/`<video>` (their
 * `src` and `<source>` children) and Open Graph `og:audio`/`og:video`, resolved against the page's base URL.
 * Each URL once; Open Graph entries whose declared type is not a media file (embed players) are skipped.
 */
export function findMedia(source: Source): MediaCandidate[] {
  const selfKind = mediaKindOf(source.contentType);
  if (selfKind)
    return [{ url: source.finalUrl, kind: selfKind, from: 'self', type: source.contentType.split(';')[0].trim() }];
  if (!/html|xml/i.test(source.contentType)) return [];
  const document = parseHtml(decodeHtml(source.body, source.contentType));
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  const base = resolve(baseHref ?? '', source.finalUrl) ?? source.finalUrl;
  const out: MediaCandidate[] = [];
  const seen = new Set<string>();
  const add = (
    raw: string | null | undefined,
    kind: 'audio' | 'video',
    from: MediaCandidate['from'],
    type?: string | null,
  ) => {
    const url = raw ? resolve(raw.trim(), base) : undefined;
    if (!url || seen.has(url) || !/^https?:/.test(url)) return;
    seen.add(url);
    out.push({ url, kind, from, ...(type ? { type: type.trim() } : {}) });
  };
  for (const el of Array.from(document.querySelectorAll('audio, video'))) {
    const kind = el.localName === 'audio' ? 'audio' : 'video';
    add(el.getAttribute('src'), kind, 'element', el.getAttribute('type'));
    for (const s of Array.from(el.querySelectorAll('source')))
      add(s.getAttribute('src'), kind, 'element', s.getAttribute('type'));
  }
  // Open Graph: og:audio / og:video and their :url / :secure_url forms, each followed by an optional :type.
  const metas = Array.from(document.querySelectorAll('meta[property], meta[name]'));
  metas.forEach((meta, i) => {
    const property = (meta.getAttribute('property') ?? meta.getAttribute('name') ?? '').toLowerCase();
    const m = /^og:(audio|video)(?::(url|secure_url))?$/.exec(property);
    if (!m) return;
    const kind = m[1] as 'audio' | 'video';
    // Its `:type` is among the following tags of the same group, which ends where the next `og:<kind>` starts.
    let type: string | null | undefined;
    for (const next of metas.slice(i + 1, i + 6)) {
      const name = (next.getAttribute('property') ?? next.getAttribute('name') ?? '').toLowerCase();
      if (name === `og:${kind}`) break;
      if (name === `og:${kind}:type`) {
        type = next.getAttribute('content');
        break;
      }
    }
    const content = meta.getAttribute('content');
    if (type ? !MEDIA_TYPE.test(type) : !(AUDIO_EXT.test(content ?? '') || VIDEO_EXT.test(content ?? ''))) return;
    add(content, kind, 'og', type);
  });
  // A plain link to a media file is the page's media only when nothing better is there (podcast episode pages).
  if (out.length === 0) {
    for (const a of Array.from(document.querySelectorAll('a[href]'))) {
      const href = a.getAttribute('href') ?? '';
      if (AUDIO_EXT.test(href)) add(href, 'audio', 'element');
      else if (VIDEO_EXT.test(href)) add(href, 'video', 'element');
    }
  }
  return out;
}

function resolve(value: string, base: string): string | undefined {
  try {
    return new URL(value, base).href;
  } catch {
    return undefined;
  }
}
