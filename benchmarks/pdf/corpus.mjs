// The evaluation corpus: docling's test PDFs and their labelled output (../shared/data, never copied here).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/data/pdf/docling-testdata');

/** [{name, bytes, truth}] sorted by name; `truth` is docling's JSON document. Exits with a clear message when the data is absent. */
export function loadCorpus({ limit = Infinity } = {}) {
  if (!existsSync(join(DATA_DIR, 'pdfs'))) {
    console.log(`pdf benchmark: data not found at ${DATA_DIR} (see shared/data/README.md); skipping.`);
    process.exit(0);
  }
  return readdirSync(join(DATA_DIR, 'pdfs'))
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .slice(0, limit)
    .map((f) => {
      const name = f.replace(/\.pdf$/, '');
      const truthFile = join(DATA_DIR, 'groundtruth', `${name}.json`);
      return {
        name,
        bytes: new Uint8Array(readFileSync(join(DATA_DIR, 'pdfs', f))),
        truth: existsSync(truthFile) ? JSON.parse(readFileSync(truthFile, 'utf8')) : null,
      };
    });
}
