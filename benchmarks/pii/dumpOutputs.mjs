// Every redactPII output for the dev texts the PII benchmarks use (the labelled dev set, the hand-written check
// sets, real pages), in every mode, one JSON line per text and mode: compare two dumps byte for byte after a
// refactor or a speed change that must not change what is redacted. Held-out texts are left out on purpose.
// Run: node benchmarks/pii/dumpOutputs.mjs [core dist folder] > before.jsonl
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildRealMarkdown, loadPiiSet } from './evaluate.mjs';
import { NEW_SHAPES } from './newShapes.mjs';
import { PERSON_CHECK_SHAPES } from './personCheckShapes.mjs';
import { PERSON_AFTER_SHAPES, PERSON_FRESH_SHAPES } from './personFreshShapes.mjs';
import { PERSON_ROUND8_AFTER, PERSON_ROUND8_SHAPES, PERSON_ROUND8_THIRD } from './personRound8Shapes.mjs';
import { PERSON_ROUND10_AFTER, PERSON_ROUND10_SHAPES } from './personRound10Shapes.mjs';
import { PERSON_ROUND11_AFTER, PERSON_ROUND11_SHAPES } from './personRound11Shapes.mjs';
import { PERSON_ROUND12_SHAPES } from './personRound12Shapes.mjs';
import { PERSON_ROUND13_AFTER, PERSON_ROUND13_SHAPES } from './personRound13Shapes.mjs';
import { PERSON_ROUND14_SHAPES } from './personRound14Shapes.mjs';
import { PERSON_ROUND15_CHECK, PERSON_ROUND15_SHAPES } from './personRound15Shapes.mjs';
import { PERSON_ROUND16_CHECK, PERSON_ROUND16_SHAPES } from './personRound16Shapes.mjs';
import { PERSON_ROUND9_AFTER, PERSON_ROUND9_SHAPES } from './personRound9Shapes.mjs';
import { ROUND17_CHECK, ROUND17_SHAPES } from './round17Shapes.mjs';
import { ROUND19_ADDRESS_CHECK, ROUND19_ADDRESS_SHAPES } from './round19AddressShapes.mjs';
import { ROUND19_CHECK, ROUND19_SHAPES } from './round19Shapes.mjs';
import { ROUND20_CHECK, ROUND20_SHAPES } from './round20Shapes.mjs';
import { PERSON_SHAPES } from './personShapes.mjs';
import { WEAK_SPOT_SHAPES } from './weakSpotShapes.mjs';

const distDir = process.argv[2] ?? new URL('../../packages/core/dist', import.meta.url).pathname;
const { redactPII } = await import(pathToFileURL(resolve(distDir, 'index.js')).href);

const groups = [
  PERSON_CHECK_SHAPES,
  PERSON_FRESH_SHAPES,
  PERSON_AFTER_SHAPES,
  PERSON_ROUND8_SHAPES,
  PERSON_ROUND8_AFTER,
  PERSON_ROUND8_THIRD,
  PERSON_SHAPES,
  PERSON_ROUND9_SHAPES,
  PERSON_ROUND9_AFTER,
  PERSON_ROUND10_SHAPES,
  PERSON_ROUND10_AFTER,
  PERSON_ROUND11_SHAPES,
  PERSON_ROUND11_AFTER,
  PERSON_ROUND12_SHAPES,
  PERSON_ROUND13_SHAPES,
  PERSON_ROUND13_AFTER,
  PERSON_ROUND14_SHAPES,
  PERSON_ROUND15_SHAPES,
  PERSON_ROUND15_CHECK,
  WEAK_SPOT_SHAPES,
  { all: NEW_SHAPES },
  // (round 16 last, so the names of earlier outputs stay as they were)
  PERSON_ROUND16_SHAPES,
  PERSON_ROUND16_CHECK,
  // (round 17 after them, for the same reason)
  ROUND17_SHAPES,
  ROUND17_CHECK,
  // (round 19 sets last, for the same reason)
  ROUND19_SHAPES,
  ROUND19_CHECK,
  ROUND19_ADDRESS_SHAPES,
  ROUND19_ADDRESS_CHECK,
  ROUND20_SHAPES,
  ROUND20_CHECK,
];
const texts = [
  ...(loadPiiSet() ?? []).map((row, i) => [`dev-${i}`, row.full_text]),
  ...groups.flatMap((g, gi) =>
    Object.values(g).flatMap((rows, ri) => rows.map((s, i) => [`shape-${gi}-${ri}-${i}`, s.text])),
  ),
  ...(buildRealMarkdown(80, 600 * 1024) ?? []).map((d, i) => [`page-${i}`, d]),
];
for (const mode of ['fast', 'accurate', 'aggressive'])
  for (const [name, text] of texts) {
    const out = await redactPII(text, { mode, replaceStyle: 'tag' });
    process.stdout.write(`${JSON.stringify({ name, mode, out })}\n`);
  }
