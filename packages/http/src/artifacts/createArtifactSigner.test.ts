import { describe, expect, it } from 'vitest';
import { createArtifactSigner } from './createArtifactSigner.js';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

function parts(query: string): { expires: string; sig: string } {
  const params = new URLSearchParams(query);
  return { expires: params.get('expires')!, sig: params.get('sig')! };
}

describe('createArtifactSigner', () => {
  it('a link verifies until its expiry, then is expired', () => {
    const signer = createArtifactSigner('s'.repeat(32));
    const expiresAt = Date.now() + 60_000;
    const { expires, sig } = parts(signer.sign(ID, expiresAt));
    expect(signer.verify(ID, expires, sig)).toBe('valid');
    expect(signer.verify(ID, expires, sig, expiresAt + 1_000)).toBe('expired');
  });

  it('a changed id, expiry or signature, or a missing part, is tampered', () => {
    const signer = createArtifactSigner('s'.repeat(32));
    const { expires, sig } = parts(signer.sign(ID, Date.now() + 60_000));
    expect(signer.verify(`${ID.slice(0, -1)}x`, expires, sig)).toBe('tampered');
    expect(signer.verify(ID, String(Number(expires) + 3600), sig)).toBe('tampered');
    expect(signer.verify(ID, expires, `${sig.slice(0, -2)}AA`)).toBe('tampered');
    expect(signer.verify(ID, undefined, sig)).toBe('tampered');
    expect(signer.verify(ID, expires, undefined)).toBe('tampered');
    expect(signer.verify(ID, '12abc', sig)).toBe('tampered');
  });

  it('links are bound to the key: another secret (or a random per-process key) rejects them', () => {
    const a = createArtifactSigner('a'.repeat(32));
    const b = createArtifactSigner('b'.repeat(32));
    const { expires, sig } = parts(a.sign(ID, Date.now() + 60_000));
    expect(b.verify(ID, expires, sig)).toBe('tampered');
    expect(createArtifactSigner().verify(ID, expires, sig)).toBe('tampered');
    expect(createArtifactSigner().configured).toBe(false);
    expect(a.configured).toBe(true);
  });
});
