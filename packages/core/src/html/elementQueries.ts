// closest() and querySelector() for the questions asked of many elements ("inside an <article>?", "holds an
// <h1>?"), answered with a plain test per element: linkedom compiles the selector anew on every call, which cost
// more than the walk itself. Each test reads as the selector it stands for (named beside its callers); tag names
// compare lower-cased, as a selector engine compares them in HTML.

/** Whether the element's tag is one of `tags` (lower-case names). */
export function hasTag(el: Element, tags: ReadonlySet<string>): boolean {
  const name = el.localName;
  if (tags.has(name)) return true;
  const lower = name.toLowerCase();
  return lower !== name && tags.has(lower);
}

/** As `el.closest(selector)` for the selector `test` stands for: `el` itself or its nearest ancestor element that
 *  passes, else null. */
export function closestWhere(el: Element, test: (e: Element) => boolean): Element | null {
  for (let at: Element | null = el; at !== null; at = at.parentElement) if (test(at)) return at;
  return null;
}

/** As `el.querySelector(selector)` for the selector `test` stands for: the first descendant element in document
 *  order that passes (the contents of a <template> are not searched, as linkedom does not), else null. */
export function firstDescendantWhere(el: Element, test: (e: Element) => boolean): Element | null {
  let at: Element | null = el.firstElementChild;
  while (at !== null) {
    if (test(at)) return at;
    let next: Element | null = at.localName === 'template' ? null : at.firstElementChild;
    for (let up: Element | null = at; next === null && up !== null && up !== el; up = up.parentElement)
      next = up.nextElementSibling;
    at = next;
  }
  return null;
}
