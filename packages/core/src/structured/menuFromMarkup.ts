import type { PageFacts } from './readPageFacts.js';
import { isPriceText, parsePriceText } from './parsePrice.js';
import type { Menu, MenuItem, MenuSection } from './structuredTypes.js';
import { isSpace, trailingRunStart, trimTrailingSpaceAnd } from '../text/trailingRun.js';

/** Fewer priced dishes than this is a page that mentions prices, not a menu. */
const MIN_MENU_ITEMS = 3;
/** At or above this confidence the page is called a menu. */
const MENU_THRESHOLD = 0.6;
/**
 * Confidence parts: a floor, a share per priced item (capped), the page calling itself a menu, course headings as
 * sections; shop signs (buy buttons, schema.org products) argue against. A page of prices alone (a price list, a
 * product grid, an article comparing fares) is not a menu: it also needs the word or the courses.
 */
const BASE_SCORE = 0.2;
const PER_ITEM = 0.04;
const ITEMS_COUNTED = 10;
const TITLE_SCORE = 0.25;
const COURSES_SCORE = 0.15;
const SECTIONS_SCORE = 0.05;
const SHOP_PENALTY = 0.4;
/** Section headings named like courses ("Starters", "Desserts") that make a page of prices a menu. */
const MIN_COURSE_SECTIONS = 2;
/** A page with more priced elements than this is a catalogue or a price list, and the walk would get costly. */
const MAX_PRICES = 600;
/** An item's block longer than this is a paragraph that quotes a price. */
const MAX_ITEM_CHARS = 400;
const MENU_TITLE = /(^|[^a-z])(menu|menus|carte|speisekarte|menú|menù|food (&|and) drinks?)([^a-z]|$)/i;
const COURSE_WORDS = new RegExp(
  String.raw`^(our )?(starters?|appetizers?|antipasti|small plates|mains?|main courses?|entrées|entrees` +
    String.raw`|desserts?|sweets|sides?|drinks|beverages|hot drinks|cold drinks|brunch|lunch|dinner|breakfast` +
    String.raw`|pizzas?|pastas?|burgers?|salads?|soups?|sandwiches|cocktails|wines?|beers?|coffee|tea` +
    String.raw`|kids'? menu|specials)\b`,
  'i',
);
const BUY_WORDS = /\b(add[\s_-]*to[\s_-]*(cart|bag|basket|trolley)|buy now)\b/i;
const ROW = new Set(['li', 'tr', 'dd']);
const HEADING = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const NAME_SELECTOR = 'h2, h3, h4, h5, h6, dt, strong, b, [class*="name" i], [class*="title" i]';
const DESCRIPTION_SELECTOR = 'p, dd, small, [class*="desc" i], [class*="ingredients" i]';
const MARKER_SELECTOR =
  '[class*="diet" i], [class*="tag" i], [class*="badge" i], [class*="icon" i], [class*="label" i], abbr, sup';
/** Printed diet markers → the words clients use. Single letters count only as markers, never inside prose. */
const DIET_MARKERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(vg|vegan|ve)$/i, 'vegan'],
  [/^(v|veg|vegetarian)$/i, 'vegetarian'],
  [/^(gf|gluten[\s-]?free)$/i, 'gluten-free'],
  [/^(df|dairy[\s-]?free)$/i, 'dairy-free'],
  [/^(nf|nut[\s-]?free)$/i, 'nut-free'],
  [/^(h|halal)$/i, 'halal'],
];
const CALORIES = /(\d{2,4})\s?(?:kcal|cal|calories)\b/i;
/** "Margherita ..... 12.50" in one element: name, leader dots or dashes, price at the end. */
const INLINE_PRICE = /^(.{2,120}?)[\s.…·_–—-]{1,}((?:[€£$]\s?)?\d{1,4}(?:[.,]\d{2})?(?:\s?(?:€|£|EUR|USD|GBP))?)$/;

interface FoundItem {
  container: Element;
  item: MenuItem;
}

