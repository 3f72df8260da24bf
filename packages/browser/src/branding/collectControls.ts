import type { BrandingFacts } from '../types.js';
import type { DomHelpers } from './domHelpers.js';

// Runs in the page, sent as its source (see brandingScript.ts): no module scope, helpers come in as `h`.

/**
 * The page's interactive styles: links (the first `max`, grouped by colour, background and place, characters
 * summed), buttons (the first `maxButtons` visible, in document order, with their class, text and area) and form
 * inputs (the first 20). A link styled as a button (`a.btn`, `a.cta`...) is marked `button`, not a link colour.
 */
export function collectControls(
  max: number,
  maxButtons: number,
  h: DomHelpers,
): Pick<BrandingFacts, 'links' | 'buttons' | 'inputs'> {
  const buttonSelector =
    'button, input[type=submit], input[type=button], [role=button], a[class*=btn], a[class*=button], a[class*=cta]';
  const linksByStyle = new Map<string, BrandingFacts['links'][number]>();
  for (const a of Array.from(document.querySelectorAll('a[href]')).slice(0, max)) {
    if (!h.visible(a)) continue;
    const cs = getComputedStyle(a);
    const link = {
      color: cs.color,
      background: cs.backgroundColor,
      chars: (a.textContent ?? '').trim().length,
      inNav: a.closest('nav, header, footer') !== null,
      inText: a.closest('p, li, td, dd, blockquote') !== null,
      button: a.matches(buttonSelector),
    };
    const key = `${link.color}|${link.background}|${link.inNav}|${link.inText}|${link.button}`;
    const known = linksByStyle.get(key);
    if (known) known.chars += link.chars;
    else linksByStyle.set(key, link);
  }
  const links = [...linksByStyle.values()];

  const buttons: BrandingFacts['buttons'] = [];
  for (const el of Array.from(document.querySelectorAll(buttonSelector))) {
    if (buttons.length >= maxButtons) break;
    if (!h.visible(el)) continue;
    const r = el.getBoundingClientRect();
    const style = h.styleOf(el)!;
    buttons.push({
      ...style,
      className: `${typeof el.className === 'string' ? el.className : ''} ${el.id}`.trim(),
      text: ((el as HTMLInputElement).value || el.textContent || '').trim().slice(0, 80),
      area: Math.round(r.width * r.height),
    });
  }

  const inputs: BrandingFacts['inputs'] = [];
  for (const el of Array.from(
    document.querySelectorAll(
      'input:not([type=submit]):not([type=button]):not([type=hidden]):not([type=checkbox]):not([type=radio]), ' +
        'textarea, select',
    ),
  ).slice(0, 20)) {
    if (!h.visible(el)) continue;
    inputs.push(h.styleOf(el)!);
  }
  return { links, buttons, inputs };
}
