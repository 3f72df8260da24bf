import { describe, expect, it } from 'vitest';
import { afterRoleNoun } from './personRoles.js';
import { tokenizeText } from './tokenizeText.js';

/** afterRoleNoun at the last capitalised word of `text`. */
const at = (text: string) => {
  const tokens = tokenizeText(text);
  const caps = tokens.filter((x) => x.index > 0 && x.cap);
  return afterRoleNoun(tokens, caps[caps.length - 1]);
};

describe('afterRoleNoun', () => {
  it('a name after a role noun, in parentheses, after a comma or directly', () => {
    expect(at('Our host (Tendai')).toBe(true);
    expect(at('The second reviewer, Pfeiffer')).toBe(true);
    expect(at('we asked a volunteer (Mireille')).toBe(true);
    expect(at('my new plumber Ewart')).toBe(true);
  });
  it('no determiner, a company role, or a capitalised word between: no cue', () => {
    expect(at('Host (Tendai')).toBe(false);
    expect(at('Our supplier, Bosch')).toBe(false);
    expect(at('The Grand host (Tendai')).toBe(false);
    expect(at('Guide to reviewers (Tendai')).toBe(false);
  });
});
