import { describe, expect, it } from 'vitest';
import { hasPdfMagic, isPdf } from './isPdf.js';

const enc = (s: string) => new TextEncoder().encode(s);

describe('isPdf', () => {
  it('trusts the %PDF- magic whatever the content type says', () => {
    expect(isPdf('application/octet-stream', enc('%PDF-1.7\n...'))).toBe(true);
    expect(isPdf(undefined, enc('%PDF-1.4'))).toBe(true);
    expect(isPdf('text/html', enc('%PDF-1.4'))).toBe(true);
    // Junk before the header (within the first KiB) is tolerated, as readers do.
    expect(isPdf('binary/octet-stream', enc('\r\n\r\n%PDF-1.5'))).toBe(true);
  });

  it('trusts application/pdf when the body is not obviously HTML', () => {
    expect(isPdf('application/pdf', null)).toBe(true);
    expect(isPdf('Application/PDF; charset=binary', enc('\x00\x01garbage'))).toBe(true);
    expect(isPdf('application/x-pdf')).toBe(true);
  });

  it('an HTML page is HTML even when served as application/pdf', () => {
    expect(isPdf('application/pdf', enc('<!DOCTYPE html><html><body>Not found</body></html>'))).toBe(false);
    expect(isPdf('text/html', enc('<html>report.pdf</html>'))).toBe(false);
  });

  it('has no opinion on URLs', () => {
    expect(isPdf('text/plain', enc('hello'))).toBe(false);
    expect(hasPdfMagic(enc('%PDF'))).toBe(false);
    expect(hasPdfMagic(new Uint8Array(0))).toBe(false);
  });
});
