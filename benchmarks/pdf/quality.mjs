// Layout quality against docling's labelled output (a strong parser, not human truth): heading recall and
// precision, running header/footer detection, reading order, and block type agreement by box overlap.
import { parsePdf } from '@scrape/core';

/** A docling item and one of our blocks are "the same block" above this intersection-over-union. */
const MATCH_IOU = 0.5;
/** Reading order compares items by this many leading letters/digits of their text. */
const ORDER_KEY_CHARS = 24;

const CLASS_OF_TRUTH = {
  title: 'heading',
  section_header: 'heading',
  text: 'text',
  list_item: 'text',
  footnote: 'text',
  code: 'text',
  reference: 'text',
  paragraph: 'text',
  caption: 'caption',
  table: 'table',
  picture: 'figure',
  chart: 'figure',
  formula: 'formula',
  page_header: 'furniture',
  page_footer: 'furniture',
};
const CLASS_OF_OURS = {
  title: 'heading',
  section_header: 'heading',
  text: 'text',
  caption: 'caption',
  table: 'table',
  figure: 'figure',
  formula: 'formula',
  page_header: 'furniture',
  page_footer: 'furniture',
  page_number: 'furniture',
};

const norm = (s) =>
  (s ?? '')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '');

function sameText(a, b) {
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return false;
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return short.length >= 4 && long.includes(short) && short.length >= long.length * 0.5;
}

function iou(a, b) {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return union > 0 ? inter / union : 0;
}

/** Share of box `a` that lies inside box `b`. */
function inside(a, b) {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const area = (a[2] - a[0]) * (a[3] - a[1]);
  return area > 0 ? (ix * iy) / area : 0;
}

/** Docling items with page, normalised top-left box, label and text; `order` follows docling's body order. */
function truthItems(doc) {
  const byRef = new Map();
  for (const kind of ['texts', 'tables', 'pictures'])
    (doc[kind] ?? []).forEach((item, i) => {
      byRef.set(`#/${kind}/${i}`, item);
    });
  const order = [];
  const walk = (node) => {
    for (const child of node?.children ?? []) {
      const ref = child.$ref;
      if (ref.startsWith('#/groups/')) walk(doc.groups[Number(ref.split('/')[2])]);
      else if (byRef.has(ref)) order.push(byRef.get(ref));
    }
  };
  walk(doc.body);
  const items = [];
  for (const item of byRef.values()) {
    const prov = item.prov?.[0];
    if (!prov) continue;
    const size = doc.pages[String(prov.page_no)]?.size;
    if (!size) continue;
    const { l, t, r, b, coord_origin } = prov.bbox;
    const top = coord_origin === 'BOTTOMLEFT' ? [l, size.height - t, r, size.height - b] : [l, t, r, b];
    items.push({
      page: prov.page_no,
      label: item.label,
      text: item.text ?? '',
      bbox: [top[0] / size.width, top[1] / size.height, top[2] / size.width, top[3] / size.height],
      orderIndex: order.indexOf(item),
    });
  }
  return items;
}

function kendall(positions) {
  let agree = 0;
  let total = 0;
  for (let i = 0; i < positions.length; i++)
    for (let j = i + 1; j < positions.length; j++) {
      total++;
      if (positions[i] < positions[j]) agree++;
    }
  return { agree, total };
}