/** A menu read from plain markup: headings as sections, blocks holding one name and one price as items. */
export function menuFromMarkup(document: Document, facts: PageFacts, merchant: Menu['merchant']): Menu {
  const body = document.body;
  const h1 = document.querySelector('h1')?.textContent ?? '';
  const titleSaysMenu = [document.title, facts.meta('og:title') ?? '', h1].some((t) => MENU_TITLE.test(t));
  // A page that neither calls itself a menu nor has course headings cannot be one: it is not read item by item
  // (that walk is most of the cost, and most pages are not menus).
  const courseHeadings = Array.from(document.querySelectorAll('h2, h3, h4')).filter((h) =>
    COURSE_WORDS.test(squash(h.textContent ?? '')),
  ).length;
  if (!body || (!titleSaysMenu && courseHeadings < MIN_COURSE_SECTIONS)) return notAMenu(facts);
  const found = findItems(body);
  const sections = groupBySection(body, found);
  for (const item of sections.flatMap((s) => s.items))
    for (const image of item.images ?? []) image.url = facts.resolve(image.url);
  const itemCount = sections.reduce((n, s) => n + s.items.length, 0);
  const courses = sections.filter((s) => COURSE_WORDS.test(s.name)).length >= MIN_COURSE_SECTIONS;
  const isShop = itemCount >= MIN_MENU_ITEMS && shopSigns(document, facts);
  const score =
    BASE_SCORE +
    Math.min(itemCount, ITEMS_COUNTED) * PER_ITEM +
    (titleSaysMenu ? TITLE_SCORE : 0) +
    (courses ? COURSES_SCORE : sections.length >= 2 ? SECTIONS_SCORE : 0) -
    (isShop ? SHOP_PENALTY : 0);
  const confidence = Math.round(Math.max(0, Math.min(1, itemCount === 0 ? 0 : score)) * 100) / 100;
  const isMenu = itemCount >= MIN_MENU_ITEMS && (titleSaysMenu || courses) && !isShop && confidence >= MENU_THRESHOLD;
  const menu: Record<string, unknown> = { isMenu, confidence };
  if (isMenu && merchant) menu.merchant = merchant;
  const currencies = new Set(sections.flatMap((s) => s.items.map((i) => i.price?.currency)));
  if (isMenu && currencies.size === 1 && [...currencies][0]) menu.currency = [...currencies][0];
  menu.sourceUrl = facts.url;
  menu.sections = isMenu ? sections : [];
  return menu as unknown as Menu;
}

/** Not examined: confidence 0. */
function notAMenu(facts: PageFacts): Menu {
  return { isMenu: false, confidence: 0, sourceUrl: facts.url, sections: [] };
}

function findItems(body: Element): FoundItem[] {
  const prices = priceElements(body);
  if (prices.length > MAX_PRICES) return [];
  const containers = itemContainers(body, prices);
  const found: FoundItem[] = [];
  for (const [container, price] of containers) {
    const item = itemFrom(container, price);
    if (item) found.push({ container, item });
  }
  found.push(...inlineItems(body, containers));
  return found;
}

/** Each price's item: the largest block above it that holds no other price, stops at a list row, under no heading. */
function itemContainers(body: Element, prices: Element[]): Map<Element, Element> {
  // Prices under each ancestor, counted once per price walk: "does this block hold another price?" is then a lookup.
  const pricesUnder = new Map<Element, number>();
  for (const price of prices)
    for (let p = price.parentElement; p && p !== body; p = p.parentElement)
      pricesUnder.set(p, (pricesUnder.get(p) ?? 0) + 1);
  const containers = new Map<Element, Element>();
  for (const price of prices) {
    let container: Element = price;
    for (let p = price.parentElement; p && p !== body; p = p.parentElement) {
      // A list row is an item's natural edge; a block holding another price is a section.
      if (ROW.has(container.localName) || (pricesUnder.get(p) ?? 0) > 1 || HEADING.has(p.localName)) break;
      container = p;
    }
    if (container !== price && !containers.has(container)) containers.set(container, price);
  }
  return containers;
}

/** Lines that carry name and price in one element ("Margherita ..... 12.50"), outside the items found already. */
function inlineItems(body: Element, containers: Map<Element, Element>): FoundItem[] {
  const aboveItems = new Set<Element>();
  for (const c of containers.keys())
    for (let p: Element | null = c; p && p !== body; p = p.parentElement) aboveItems.add(p);
  const claimed = (el: Element) => {
    if (aboveItems.has(el)) return true;
    for (let p = el.parentElement; p && p !== body; p = p.parentElement) if (containers.has(p)) return true;
    return false;
  };
  const found: FoundItem[] = [];
  for (const el of Array.from(body.querySelectorAll('li, p, tr'))) {
    if (claimed(el)) continue;
    const item = inlineItem(el);
    if (item) found.push({ container: el, item });
  }
  return found;
}

