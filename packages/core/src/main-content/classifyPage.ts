// Stage 2, classify the page: what kind of page this is (an article, a thread, a Q&A page, a product's page, a list of
// products), from the hints collected before cleaning (JSON-LD and og:type, microdata, the URL's path) and, for
// product pages without markup, from the measured tree (its buy buttons).
// Contract: reads options and the measured tree, never the DOM beyond the tree's elements; writes nothing. The kind
// decides which prune rules apply (each registry entry's `appliesTo`) and how comments are measured.
import { buysOneProduct, countBuyActions } from './buyAction.js';
import type { ContentHints } from './collectContentHints.js';
import type { MeasuredTree } from './measureTree.js';

/** What the page is, as the prune rules read it. */
export interface PageKind {
  /** og:type article or a JSON-LD article type. */
  article: boolean;
  /** A thread or Q&A page: comments are posts. */
  discussion: boolean;
  /** A single product's page (markup, or one buy button). */
  product: boolean;
  /** Buy buttons counted (up to 2) on pages without product or list markup; 0 otherwise. */
  buyActions: number;
}

/** What the page's metadata and address say, before anything is measured. */
export interface PageHints {
  url?: string;
  hints?: ContentHints;
}

/** JSON-LD types and URL path words of discussion pages, where "comment" labels posts, not chrome. */
const FORUM_TYPES = new Set(['discussionforumposting', 'qapage', 'question', 'socialmediaposting', 'comment']);
/** Types that FAQPage markup brings along: on their own they do not make a page a discussion. */
const FAQ_TYPES = new Set(['question', 'answer']);
/** JSON-LD types and og:type values of a single product's page; list types mean a collection of products instead. */
const PRODUCT_TYPES = new Set(['product', 'productgroup', 'og:product', 'product.item']);
const PRODUCT_LIST_TYPES = new Set(['itemlist', 'collectionpage', 'offercatalog', 'searchresultspage']);
const ARTICLE_TYPES = new Set([
  'article',
  'newsarticle',
  'blogposting',
  'reportagenewsarticle',
  'techarticle',
  'scholarlyarticle',
]);
/** Q&A sites (question, answers, and short comments under each) name their pages so. */
const QUESTION_PATH = /^\/questions\/\d+/i;
const FORUM_PATH = /\/(forums?|threads?|topics?|discussions?|questions|community|viewtopic|showthread|showtopic|t)\b/i;

/** The page's kind once the tree is measured: `discussion` as the measure stage settled it. */
export function classifyPage(
  page: PageHints,
  tree: MeasuredTree,
  discussion: boolean,
): { kind: PageKind; viaButtons: boolean } {
  // a page without product markup is a product's page when it has one "Add to cart" button (a listing has one per
  // card), or two in unlike blocks (the main one and its copy in a sticky bar, "Add to basket" beside "Buy now")
  const markup = isProductPage(page);
  const buyActions = markup || isProductList(page) ? 0 : countBuyActions(tree, 2);
  const product = markup || buyActions === 1 || (buyActions === 2 && buysOneProduct(tree));
  return { kind: { article: isArticle(page), discussion, product, buyActions }, viaButtons: product && !markup };
}

export function isArticle(page: PageHints): boolean {
  const og = page.hints?.ogType;
  return og === 'article' || (page.hints?.jsonLdTypes.some((t) => ARTICLE_TYPES.has(t)) ?? false);
}

function isProductList(page: PageHints): boolean {
  return page.hints?.jsonLdTypes.some((t) => PRODUCT_LIST_TYPES.has(t)) ?? false;
}

function isProductPage(page: PageHints): boolean {
  const hints = page.hints;
  if (!hints) return false;
  // og:type speaks for the page itself; JSON-LD list types may describe the seller's catalogue (OfferCatalog)
  if (hints.ogType !== undefined && PRODUCT_TYPES.has(hints.ogType)) return true;
  if (hints.jsonLdTypes.some((t) => PRODUCT_LIST_TYPES.has(t))) return false;
  return hints.jsonLdTypes.some((t) => PRODUCT_TYPES.has(t));
}

export function isQuestionPage(page: PageHints): boolean {
  const types = page.hints?.jsonLdTypes ?? [];
  if (types.includes('qapage')) return true;
  if (types.includes('discussionforumposting')) return false;
  return pagePaths(page).some((path) => QUESTION_PATH.test(path));
}

export function isDiscussion(page: PageHints): boolean {
  const types = page.hints?.jsonLdTypes ?? [];
  // an FAQ block (FAQPage with Question/Answer items) sits on any kind of page: its questions name no thread
  const faq = types.includes('faqpage');
  if (types.some((t) => FORUM_TYPES.has(t) && !(faq && FAQ_TYPES.has(t)))) return true;
  // boards without JSON-LD often mark the thread with microdata (itemtype DiscussionForumPosting)
  if ((page.hints?.microdataTypes?.length ?? 0) > 0) return true;
  return pagePaths(page).some((path) => FORUM_PATH.test(path));
}

/**
 * The paths the page is known by: the address it was read from and the one it gives itself (canonical link or
 * og:url, resolved against the first). A mirror or local copy has a path that says nothing; the page's own keeps it.
 */
function pagePaths(page: PageHints): string[] {
  const paths: string[] = [];
  for (const address of [page.url, page.hints?.canonicalUrl]) {
    if (!address) continue;
    try {
      paths.push(new URL(address, page.url).pathname);
    } catch {
      // an unparsable address gives no path
    }
  }
  return paths;
}