export async function scoreDocument(entry) {
  const result = await parsePdf(entry.bytes, { mode: 'fast', blocks: true });
  const truth = truthItems(entry.truth);
  const ours = result.blocks.flatMap((p) => p.items.map((b) => ({ ...b, page: p.pageNumber })));
  const s = { name: entry.name, pages: result.numPages, truthPages: Object.keys(entry.truth.pages).length };

  const isHeading = (t) => t === 'title' || t === 'section_header';
  const truthHeadings = truth.filter((t) => isHeading(t.label));
  const ourHeadings = ours.filter((b) => isHeading(b.type));
  s.headings = truthHeadings.length;
  s.headingsFound = truthHeadings.filter((t) =>
    ourHeadings.some((b) => b.page === t.page && sameText(b.content.replace(/^#+\s*/, ''), t.text)),
  ).length;
  s.ourHeadings = ourHeadings.length;
  s.ourHeadingsRight = ourHeadings.filter((b) =>
    truthHeadings.some((t) => b.page === t.page && sameText(b.content.replace(/^#+\s*/, ''), t.text)),
  ).length;

  const isFurniture = (t) => t === 'page_header' || t === 'page_footer' || t === 'page_number';
  const truthFurniture = truth.filter((t) => isFurniture(t.label));
  const ourFurniture = ours.filter((b) => isFurniture(b.type));
  // Docling often joins a page number and a running title into one item where we give two blocks: a block lying
  // inside a docling furniture box, or whose text is part of its text, counts as found.
  const matchFurniture = (b, t) =>
    b.page === t.page &&
    (sameText(b.content, t.text) ||
      norm(t.text).includes(norm(b.content)) ||
      (b.bbox && (iou(b.bbox, t.bbox) >= 0.3 || inside(b.bbox, t.bbox) >= 0.6)));
  s.furniture = truthFurniture.length;
  s.furnitureFound = truthFurniture.filter((t) => ourFurniture.some((b) => matchFurniture(b, t))).length;
  s.ourFurniture = ourFurniture.length;
  s.ourFurnitureRight = ourFurniture.filter((b) => truthFurniture.some((t) => matchFurniture(b, t))).length;

  // Reading order: where each body text of docling's order starts in our markdown.
  // Items whose key text occurs more than once (boilerplate, lorem ipsum) cannot be placed and are left out.
  const md = norm(result.markdown);
  const keys = truth
    .filter((t) => t.orderIndex >= 0 && CLASS_OF_TRUTH[t.label] !== 'furniture' && norm(t.text).length >= 8)
    .sort((a, b) => a.orderIndex - b.orderIndex)
    .map((t) => norm(t.text).slice(0, ORDER_KEY_CHARS));
  const positions = keys
    .filter((k) => keys.indexOf(k) === keys.lastIndexOf(k))
    .map((k) => [md.indexOf(k), md.lastIndexOf(k)])
    .filter(([first, last]) => first >= 0 && first === last)
    .map(([first]) => first);
  const k = kendall(positions);
  s.orderPairs = k.total;
  s.orderAgree = k.agree;

  // Block types: each docling item against our best-overlapping block on its page.
  let matched = 0;
  let agree = 0;
  for (const t of truth) {
    let best = null;
    let bestIou = 0;
    for (const b of ours) {
      if (b.page !== t.page || !b.bbox) continue;
      const v = iou(b.bbox, t.bbox);
      if (v > bestIou) [best, bestIou] = [b, v];
    }
    if (best && bestIou >= MATCH_IOU) {
      matched++;
      if (CLASS_OF_OURS[best.type] === CLASS_OF_TRUTH[t.label]) agree++;
    }
  }
  s.items = truth.length;
  s.matched = matched;
  s.typeAgree = agree;
  return s;
}

const pct = (a, b) => (b === 0 ? '   -  ' : `${((100 * a) / b).toFixed(1).padStart(5)}%`);

export function qualityTable(scores) {
  const total = scores.reduce(
    (t, s) => {
      for (const k of Object.keys(s)) if (typeof s[k] === 'number') t[k] = (t[k] ?? 0) + s[k];
      return t;
    },
    { name: 'ALL (micro)' },
  );
  const rows = [...scores, total];
  const lines = [
    'document                      pages | heading R  heading P | furniture R  furniture P | order (pairs) | box match  type agree',
  ];
  for (const s of rows)
    lines.push(
      `${s.name.slice(0, 28).padEnd(28)} ${String(s.pages).padStart(3)}/${String(s.truthPages).padEnd(3)}| ${pct(s.headingsFound, s.headings)}    ${pct(s.ourHeadingsRight, s.ourHeadings)} | ${pct(s.furnitureFound, s.furniture)}       ${pct(s.ourFurnitureRight, s.ourFurniture)} | ${pct(s.orderAgree, s.orderPairs)} ${String(s.orderPairs).padStart(6)} | ${pct(s.matched, s.items)}    ${pct(s.typeAgree, s.matched)}`,
    );
  return { text: lines.join('\n'), total };
}
