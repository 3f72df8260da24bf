import { describe, expect, it } from 'vitest';
import type { Source } from '../source.js';
import { findMedia, mediaKindOf } from './findMedia.js';

const source = (
  body: string,
  contentType = 'text/html; charset=utf-8',
  finalUrl = 'https://radio.example/shows/ep12',
): Source => ({
  url: finalUrl,
  finalUrl,
  status: 200,
  headers: { 'content-type': contentType },
  contentType,
  body: new TextEncoder().encode(body),
  engine: 'fetch',
  fetchedAt: 0,
});

describe('findMedia', () => {
  it('lists audio/video elements, their sources and Open Graph media in document order, resolved and deduplicated', () => {
    const html = `<html><head><base href="/media/">
      <meta property="og:audio" content="https://cdn.example/ep12.mp3"><meta property="og:audio:type" content="audio/mpeg">
      <meta property="og:video:secure_url" content="https://cdn.example/ep12.mp4">
      <meta property="og:video" content="https://player.example/embed/12"><meta property="og:video:type" content="text/html">
      </head><body>
      <audio src="ep12.ogg"></audio>
      <video><source src="clip.webm" type="video/webm"><source src="/media/clip.webm"></video>
      <a href="other.mp3">other</a></body></html>`;
    expect(findMedia(source(html))).toEqual([
      { url: 'https://radio.example/media/ep12.ogg', kind: 'audio', from: 'element' },
      { url: 'https://radio.example/media/clip.webm', kind: 'video', from: 'element', type: 'video/webm' },
      { url: 'https://cdn.example/ep12.mp3', kind: 'audio', from: 'og', type: 'audio/mpeg' },
      { url: 'https://cdn.example/ep12.mp4', kind: 'video', from: 'og' },
    ]);
  });

  it('falls back to links to media files only when the page has nothing else', () => {
    expect(findMedia(source('<p><a href="/dl/episode.m4a?x=1">download</a> <a href="/about">about</a></p>'))).toEqual([
      { url: 'https://radio.example/dl/episode.m4a?x=1', kind: 'audio', from: 'element' },
    ]);
    expect(findMedia(source('<p>No media.</p><video src="javascript:alert(1)"></video>'))).toEqual([]);
  });

  it('a Source that is itself media is its own candidate', () => {
    expect(findMedia(source('ID3', 'audio/mpeg', 'https://cdn.example/a.mp3'))).toEqual([
      { url: 'https://cdn.example/a.mp3', kind: 'audio', from: 'self', type: 'audio/mpeg' },
    ]);
    expect(findMedia(source('{"a":1}', 'application/json'))).toEqual([]);
  });

  it('mediaKindOf', () => {
    expect(mediaKindOf('audio/wav')).toBe('audio');
    expect(mediaKindOf('application/ogg')).toBe('audio');
    expect(mediaKindOf('video/mp4; codecs="avc1"')).toBe('video');
    expect(mediaKindOf('text/html')).toBeUndefined();
  });
});
