import type { PageFacts } from './readPageFacts.js';
import { normalizeCurrency, parseAmount, priceFromValues } from './parsePrice.js';
import {
  allNodes,
  asText,
  hasType,
  isNode,
  nodesOf,
  shortType,
  textOf,
  typesOf,
  valuesOf,
  type SchemaNode,
} from './schemaNode.js';
import type { Menu, MenuItem, MenuSection, Price } from './structuredTypes.js';

/** schema.org says so explicitly; the only doubt left is whether the markup matches what is shown. */
export const SCHEMA_MENU_CONFIDENCE = 0.95;
const MENU_TYPES = new Set(['Menu']);
const SECTION_TYPES = new Set(['MenuSection']);
/** FoodEstablishment and its subtypes: the merchants that have menus. */
const MERCHANT_TYPES = new Set([
  'FoodEstablishment',
  'Restaurant',
  'Bakery',
  'BarOrPub',
  'Brewery',
  'CafeOrCoffeeShop',
  'Distillery',
  'FastFoodRestaurant',
  'IceCreamShop',
  'Winery',
  'LocalBusiness',
  'Store',
  'FoodService',
]);
/** schema.org RestrictedDiet values as the words menus print. */
const DIETS: Record<string, string> = {
  VeganDiet: 'vegan',
  VegetarianDiet: 'vegetarian',
  GlutenFreeDiet: 'gluten-free',
  HalalDiet: 'halal',
  KosherDiet: 'kosher',
  HinduDiet: 'hindu',
  DiabeticDiet: 'diabetic',
  LowCalorieDiet: 'low-calorie',
  LowFatDiet: 'low-fat',
  LowLactoseDiet: 'low-lactose',
  LowSaltDiet: 'low-salt',
};
const IN_STOCK = new Set(['InStock', 'LimitedAvailability', 'OnlineOnly', 'InStoreOnly']);
const DEFAULT_SECTION = 'Menu';

/** The merchant a page is about (a FoodEstablishment or other local business), from any schema.org source. */
export function merchantOf(roots: readonly SchemaNode[]): { name: string; type?: string } | undefined {
  for (const node of allNodes(roots)) {
    if (!hasType(node, MERCHANT_TYPES)) continue;
    const name = textOf(node, 'name');
    if (!name) continue;
    const type = typesOf(node).find((t) => MERCHANT_TYPES.has(t));
    return type ? { name, type } : { name };
  }
  return undefined;
}

/** A spec §2.12 menu from schema.org Menu / MenuSection / MenuItem, or undefined when the page has none with items. */
export function menuFromSchema(roots: readonly SchemaNode[], facts: PageFacts): Menu | undefined {
  const nodes = allNodes(roots);
  const menus = nodes.filter((n) => hasType(n, MENU_TYPES));
  // hasMenu may be a Menu without @type, or a bare URL (then the menu lives on another page).
  for (const merchant of nodes.filter((n) => hasType(n, MERCHANT_TYPES))) {
    for (const m of nodesOf(merchant, 'hasMenu')) if (!menus.includes(m)) menus.push(m);
  }
  const sections: MenuSection[] = [];
  const seenItems = new Set<SchemaNode>();
  for (const menu of menus)
    collectSections(menu, textOf(menu, 'name') ?? DEFAULT_SECTION, sections, seenItems, facts, 0);
  // Sections on their own (a page of one course) count too.
  if (sections.length === 0) {
    for (const section of nodes.filter((n) => hasType(n, SECTION_TYPES)))
      collectSections(section, DEFAULT_SECTION, sections, seenItems, facts, 0);
  }
  const items = sections.flatMap((s) => s.items);
  if (items.length === 0) return undefined;
  const menu: Menu = { isMenu: true, confidence: SCHEMA_MENU_CONFIDENCE, sourceUrl: facts.url, sections };
  const merchant = merchantOf(roots);
  if (merchant) menu.merchant = merchant;
  const currency = singleCurrency(
    items.map((i) => i.price?.currency),
    menus,
    nodes,
  );
  if (currency) menu.currency = currency;
  return orderMenu(menu);
}

