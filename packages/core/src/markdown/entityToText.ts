import type { InlineScan } from './inlineScan.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
/** Longest entity name we decode (`&thetasym;`), plus `&` and `;`. */
const MAX_ENTITY_LENGTH = 12;

function decodeEntity(name: string): string | null {
  // Own keys only: "&constructor;" is text, not Object.prototype.constructor.
  if (Object.hasOwn(ENTITIES, name)) return ENTITIES[name];
  const m = /^#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(name);
  if (!m) return null;
  const code = m[1] ? parseInt(m[1], 16) : parseInt(m[2], 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

/** `&`: a character reference we know becomes its character; anything else is text. */
export function entityToText(scan: InlineScan, i: number): void {
  const text = scan.text;
  const semi = text.slice(i, i + MAX_ENTITY_LENGTH).indexOf(';') + i;
  if (semi <= i) return;
  const decoded = decodeEntity(text.slice(i + 1, semi));
  if (decoded !== null) {
    scan.emit = decoded;
    scan.skip = semi + 1 - i;
  }
}
