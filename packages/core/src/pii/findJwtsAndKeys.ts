// JWTs and PEM private keys, found in one pass each. As regexes they were quadratic on page text: a JWT pattern
// (`\beyJ…{8,}\.eyJ…`) restarts after every `-` of a long `-eyJ-eyJ…` run and rescans the run to its end, and a
// lazy PEM block (`BEGIN…[\s\S]*?…END`) rescans the rest of the text from every BEGIN that has no END.

/** Runs of segment characters and dots: the only text a JWT can lie in (one class, so each match is one pass). */
const DOTTED_RUN = /[A-Za-z0-9_.-]+/g;
const PEM_HEADER = /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----/g;
const PEM_FOOTER = /-----END (?:[A-Z]+ )*PRIVATE KEY-----/g;

/**
 * What `/\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g` matched, as [start, end) ranges: in each
 * dot-separated run, a header segment (from its first word boundary before `eyJ` with at least 11 characters to the
 * segment's end), a payload segment that starts with `eyJ` (at least 11 characters) and a signature segment (at least
 * 8) that ends the match.
 */
export function findJwts(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const run of text.matchAll(DOTTED_RUN)) {
    if (!run[0].includes('eyJ')) continue;
    const segments: Array<[number, number]> = [];
    let from = run.index!;
    for (const part of run[0].split('.')) {
      segments.push([from, from + part.length]);
      from += part.length + 1;
    }
    for (let i = 0; i + 2 < segments.length; i++) {
      const start = headerStart(text, segments[i]);
      if (start === undefined) continue;
      const [payloadStart, payloadEnd] = segments[i + 1];
      const [signatureStart, signatureEnd] = segments[i + 2];
      if (payloadEnd - payloadStart < 11 || !text.startsWith('eyJ', payloadStart)) continue;
      if (signatureEnd - signatureStart < 8) continue;
      found.push([start, signatureEnd]);
      i += 2;
    }
  }
  return found;
}

/** The first place in the segment where `\beyJ` starts with 8 or more segment characters after it. */
function headerStart(text: string, [start, end]: [number, number]): number | undefined {
  // Searched in the segment alone: an indexOf on the whole text would run on to a far `eyJ` from every segment.
  const segment = text.slice(start, end);
  for (let at = segment.indexOf('eyJ'); at >= 0 && segment.length - at >= 11; at = segment.indexOf('eyJ', at + 1)) {
    // A word boundary inside a segment is after a `-` (the one non-word character of the segment class).
    if (at === 0 || segment[at - 1] === '-') return start + at;
  }
  return undefined;
}

/**
 * What `/-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----[\s\S]*?-----END (?:[A-Z]+ )*PRIVATE KEY-----/g` matched: each header
 * with the first footer after it. When a header has no footer after it, no later header has one either.
 */
export function findPrivateKeys(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let at = 0;
  for (;;) {
    PEM_HEADER.lastIndex = at;
    const header = PEM_HEADER.exec(text);
    if (!header) break;
    PEM_FOOTER.lastIndex = header.index + header[0].length;
    const footer = PEM_FOOTER.exec(text);
    if (!footer) break;
    at = footer.index + footer[0].length;
    found.push([header.index, at]);
  }
  return found;
}
