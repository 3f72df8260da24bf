// The frozen split of WCXB dev: a third of the pages, chosen by a hash of the page id, that no tuning looks at.
// Rules are developed on the other two thirds ("dev-tune"); the frozen third only ever reports aggregate figures
// (index.mjs, ablate.mjs) and decides whether a rule is kept. Changing SALT or the share re-opens the split: don't.
import { createHash } from 'node:crypto';

const SALT = 'wcxb-frozen-v1';
/** One page in FROZEN_EVERY is frozen. */
const FROZEN_EVERY = 3;

/** 'frozen' or 'tune' for a WCXB page id ("0042"). */
export function splitOf(id) {
  const digest = createHash('sha256').update(`${SALT}/${id}`).digest();
  return digest.readUInt32BE(0) % FROZEN_EVERY === 0 ? 'frozen' : 'tune';
}

export const isFrozen = (id) => splitOf(id) === 'frozen';
