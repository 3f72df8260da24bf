// Wordings the prune rules match on headings and card actions, kept as data apart from the rules that read them
// (dropRecommendations.ts, dropItemTemplateText.ts). Each alternative is one wording; add a language as its own
// alternative group.

/** A card's shop action ("Add to cart", "Quick view", "Compare", "Choose options", "Notify me") is template text
 *  however few cards show it (only the items in stock say "Add to cart") and whatever element sets it (a script makes
 *  a bare <span> clickable as often as it uses a button): read within this length, in cards of such a list. */
export const SHOP_ACTION = new RegExp(
  String.raw`^(add to (cart|bag|basket|trolley|wish ?list|favou?rites)|buy now|quick ?(view|shop|add|look)` +
    String.raw`|(view|choose|select|show|see) options|compare|notify me( when available)?|(view|see) details)$`,
  'i',
);
/** Headings that introduce recommendations rather than the page's own content ("You may also like"): the block they
 *  open is dropped, as long as it is a minor part of the root. */
/** Shops also head their strips of other products as offers to complete the purchase ("Most popular accessories",
 *  "Add the essentials", "Get everything you need", "Purchase options and add-ons"): the last alternatives below. */
export const RECOMMENDATION_HEADING = new RegExp(
  String.raw`^(you (may|might|will|'ll) (also )?(like|love|enjoy|need|be interested)|more like this` +
    String.raw`|related (products|items|articles|posts|stories|content|reading|links|discussions|threads|topics` +
    String.raw`|questions|searches|services|insights|resources|solutions|case studies|news|events|guides|pages)` +
    String.raw`|recommended( for you| products| items| articles| reading)?$` +
    String.raw`|customers (who )?(also )?(bought|viewed|liked)` +
    String.raw`|similar (products|items|articles|threads|discussions|questions)|frequently bought together` +
    String.raw`|people (also )?(bought|viewed|liked)|(your )?recently viewed` +
    String.raw`|compare (with )?similar (products|items)|complete the look|shop the look` +
    String.raw`|more (products|items|stories) (from|like)|other (customers|people) (also )?(bought|viewed)` +
    String.raw`|pairs (well|nicely) with|don't miss|trending now)` +
    String.raw`|\b(customers|people|shoppers|buyers) who (viewed|bought|purchased)\b` +
    String.raw`|\b(also|frequently) (viewed|bought|purchased)\b|^explore (related|similar)\b` +
    String.raw`|^(sponsored|similar|related) (items|products)\b|\bother items\b|^more from\b` +
    String.raw`|^(other|suggested) (posts|topics|threads|discussions|questions)\b` +
    String.raw`|\b(check out|see) (other |more )?related\b|^related:?$` +
    String.raw`|^(related|recommended|popular|recent|latest|more|trending|featured) ` +
    String.raw`(posts|articles|stories|reads|news|guides|insights|resources|blogs?|blog posts)\b` +
    String.raw`|^from (our|the) blog\b|^read (next|also)\b` +
    String.raw`|^about the (author|authors|writer|reviewer|expert|editor|contributors?)\b` +
    String.raw`|^meet the (author|writer|expert)s?\b|^more videos$|^recently by\b` +
    String.raw`|^more (posts|articles|stories) (by|from)\b|^(recent|latest|popular) (post|article|story)$` +
    String.raw`|^popular:?$|^(table of contents|in this (article|post)|on this page):?$` +
    String.raw`|^(written|reviewed|fact[- ]checked|medically reviewed) by\b|^(products|items) related to\b` +
    String.raw`|\brelated (items|products|accessories)$|^similar brands\b|^sponsored by\b` +
    String.raw`|^(customers say|reviews? summary|top reviews( from [a-z ]+)?)$|^sponsored:?$` +
    String.raw`|^complete your (order|purchase|set|setup)\b|^(choose|select|pick) (your )?add-?ons\b` +
    String.raw`|^((most )?popular|recommended|compatible|suggested) accessories\b` +
    String.raw`|^(choose|select|pick) your (free )?accessories\b|^(add|shop) the essentials$` +
    String.raw`|^get everything you need$|^purchase options and add-?ons$`,
  'i',
);
/** The same wordings in the other languages most shops and papers use (French, German, Spanish, Italian, Dutch,
 *  Portuguese): "you may also like", "related/similar products", "customers also bought". ("Read also" in the
 *  twelve languages is vocabulary/readAlsoPromos.ts, matched by dropRecommendations beside these.) */
export const RECOMMENDATION_HEADING_INTL = new RegExp(
  String.raw`^(vous (aimerez|pourriez aimer|aimeriez) (aussi|également)|ils vont bien ensemble` +
    String.raw`|(produits|articles) (similaires|associés|liés|apparentés|recommandés)` +
    String.raw`|ähnliche (produkte|artikel|beiträge)` +
    String.raw`|verwandte (produkte|artikel|beiträge|themen)|das könnte (dir|ihnen|euch) auch gefallen` +
    String.raw`|kunden kauften auch|weitere (artikel|beiträge|produkte) (zum thema|aus|von)` +
    String.raw`|(productos|artículos) (relacionados|similares)|también te (puede|podría) (interesar|gustar)` +
    String.raw`|te puede interesar|(prodotti|articoli) (correlati|simili)` +
    String.raw`|(potrebbe|ti potrebbe) (interessarti|piacerti|interessare|piacere)` +
    String.raw`|gerelateerde (producten|artikelen)|(dit vind je|misschien) ook (leuk|interessant)` +
    String.raw`|(produtos|artigos) relacionados|(você|voce) também pode gostar)\b`,
  'i',
);
/** On a product page, headings naming the shop's shipping and returns policy ("Shipping & Returns", "Delivery and
 *  returns", "Free shipping & returns") or offering its help desk ("Need help with your order?", "Need help choosing
 *  gear?"): the block they open is the same policy or contact note on every product of the shop. */
export const SHOP_POLICY_HEADING = new RegExp(
  String.raw`^(free )?(shipping|delivery)( (information|info))? ?(&|and|\+) ?(free )?returns?` +
    String.raw`( (details|policy|information|info))?$|^need (help|advice|assistance)\b[^?]*\?$`,
  'i',
);