/** The item of one line whose text is a name, a leader and a price; undefined when it is not one. */
function inlineItem(el: Element): MenuItem | undefined {
  const raw = el.textContent ?? '';
  if (raw.length > MAX_ITEM_CHARS * 2 || !/\d/.test(raw)) return undefined;
  const text = squash(raw);
  // INLINE_PRICE is quadratic in the text's length (its lazy name and leader run overlap): only short texts reach it.
  if (text.length > MAX_ITEM_CHARS) return undefined;
  const m = INLINE_PRICE.exec(text);
  if (!m || !isPriceText(m[2]!)) return undefined;
  const price = parsePriceText(m[2]!);
  const split = splitName(m[1]!);
  if (!price || !split.name) return undefined;
  return finishItem({ name: split.name, description: split.description }, el, price, split.markers);
}

function itemFrom(container: Element, priceElement: Element): MenuItem | undefined {
  const text = squash(container.textContent ?? '');
  if (text.length > MAX_ITEM_CHARS) return undefined;
  const price = parsePriceText(priceElement.textContent ?? '');
  if (!price) return undefined;
  const nameElement = Array.from(container.querySelectorAll(NAME_SELECTOR)).find(
    (el) => !el.contains(priceElement) && !isPriceText(el.textContent ?? '') && squash(el.textContent ?? '') !== '',
  );
  const markers: string[] = [];
  let name: string;
  if (nameElement) {
    const split = splitName(ownText(nameElement, [priceElement]));
    name = split.name;
    markers.push(...split.markers);
  } else {
    const rest = squash(ownText(container, [priceElement]));
    const split = splitName(rest.split(/\s[–—-]\s|:\s/)[0] ?? rest);
    name = split.name;
    markers.push(...split.markers);
  }
  if (!name) return undefined;
  const described = Array.from(container.querySelectorAll(DESCRIPTION_SELECTOR)).filter(
    (el) =>
      el !== nameElement &&
      !el.contains(priceElement) &&
      !(nameElement?.contains(el) ?? false) &&
      !el.matches(MARKER_SELECTOR) &&
      squash(el.textContent ?? '') !== '',
  );
  const description = described.length > 0 ? squash(described.map((el) => el.textContent ?? '').join(' ')) : null;
  return finishItem(
    { name, description: description && description !== name ? description : null },
    container,
    price,
    markers,
  );
}

function finishItem(
  base: { name: string; description: string | null },
  container: Element,
  price: MenuItem['price'],
  markers: string[],
): MenuItem {
  const item: MenuItem = { name: base.name, description: base.description };
  for (const el of Array.from(container.querySelectorAll(MARKER_SELECTOR))) {
    markers.push(squash(el.textContent ?? ''), el.getAttribute('title') ?? '', el.getAttribute('aria-label') ?? '');
  }
  for (const img of Array.from(container.querySelectorAll('img')))
    markers.push(img.getAttribute('alt') ?? '', img.getAttribute('title') ?? '');
  const images = Array.from(container.querySelectorAll('img'))
    .filter(
      (img) =>
        !dietOf(img.getAttribute('alt') ?? '') &&
        img.getAttribute('src') &&
        !img.getAttribute('src')!.startsWith('data:'),
    )
    .map((img) => ({ url: img.getAttribute('src')!, alt: img.getAttribute('alt')?.trim() || null }));
  if (images.length > 0) item.images = images;
  if (price) item.price = price;
  const dietary = [
    ...new Set(
      markers
        .flatMap((m) => m.split(/[,/|]+/))
        .map((m) => dietOf(m))
        .filter((d): d is string => d !== undefined),
    ),
  ];
  if (dietary.length > 0) item.dietary = dietary;
  const calories = CALORIES.exec(container.textContent ?? '');
  if (calories) item.calories = Number(calories[1]);
  return item;
}

function dietOf(marker: string): string | undefined {
  const m = marker.replace(/[()[\]]/g, '').trim();
  if (m === '') return undefined;
  return DIET_MARKERS.find(([re]) => re.test(m))?.[1];
}

/**
 * What `/\s*\(([^)]{1,20})\)\s*$/` matched, found by scanning back from the end (the regex rescans whitespace runs
 * from each of their characters: quadratic): the leftmost `(` whose text up to a final `)` has 1-20 characters and no
 * `)`; `start` includes the whitespace before it.
 */
function trailingParen(text: string): { start: number; inner: string } | undefined {
  const end = trailingRunStart(text, isSpace);
  if (text[end - 1] !== ')') return undefined;
  const close = end - 1;
  const from = Math.max(text.lastIndexOf(')', close - 1) + 1, close - 21);
  const open = text.indexOf('(', from);
  if (open < 0 || open > close - 2) return undefined;
  return { start: trailingRunStart(text, isSpace, open), inner: text.slice(open + 1, close) };
}

