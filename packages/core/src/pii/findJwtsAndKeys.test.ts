import { describe, expect, it } from 'vitest';
import { findJwts, findPrivateKeys } from './findJwtsAndKeys.js';

const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;
const PEM = /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----[\s\S]*?-----END (?:[A-Z]+ )*PRIVATE KEY-----/g;
const ranges = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => [m.index!, m.index! + m[0].length]);

function random(seed: number, pieces: string[], count: number, maxLen: number): string[] {
  let state = seed;
  const rnd = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    let s = '';
    const len = Math.floor(rnd() * maxLen);
    for (let i = 0; i < len; i++) s += pieces[Math.floor(rnd() * pieces.length)];
    out.push(s);
  }
  return out;
}

describe('JWTs and PEM private keys without the quadratic regexes', () => {
  it('find what the regexes found', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    expect(findJwts(`token: ${jwt}.`)).toEqual(ranges(JWT, `token: ${jwt}.`));
    expect(findJwts(`token: ${jwt}.`)).toHaveLength(1);
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----';
    expect(findPrivateKeys(`a ${pem} b ${pem}`)).toEqual(ranges(PEM, `a ${pem} b ${pem}`));
    for (const s of random(3, ['eyJ', 'abcd', '-', '.', ' ', 'x', 'eyJabcdefgh', '_', 'é'], 100_000, 12)) {
      expect(findJwts(s), JSON.stringify(s)).toEqual(ranges(JWT, s));
    }
    const pemPieces = ['-----BEGIN ', 'RSA ', 'PRIVATE KEY-----', '-----END ', 'x', '\n', 'EC ', '-----'];
    for (const s of random(5, pemPieces, 50_000, 10)) {
      expect(findPrivateKeys(s), JSON.stringify(s)).toEqual(ranges(PEM, s));
    }
  });

  it('are linear on the inputs that made the regexes quadratic', () => {
    const jwtAttack = '-eyJ'.repeat(50_000) + '!' + 'a.'.repeat(50_000) + 'eyJ';
    const pemAttack = '-----BEGIN PRIVATE KEY-----'.repeat(20_000) + 'x'.repeat(100_000);
    const started = performance.now();
    expect(findJwts(jwtAttack)).toEqual([]);
    expect(findPrivateKeys(pemAttack)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
