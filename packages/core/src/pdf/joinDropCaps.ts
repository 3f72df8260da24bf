// A drop cap is one large letter beside the first lines of a paragraph: MuPDF gives it as a segment of its own,
// which reading order then places as a line of its own ("T" ... "he quick"). Joined back onto the first line.
import type { Segment } from './extractPageText.js';

/** A drop cap is at least this many times the body size. */
const MIN_CAP_SCALE = 1.8;
/** The first line starts within this many body ems right of the cap. */
const MAX_CAP_GAP_EM = 2;

/** Returns the segments with each drop cap glued to the line it starts; lines beside the cap line up with it. */
export function joinDropCaps(segs: Segment[], bodySize: number): Segment[] {
  const caps = segs.filter(
    (s) => !s.figure && !s.rotated && s.size >= bodySize * MIN_CAP_SCALE && /^\p{Lu}$/u.test(s.text.trim()),
  );
  if (caps.length === 0) return segs;
  const drop = new Set<Segment>();
  const replaced = new Map<Segment, Segment>();
  for (const cap of caps) {
    const capHeight = cap.y1 - cap.y0;
    // Lines beside the cap: they start just right of it and their tops lie within its height.
    const beside = segs
      .filter(
        (s) =>
          s !== cap &&
          !drop.has(s) &&
          s.size < cap.size * 0.7 &&
          s.x0 >= (cap.x0 + cap.x1) / 2 &&
          s.x0 - cap.x1 <= MAX_CAP_GAP_EM * bodySize,
      )
      .filter((s) => s.y0 >= cap.y0 - capHeight * 0.25 && s.y0 < cap.y1 - (s.y1 - s.y0) * 0.5)
      .sort((a, b) => a.y0 - b.y0);
    const first = beside[0];
    if (!first || !/^\p{Ll}/u.test(first.text)) continue;
    drop.add(cap);
    const letter = cap.text.trim();
    replaced.set(first, {
      ...first,
      text: letter + first.text,
      x0: cap.x0,
      links: first.links?.map((l) => ({ ...l, start: l.start + letter.length, end: l.end + letter.length })),
    });
    for (const s of beside.slice(1)) replaced.set(s, { ...s, x0: cap.x0 });
  }
  return segs.filter((s) => !drop.has(s)).map((s) => replaced.get(s) ?? s);
}