/** "Falafel Wrap (V, GF)" → name "Falafel Wrap", markers ["V", "GF"]. */
function splitName(raw: string): { name: string; description: string | null; markers: string[] } {
  let name = squash(raw);
  const markers: string[] = [];
  const paren = trailingParen(name);
  if (paren) {
    const parts = paren.inner.split(/[,/]\s*/);
    if (parts.every((p) => dietOf(p))) {
      markers.push(...parts);
      name = name.slice(0, paren.start);
    }
  }
  return { name: trimTrailingSpaceAnd(name, '.…·_–—:-'), description: null, markers };
}

/** Text of an element without the given descendants (the price inside an item's name line). */
function ownText(element: Element, skip: Element[]): string {
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === 3) text += node.textContent ?? '';
    else if (node.nodeType === 1 && !skip.includes(node as Element) && !(node as Element).matches(MARKER_SELECTOR)) {
      for (const child of Array.from(node.childNodes)) walk(child);
      if (BLOCK.has((node as Element).localName)) text += ' ';
    }
  };
  walk(element);
  return squash(text);
}
const BLOCK = new Set(['p', 'div', 'li', 'dt', 'dd', 'br', 'h2', 'h3', 'h4', 'h5', 'h6', 'span']);

/** Walks the body in order; each item joins the section of the last heading seen outside any item. */
function groupBySection(body: Element, found: FoundItem[]): MenuSection[] {
  const byContainer = new Map(found.map((f) => [f.container, f.item] as const));
  const sections: MenuSection[] = [];
  let current: MenuSection | undefined;
  const walk = (el: Element) => {
    const item = byContainer.get(el);
    if (item) {
      if (!current) {
        current = { name: 'Menu', description: null, items: [] };
        sections.push(current);
      }
      current.items.push(item);
      return;
    }
    if (HEADING.has(el.localName)) {
      const name = squash(el.textContent ?? '');
      if (name) {
        current = { name, description: null, items: [] };
        sections.push(current);
      }
      return;
    }
    for (const child of Array.from(el.children)) walk(child);
  };
  walk(body);
  return sections.filter((s) => s.items.length > 0);
}

/**
 * Elements whose whole text is one price, found from the text nodes (so each element's text is read only when it
 * holds a digit, not for every element of the page); the innermost such element, never a heading or struck price.
 */
function priceElements(body: Element): Element[] {
  const out: Element[] = [];
  const seen = new Set<Element>();
  const stack: Node[] = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      addPriceOfText(node, body, seen, out);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

/** The price element of one text node, if any, added to `out` once (`seen`: elements already decided). */
function addPriceOfText(textNode: Node, body: Element, seen: Set<Element>, out: Element[]): void {
  const text = textNode.textContent ?? '';
  if (text.length > 200 || !/\d/.test(text)) return;
  let el = textNode.parentElement;
  // "£" <span>11.50</span>: the price may be split over an element and its parent.
  for (let up = 0; el && el !== body && up < 2; up++, el = el.parentElement) {
    if (seen.has(el)) return;
    if (isPriceText(el.textContent ?? '')) {
      if (!HEADING.has(el.localName) && !struck(el)) out.push(el);
      seen.add(el);
      return;
    }
  }
}

function shopSigns(document: Document, facts: PageFacts): boolean {
  const ogType = facts.meta('og:type')?.toLowerCase() ?? '';
  if (ogType.startsWith('product') || facts.meta('product:price:amount')) return true;
  if (
    /"@type"\s*:\s*"(Product|ProductGroup|Offer)"/.test(
      Array.from(document.querySelectorAll('script[type="application/ld+json"]'))
        .map((s) => s.textContent ?? '')
        .join(' '),
    )
  )
    return true;
  if (document.querySelector('[itemtype*="schema.org/Product" i]')) return true;
  const body = document.body;
  if (!body) return false;
  return Array.from(body.querySelectorAll('button, input[type="submit"], a[class*="cart" i]')).some((b) =>
    BUY_WORDS.test(`${b.textContent ?? ''} ${b.getAttribute('value') ?? ''} ${b.getAttribute('aria-label') ?? ''}`),
  );
}

function struck(el: Element): boolean {
  for (let p: Element | null = el; p; p = p.parentElement)
    if (p.localName === 'del' || p.localName === 's') return true;
  return false;
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
