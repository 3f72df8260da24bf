// Shared by index.mjs and smoke.mjs: generated media on a local site, scraped in process through the real pipeline
// (HTTP engine download, ffmpeg transcode/remux, artifact store), timed per scrape.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { createScraper } = await import(new URL('../../packages/scraper/dist/index.js', import.meta.url));

const ffmpeg = (...args) =>
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });

/** Generates `{name: bytes}` for the cases asked: tones of N seconds (WAV), clips of N seconds (MP4 and MOV). */
export function generate(dir, { toneSeconds = [], clipSeconds = [] }) {
  const files = {};
  for (const s of toneSeconds) {
    const path = join(dir, `tone-${s}.wav`);
    ffmpeg('-f', 'lavfi', '-i', `sine=frequency=440:duration=${s}`, '-c:a', 'pcm_s16le', path);
    files[`tone-${s}.wav`] = { bytes: readFileSync(path), type: 'audio/wav', seconds: s };
  }
  for (const s of clipSeconds) {
    const mp4 = join(dir, `clip-${s}.mp4`);
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=320x240:rate=25:duration=${s}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=660:duration=${s}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      mp4,
    );
    const mov = join(dir, `clip-${s}.mov`);
    ffmpeg('-i', mp4, '-c', 'copy', '-f', 'mov', mov);
    files[`clip-${s}.mp4`] = { bytes: readFileSync(mp4), type: 'video/mp4', seconds: s };
    files[`clip-${s}.mov`] = { bytes: readFileSync(mov), type: 'video/quicktime', seconds: s };
  }
  return files;
}

export async function startSite(files) {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').slice(1);
    if (path.startsWith('page/')) {
      const name = path.slice(5);
      const tag = name.endsWith('.wav') ? 'audio' : 'video';
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><title>${name}</title><${tag} src="/${name}"></${tag}>`);
    }
    const file = files[path];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.bytes.length }).end(file.bytes);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function probeSeconds(bytes, dir) {
  const path = join(dir, `probe-${Math.random().toString(36).slice(2)}`);
  writeFileSync(path, bytes);
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], {
      encoding: 'utf8',
    }),
  );
  rmSync(path);
  return {
    seconds: Number(out.format.duration),
    codecs: out.streams
      .map((s) => s.codec_name)
      .sort()
      .join('+'),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Scrapes `page/<name>` `iterations` times with the format; checks the artifact (codec, duration) every time.
 * Returns a table row and the failures seen.
 */
export async function measure({ scraper, base, dir, name, file, format, iterations, expectCodecs }) {
  const times = [];
  const failures = [];
  let outBytes = 0;
  let peakRss = 0;
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    const doc = await scraper.scrape({ url: `${base}/page/${name}`, formats: [format], maxAge: 0 });
    times.push(performance.now() - started);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const url = doc[format];
    if (typeof url !== 'string') {
      failures.push(`${name} ${format}: no URL (${doc.warning})`);
      continue;
    }
    const artifact = await scraper.artifacts.getArtifact(url.slice('artifact://'.length));
    outBytes = artifact.bytes.length;
    const got = probeSeconds(artifact.bytes, dir);
    if (got.codecs !== expectCodecs) failures.push(`${name} ${format}: codecs ${got.codecs}, expected ${expectCodecs}`);
    if (Math.abs(got.seconds - file.seconds) > 0.2)
      failures.push(`${name} ${format}: ${got.seconds}s, expected ${file.seconds}s`);
  }
  const ms = median(times);
  return {
    row: {
      case: `${name} → ${format}`,
      'input MB': (file.bytes.length / 1e6).toFixed(2),
      'output MB': (outBytes / 1e6).toFixed(2),
      'median ms': Math.round(ms),
      'media s per wall s': (file.seconds / (ms / 1000)).toFixed(1),
      'peak RSS MB': Math.round(peakRss / 1e6),
    },
    failures,
  };
}

export async function run({ toneSeconds, clipSeconds, iterations }) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-media-'));
  const files = generate(dir, { toneSeconds, clipSeconds });
  const site = await startSite(files);
  const scraper = createScraper({
    allowPrivateUrls: true,
    dataDir: join(dir, 'data'),
    engines: { browser: false },
    proxies: {},
  });
  const rows = [];
  const failures = [];
  try {
    for (const s of toneSeconds) {
      const r = await measure({
        scraper,
        base: site.base,
        dir,
        name: `tone-${s}.wav`,
        file: files[`tone-${s}.wav`],
        format: 'audio',
        iterations,
        expectCodecs: 'mp3',
      });
      rows.push(r.row);
      failures.push(...r.failures);
    }
    for (const s of clipSeconds) {
      for (const [name, format, codecs] of [
        [`clip-${s}.mp4`, 'video', 'aac+h264'],
        [`clip-${s}.mov`, 'video', 'aac+h264'],
        [`clip-${s}.mp4`, 'audio', 'mp3'],
      ]) {
        const r = await measure({
          scraper,
          base: site.base,
          dir,
          name,
          file: files[name],
          format,
          iterations,
          expectCodecs: codecs,
        });
        rows.push(r.row);
        failures.push(...r.failures);
      }
    }
  } finally {
    await scraper.close();
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, failures };
}