function collectSections(
  container: SchemaNode,
  fallbackName: string,
  out: MenuSection[],
  seen: Set<SchemaNode>,
  facts: PageFacts,
  depth: number,
): void {
  if (depth > 6) return;
  const ownItems = nodesOf(container, 'hasMenuItem').filter((n) => !seen.has(n));
  if (ownItems.length > 0) {
    for (const n of ownItems) seen.add(n);
    const section: MenuSection = {
      name: textOf(container, 'name') ?? fallbackName,
      description: textOf(container, 'description') ?? null,
      items: ownItems.map((n) => itemOf(n, facts)),
    };
    const id = asText(container['@id']);
    out.push(id ? { id, ...section } : section);
  }
  for (const child of nodesOf(container, 'hasMenuSection'))
    collectSections(child, textOf(child, 'name') ?? fallbackName, out, seen, facts, depth + 1);
}

function itemOf(node: SchemaNode, facts: PageFacts): MenuItem {
  const item: MenuItem = { name: textOf(node, 'name') ?? '', description: textOf(node, 'description') ?? null };
  const id = asText(node['@id']);
  if (id) item.id = id;
  const images = valuesOf(node, 'image')
    .map((v) =>
      typeof v === 'string'
        ? { url: v, alt: null }
        : isNode(v)
          ? {
              url: asText(valuesOf(v, 'contentUrl')[0]) ?? asText(valuesOf(v, 'url')[0]) ?? '',
              alt: textOf(v, 'caption') ?? null,
            }
          : undefined,
    )
    .filter((i): i is { url: string; alt: string | null } => !!i && i.url !== '')
    .map((i) => ({ url: facts.resolve(i.url), alt: i.alt }));
  if (images.length > 0) item.images = images;
  const offer = nodesOf(node, 'offers')[0];
  const price = offer ? priceOf(offer) : undefined;
  if (price) item.price = price;
  const availability = offer ? asText(valuesOf(offer, 'availability')[0]) : undefined;
  if (availability) {
    const text = shortType(availability);
    item.availability = { inStock: IN_STOCK.has(text), text };
  }
  const dietary = valuesOf(node, 'suitableForDiet')
    .map((v) => asText(v))
    .filter((v): v is string => v !== undefined)
    // Own keys only: a diet named "constructor" is a plain word, not Object.prototype.constructor.
    .map((v) =>
      Object.hasOwn(DIETS, shortType(v)) ? DIETS[shortType(v)] : shortType(v).replace(/Diet$/, '').toLowerCase(),
    );
  if (dietary.length > 0) item.dietary = [...new Set(dietary)];
  const nutrition = nodesOf(node, 'nutrition')[0];
  const calories = nutrition ? parseAmount(textOf(nutrition, 'calories')) : undefined;
  if (calories !== undefined) item.calories = calories;
  const merchantItemId = textOf(node, 'sku') ?? textOf(node, 'identifier');
  if (merchantItemId) item.identifiers = { merchantItemId };
  const url = asText(valuesOf(node, 'url')[0]);
  if (url) item.url = facts.resolve(url);
  return item;
}

function priceOf(offer: SchemaNode): Price | undefined {
  const spec = nodesOf(offer, 'priceSpecification')[0];
  return (
    priceFromValues(valuesOf(offer, 'price')[0], valuesOf(offer, 'priceCurrency')[0]) ??
    (spec
      ? priceFromValues(
          valuesOf(spec, 'price')[0],
          valuesOf(spec, 'priceCurrency')[0] ?? valuesOf(offer, 'priceCurrency')[0],
        )
      : undefined)
  );
}

/** The menu's currency: every stated item currency agrees, or the merchant states exactly one it accepts. */
function singleCurrency(
  itemCurrencies: (string | undefined)[],
  menus: SchemaNode[],
  nodes: SchemaNode[],
): string | undefined {
  const stated = new Set(itemCurrencies.filter((c): c is string => c !== undefined));
  if (stated.size === 1) return [...stated][0];
  if (stated.size > 1) return undefined;
  for (const node of [...menus, ...nodes.filter((n) => hasType(n, MERCHANT_TYPES))]) {
    const accepted = (textOf(node, 'currenciesAccepted') ?? '').split(/[\s,]+/).filter(Boolean);
    if (accepted.length === 1) return normalizeCurrency(accepted[0]);
  }
  return undefined;
}

/** Key order as documented: isMenu, confidence, merchant, currency, sourceUrl, sections. */
export function orderMenu(menu: Menu): Menu {
  const out: Record<string, unknown> = { isMenu: menu.isMenu, confidence: menu.confidence };
  if (menu.merchant) out.merchant = menu.merchant;
  if (menu.currency) out.currency = menu.currency;
  out.sourceUrl = menu.sourceUrl;
  out.sections = menu.sections;
  return out as unknown as Menu;
}
