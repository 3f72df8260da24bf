// Shared by the person-rule tests: redact in accurate mode, and find one word's token with its sentence's tokens.
import { redactPII } from './redactPII.js';
import { tokenizeText } from './tokenizeText.js';

/** The text with every finding of accurate mode masked. */
export const redact = async (t: string) => (await redactPII(t, { mode: 'accurate' })).text;

/** The tokens of `text` and the first token spelled `w` (throws when there is none, so a typo fails the test). */
export const word = (text: string, w: string) => {
  const tokens = tokenizeText(text);
  const t = tokens.find((x) => x.text === w);
  if (!t) throw new Error(`no token ${w}`);
  return { tokens, t };
};
