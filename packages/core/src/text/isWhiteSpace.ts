// One character test shared by the hot loops that scan text code unit by code unit (PDF segment runs, inline links
// in PII text) instead of running a regex over a copy.

/** Whether a UTF-16 code unit is one that `\s` matches (the set String.prototype.trim removes). */
export function isWhiteSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
