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

/** The dev-tune split in two halves by site (a hash of the host name), for rounds that tune on one half and check on
 *  the other before the frozen split is read at all: pages of one site never fall on both sides. 'a' or 'b'. */
export function devHalfOf(site) {
  const digest = createHash('sha256').update(`wcxb-dev-half-v1/${site}`).digest();
  return digest.readUInt32BE(0) % 2 === 0 ? 'a' : 'b';
}
