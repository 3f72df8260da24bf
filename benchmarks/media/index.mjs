// Full run: audio/video formats end to end in process (download through the HTTP engine, ffmpeg, artifact store).
// `node benchmarks/media/index.mjs` (needs ffmpeg/ffprobe and a built @scrape/scraper).
import { run } from './measure.mjs';

const { rows, failures } = await run({ toneSeconds: [10, 60, 300], clipSeconds: [10, 60], iterations: 5 });
console.table(rows);
if (failures.length) {
  console.error(`FAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
